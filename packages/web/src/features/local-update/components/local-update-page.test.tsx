import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { FIRMWARE_MESSAGES, type DeviceDelta } from '@rackside/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deltasReceived } from '../../../device/store/devices-slice';
import { devicesWith } from '../../../testing/fixtures';
import { renderInProviders } from '../../../testing/render-in-providers';
import en from '../../../shared/i18n/locales/en/local-update.json';
import type { FirmwareUploadResult } from '../upload';
import type { UploadToAmp } from '../use-local-update';
import { LocalUpdatePage } from './local-update-page';

const AMPS = [
  { ip: '10.0.0.1', name: 'Main Left', model: '704D' },
  { ip: '10.0.0.2', name: 'Main Right', model: '354N' },
  { ip: '10.0.0.3', name: 'Front Fill', model: '124D' },
  { ip: '10.0.0.4', name: 'Lobby', model: '704D', connection: 'FAILED' as const, everConnected: true },
];
const IMAGE = () => new File([new Uint8Array(64)], 'ASBT-1.6.0.0.tar.xz.enc');
/** Bytes standing in for an image, distinct per label. */
const image = (label: string) => strToU8(`${label} `.repeat(50));
const releaseZip = (entries: Zippable) => new File([zipSync(entries)], 'release.zip');

function open(upload: UploadToAmp) {
  const view = renderInProviders(<LocalUpdatePage upload={upload} />, { preloaded: { devices: devicesWith(AMPS) } });
  // the file input restricts its dialog to .enc; a user can still pick any file
  return { ...view, user: userEvent.setup({ applyAccept: false }) };
}

const amp = (name: string) => screen.getByRole('checkbox', { name });
const fileInput = () => screen.getByLabelText('Firmware file', { selector: 'input' });
type Store = ReturnType<typeof renderInProviders>['store'];
const misc = (store: Store, ampId: string, m: NonNullable<DeviceDelta['misc']>) =>
  act(() => void store.dispatch(deltasReceived([{ ampId, delta: { misc: m } }])));

afterEach(() => vi.useRealTimers());

describe('local firmware update page (spec 3 §2/§4)', () => {
  it('needs a file and a fitting amp; select all takes the connected amps; other families are not updated', async () => {
    const { user } = open(vi.fn());
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    expect(screen.getByText(en.needs.file)).toBeInTheDocument();
    expect(amp('Lobby')).toBeDisabled();
    expect(screen.getByText('Offline')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect([amp('Main Left'), amp('Main Right'), amp('Front Fill')].every((c) => (c as HTMLInputElement).checked)).toBe(
      true,
    );
    await user.upload(fileInput(), IMAGE());
    expect(screen.getByText('ASBT image, version 1.6.0.0')).toBeInTheDocument();
    expect(screen.getByText('No fitting image (needs a DLS image): not updated')).toBeInTheDocument();
    expect(screen.getByText('Amps to update: 2 of 3')).toBeInTheDocument();
    expect(update).toBeEnabled();
  });

  it('refuses a damaged zip or a bad name with a clear error, keeping the file chosen before', async () => {
    const { user } = open(vi.fn());
    await user.upload(fileInput(), IMAGE());
    await user.upload(fileInput(), new File(['PK this is no zip'], 'release.zip'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'release.zip could not be read as a zip: it is damaged or not a zip file. Nothing was started. ' +
        'The file chosen before is kept.',
    );
    expect(screen.getByText('ASBT-1.6.0.0.tar.xz.enc')).toBeInTheDocument();
    await user.upload(fileInput(), new File(['x'], 'ASBT-1.6.tar.xz.enc'));
    expect(await screen.findByText(/ASBT-1.6.tar.xz.enc is not a valid image name/)).toBeInTheDocument();
  });

  it('from a release zip, sends each amp the image of its family and says which before starting', async () => {
    const upload = vi.fn<UploadToAmp>(() => Promise.resolve({ ok: true, message: 'firmware update started' }));
    const { user } = open(upload);
    const zip = releaseZip({
      'release-1.6/ASBT-1.6.0.0.tar.xz.enc': image('ASBT'),
      'release-1.6/ASBT-1.5.0.0.tar.xz.enc': image('ASBT old'),
      'release-1.6/DLS-1.6.0.1.tar.xz.enc': image('DLS'),
      'release-1.6/notes.md': strToU8('# Release 1.6'),
    });
    await user.upload(fileInput(), zip);
    expect(await screen.findByText('Release zip with images: DLS 1.6.0.1, ASBT 1.6.0.0')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Several ASBT images in the zip: the newest, ASBT-1.6.0.0.tar.xz.enc, is used; not used: ASBT-1.5.0.0.tar.xz.enc.',
      ),
    ).toBeInTheDocument();
    const rowOf = (name: string) => amp(name).closest('li') as HTMLElement;
    expect(rowOf('Main Left')).toHaveTextContent('Image for this amp: ASBT-1.6.0.0.tar.xz.enc');
    expect(rowOf('Main Right')).toHaveTextContent('Image for this amp: ASBT-1.6.0.0.tar.xz.enc');
    expect(rowOf('Front Fill')).toHaveTextContent('Image for this amp: DLS-1.6.0.1.tar.xz.enc');

    await user.click(amp('Main Left'));
    await user.click(amp('Front Fill'));
    expect(screen.getByText('Amps to update: 2 of 2')).toBeInTheDocument();
    // keyboard: Update is reached and pressed without a pointer
    screen.getByRole('button', { name: 'Update' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('timer');
    expect(upload.mock.calls.map((c) => [c[0], c[2]])).toEqual([
      ['10.0.0.3', 'DLS-1.6.0.1.tar.xz.enc'],
      ['10.0.0.1', 'ASBT-1.6.0.0.tar.xz.enc'],
    ]);
    const sent = await Promise.all(upload.mock.calls.map(async (c) => [...new Uint8Array(await c[1].arrayBuffer())]));
    expect(sent).toEqual([[...image('DLS')], [...image('ASBT')]]);
  });

  it('does not update an amp whose family the zip lacks, saying so on that amp', async () => {
    const upload = vi.fn<UploadToAmp>(() => Promise.resolve({ ok: true, message: 'firmware update started' }));
    const { user } = open(upload);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.upload(fileInput(), releaseZip({ 'ASBT-1.6.0.0.tar.xz.enc': image('ASBT') }));
    expect(await screen.findByText('Release zip with images: ASBT 1.6.0.0')).toBeInTheDocument();
    const front = amp('Front Fill').closest('li') as HTMLElement;
    expect(front).toHaveTextContent('No fitting image (needs a DLS image): not updated');
    expect(screen.getByText('Amps to update: 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByRole('timer');
    expect(upload.mock.calls.map((c) => c[0])).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('refuses a zip without images and starts nothing', async () => {
    const upload = vi.fn<UploadToAmp>();
    const { user } = open(upload);
    await user.click(amp('Main Left'));
    await user.upload(fileInput(), releaseZip({ 'notes.md': strToU8('no images') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'release.zip holds no firmware image (files named PREFIX-a.b.c.d.tar.xz.enc). Nothing was started.',
    );
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(screen.getByText(en.needs.file)).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads to each amp with progress, then follows the amp to success; a refused upload fails', async () => {
    const pending = new Map<string, (r: FirmwareUploadResult) => void>();
    const progress = new Map<string, (f: number) => void>();
    const upload = vi.fn<UploadToAmp>(
      (ampId, _image, _name, onProgress) =>
        new Promise((resolve) => {
          pending.set(ampId, resolve);
          progress.set(ampId, onProgress);
        }),
    );
    const { user, store } = open(upload);
    await user.click(amp('Main Left'));
    await user.click(amp('Main Right'));
    await user.upload(fileInput(), IMAGE());
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(upload.mock.calls.map((c) => [c[0], c[2]])).toEqual([
      ['10.0.0.1', 'ASBT-1.6.0.0.tar.xz.enc'],
      ['10.0.0.2', 'ASBT-1.6.0.0.tar.xz.enc'],
    ]);
    act(() => progress.get('10.0.0.1')?.(0.5));
    const left = screen.getByRole('listitem', { name: 'Main Left' });
    const right = screen.getByRole('listitem', { name: 'Main Right' });
    expect(within(left).getByText('Uploading 50 %')).toBeInTheDocument();
    expect(within(left).getByRole('progressbar', { name: 'Upload to Main Left' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByText('Sending the image…')).toBeInTheDocument();

    await act(async () => {
      pending.get('10.0.0.1')?.({ ok: true, message: 'firmware update started' });
      pending.get('10.0.0.2')?.({ ok: false, message: 'a firmware update is already in progress' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('timer', { name: 'Time remaining' })).toHaveTextContent('05:00');
    expect(within(left).getByText('Starting')).toBeInTheDocument();
    expect(within(right).getByText(FIRMWARE_MESSAGES.uploadFailedShort)).toBeInTheDocument();
    expect(within(right).getByText('The amp answered: a firmware update is already in progress')).toBeInTheDocument();

    misc(store, '10.0.0.1', { fwUpdateStatus: 'Decrypting' });
    expect(within(left).getByText('Decrypting')).toBeInTheDocument();
    misc(store, '10.0.0.1', {
      fwUpdateStatus: 'ExtractionComplete',
      psFwUpdateStatus: 'ok',
      amp1FwUpdateStatus: 'Flashing',
    });
    expect(within(left).getByText('Power supply')).toBeInTheDocument();
    expect(within(left).getByText('Flashing')).toBeInTheDocument();
    misc(store, '10.0.0.1', {
      fwUpdateStatus: 'FinishedFlash',
      amp1FwUpdateStatus: 'ok',
      amp2FwUpdateStatus: 'ok',
    });
    expect(within(left).getByText('Success')).toBeInTheDocument();
    expect(within(left).getByText('Finished, components flashed')).toBeInTheDocument();
    expect(screen.getByText('Firmware update failed on 1 of 2 amps.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New update' }));
    expect((amp('Main Left') as HTMLInputElement).checked).toBe(true);
  });

  it('says "Firmware upload failed" when no amp took the image, with the amp’s failure status otherwise', async () => {
    const upload = vi.fn<UploadToAmp>(() => Promise.resolve({ ok: false, message: '', reason: 'network' }));
    const { user } = open(upload);
    await user.click(amp('Main Left'));
    await user.upload(fileInput(), IMAGE());
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(FIRMWARE_MESSAGES.uploadFailed)).toBeInTheDocument();
    expect(screen.getByText('The amp could not be reached.')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('00:00');
  });

  it('counts down, and notes the touch controllers’ restart once the update succeeded and the countdown is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const devices = devicesWith([
      {
        ...AMPS[0]!,
        patch: {
          NSTProxy: {
            enable: true,
            devices: {
              '10.0.2.1': {
                ipAddress: '10.0.2.1',
                name: 'Lobby Touch',
                modelID: 'CS Touch',
                firmwareVersion: '1.0.0.0',
                online: true,
              },
            },
          },
        },
      },
    ]);
    const upload = vi.fn<UploadToAmp>(() => Promise.resolve({ ok: true, message: 'firmware update started' }));
    const view = renderInProviders(<LocalUpdatePage upload={upload} />, { preloaded: { devices } });
    const user = userEvent.setup({ applyAccept: false, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(amp('Main Left'));
    await user.upload(fileInput(), IMAGE());
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(screen.getByRole('timer')).toHaveTextContent(/03:5\d/);
    misc(view.store, '10.0.0.1', { fwUpdateStatus: 'Downloading' });
    misc(view.store, '10.0.0.1', { fwUpdateStatus: 'Finished' });
    expect(screen.getByText(en.progress.overall.success)).toBeInTheDocument();
    expect(screen.queryByText(en.progress.restartNote)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(300_000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00');
    expect(screen.getByText(en.progress.restartNote)).toBeInTheDocument();
  });
});
