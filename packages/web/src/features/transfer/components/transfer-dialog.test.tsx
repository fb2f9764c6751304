import {
  ALL_TICKS,
  defaultState,
  exportSettings,
  getModel,
  signTransferFile,
  type DeviceState,
  type TransferFile,
} from '@rackside/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInProviders } from '../../../testing/render-in-providers';
import { TransferDialog } from './transfer-dialog';

const target = getModel('354N');
const stateOf = (id: string): DeviceState => structuredClone(defaultState(getModel(id)));

function renderDialog(set = vi.fn((_url: string, _params: Record<string, unknown>) => Promise.resolve('OK'))) {
  const state = stateOf('354N');
  const view = renderInProviders(
    <TransferDialog open onClose={() => undefined} deviceName="Stage" model={target} state={state} set={set} />,
  );
  return { ...view, set, state, dialog: screen.getByRole('dialog', { name: 'Import/Export' }) };
}

const jsonFile = (content: unknown, name = 'settings.json') =>
  new File([typeof content === 'string' ? content : JSON.stringify(content)], name, { type: 'application/json' });

async function choose(view: ReturnType<typeof renderDialog>, file: File) {
  await view.user.upload(screen.getByTestId('transfer-file-input'), file);
}

/** A file exported from an 8-channel ADSP amp with two channel names and an EQ band changed. */
function otherModelFile(): TransferFile {
  const file = exportSettings(stateOf('CDS-508-ADSP'), getModel('CDS-508-ADSP'), ALL_TICKS);
  const ch = (n: string) =>
    file.channels[n] as { output: { name: string }; outputEqFilters: Record<string, { gain: number }> };
  ch('1').output.name = 'Left';
  ch('2').output.name = 'Right';
  ch('1').outputEqFilters['1']!.gain = 3;
  return file;
}

// jsdom has no Blob URLs: the test stands in for them and puts the originals back
const BLOB_URL_METHODS = ['createObjectURL', 'revokeObjectURL'] as const;
const saved = BLOB_URL_METHODS.map((m) => Object.getOwnPropertyDescriptor(URL, m));
beforeEach(() => {
  for (const m of BLOB_URL_METHODS) {
    Object.defineProperty(URL, m, { configurable: true, writable: true, value: vi.fn(() => 'blob:settings') });
  }
});
afterEach(() => {
  BLOB_URL_METHODS.forEach((m, i) => {
    const d = saved[i];
    if (d) Object.defineProperty(URL, m, d);
    else Reflect.deleteProperty(URL, m);
  });
});

describe('Import/Export dialog (spec 3 §2–§4)', () => {
  it('exports with every tick on after 250 ms, as {deviceName}-settings.json', async () => {
    const view = renderDialog();
    const exportTicks = within(view.dialog).getByRole('group', { name: 'Export' });
    for (const box of within(exportTicks).getAllByRole('checkbox')) expect(box).toBeChecked();
    await view.user.click(within(exportTicks).getByRole('checkbox', { name: 'Channels' }));
    expect(within(exportTicks).getByRole('checkbox', { name: 'EQ' })).toBeDisabled();
    await view.user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('status')).toHaveTextContent('Preparing the file…');
    const link = await screen.findByRole('link', { name: 'Download Stage-settings.json' });
    expect(link).toHaveAttribute('download', 'Stage-settings.json');
    expect(link).toHaveAttribute('href', 'blob:settings');
  });

  it('enables Import only with a loaded file and a ticked section', async () => {
    const view = renderDialog();
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await choose(view, jsonFile(otherModelFile()));
    await waitFor(() => expect(importButton).toBeEnabled());
    const ticks = within(view.dialog).getByRole('group', { name: 'Import' });
    for (const name of ['Network', 'Amp', 'Channels', 'GPIO']) {
      await view.user.click(within(ticks).getByRole('checkbox', { name }));
    }
    expect(importButton).toBeDisabled();
    await view.user.click(within(ticks).getByRole('checkbox', { name: 'Amp' }));
    expect(importButton).toBeEnabled();
  });

  it('refuses a corrupt file and a tampered signed file, and hides the ticks of a locked file', async () => {
    const view = renderDialog();
    await choose(view, jsonFile('{"network": '));
    expect(await screen.findByText('Failed to import: invalid or corrupted file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    const signed = await signTransferFile(otherModelFile(), 'amp-1');
    await choose(view, jsonFile({ ...signed, amp: { ...signed.amp, tampered: 1 } }));
    expect(await screen.findByText('Amp settings failed to import. Invalid signature')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    await choose(
      view,
      jsonFile({ ...otherModelFile(), lockedProperties: { groups: { g1: { key: 'k', properties: [] } } } }),
    );
    expect(await screen.findByText('Some settings are locked and hidden.')).toBeInTheDocument();
    expect(within(view.dialog).queryByRole('group', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('previews the changes by channel and the unsupported items of another model’s file', async () => {
    const view = renderDialog();
    await choose(view, jsonFile(otherModelFile()));
    const ch1 = await screen.findByRole('list', { name: 'Channel 1' });
    expect(ch1).toHaveTextContent('Channel name · output/name');
    expect(ch1).toHaveTextContent(/→ "Left"/);
    expect(ch1).toHaveTextContent(/EQ · outputEqFilters\/1\/gain.*→ 3/);
    expect(screen.getByRole('list', { name: 'Channel 2' })).toHaveTextContent(/→ "Right"/);
    const unsupported = screen.getByRole('list', { name: 'Not supported by this amp (will be skipped)' });
    expect(unsupported).toHaveTextContent('/amp/channels/5 value is unsupported');
    expect(unsupported).toHaveTextContent('/amp/channels/1/inputIirEqFilters value is unsupported');
  });

  it('sends the sets to the amp and shows the result with the unsupported items', async () => {
    const view = renderDialog();
    await choose(view, jsonFile(otherModelFile()));
    await view.user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import Succeeded with errors:')).toBeInTheDocument();
    expect(screen.getByText('/amp/channels/5 value is unsupported')).toBeInTheDocument();
    expect(view.set).toHaveBeenCalledWith('/amp/channels/1/output', expect.objectContaining({ name: 'Left' }));
    expect(view.set).toHaveBeenCalledWith('/amp/channels/2/output', expect.objectContaining({ name: 'Right' }));
    expect(view.set).toHaveBeenCalledWith('/amp/channels/1/outputEqFilters/1', { gain: 3 });
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('says "Import Succeeded!" when the file fits the amp', async () => {
    const view = renderDialog();
    const file = exportSettings(stateOf('354N'), target, ALL_TICKS);
    (file.channels['3'] as { output: { name: string } }).output.name = 'Sub';
    await choose(view, jsonFile(file));
    await view.user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import Succeeded!')).toBeInTheDocument();
    expect(view.set).toHaveBeenCalledTimes(1);
  });

  it('on a failing set says what was applied and restores the previous values', async () => {
    let calls = 0;
    const set = vi.fn((_url: string, _params: Record<string, unknown>) =>
      ++calls === 2 ? Promise.reject(new Error('refused')) : Promise.resolve('OK'),
    );
    const view = renderDialog(set);
    await choose(view, jsonFile(otherModelFile()));
    await view.user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Failed to import!')).toBeInTheDocument();
    expect(screen.getByText(/The import stopped: 1 of \d+ settings were applied\./)).toBeInTheDocument();
    const [firstUrl, firstParams] = set.mock.calls[0]!;
    set.mockClear();
    await view.user.click(screen.getByRole('button', { name: 'Restore previous settings' }));
    expect(await screen.findByText('The previous settings were restored.')).toBeInTheDocument();
    const leaf = Object.keys(firstParams)[0]!;
    const segs = `${firstUrl}/${leaf}`.split('/').filter(Boolean);
    const previous = segs.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], view.state);
    expect(set).toHaveBeenCalledWith(firstUrl, { [leaf]: previous });
  });
});
