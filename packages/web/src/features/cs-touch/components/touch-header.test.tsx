import { screen, waitFor, within } from '@testing-library/react';
import type { TouchConfiguration } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { touchEditorActions } from '../store/touch-editor-slice';
import { CONFIG, PANEL, SUB_LEFT, renderWithPanel } from './touch-chrome.test-utils';
import { TouchHeader } from './touch-header';

const DIRTY = { draft: { ...CONFIG, groups: [] } };

const jsonFile = (content: unknown, name = 'panel.json') =>
  new File([typeof content === 'string' ? content : JSON.stringify(content)], name, { type: 'application/json' });

async function openMenuItem(view: ReturnType<typeof renderWithPanel>, item: RegExp) {
  await view.user.click(screen.getByRole('button', { name: /configuration menu/i }));
  await view.user.click(await screen.findByRole('menuitem', { name: item }));
}

// jsdom has no Blob URLs: the test stands in for them and puts the originals back
const BLOB_URL_METHODS = ['createObjectURL', 'revokeObjectURL'] as const;
const saved = BLOB_URL_METHODS.map((m) => Object.getOwnPropertyDescriptor(URL, m));
const blobs: Blob[] = [];
beforeEach(() => {
  blobs.length = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:touch-export';
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
});
afterEach(() => {
  BLOB_URL_METHODS.forEach((m, i) => {
    const d = saved[i];
    if (d) Object.defineProperty(URL, m, d);
    else Reflect.deleteProperty(URL, m);
  });
  vi.restoreAllMocks();
});

describe('CS Touch header (spec 3 §2/§4)', () => {
  it('names the configuration, or the panel while the configuration has no name', () => {
    renderWithPanel(<TouchHeader />);
    expect(screen.getByRole('heading', { level: 1, name: 'Lobby' })).toBeInTheDocument();
  });

  it('falls back to the panel name', () => {
    renderWithPanel(<TouchHeader />, { edit: { saved: null } });
    expect(screen.getByRole('heading', { level: 1, name: PANEL.name })).toBeInTheDocument();
  });

  it('shows Cancel and Save only with unsaved changes; Cancel discards them', async () => {
    const view = renderWithPanel(<TouchHeader />);
    expect(screen.queryByRole('button', { name: /^save$/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^cancel$/i })).not.toBeInTheDocument();

    await openMenuItem(view, /rename/i);
    const dialog = await screen.findByRole('dialog', { name: /rename configuration/i });
    const field = within(dialog).getByRole('textbox', { name: /name/i });
    await view.user.clear(field);
    await view.user.type(field, 'Atrium');
    await view.user.click(within(dialog).getByRole('button', { name: /^save$/i }));

    expect(view.dispatched).toContainEqual(touchEditorActions.renamed({ id: PANEL.id, name: 'Atrium' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Atrium' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: /^cancel$/i }));
    expect(view.dispatched).toContainEqual(touchEditorActions.discarded({ id: PANEL.id }));
    expect(screen.getByRole('heading', { level: 1, name: 'Lobby' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^save$/i })).not.toBeInTheDocument();
  });

  it('keeps Rename disabled for 51 characters, with the count and why', async () => {
    const view = renderWithPanel(<TouchHeader />);
    await openMenuItem(view, /rename/i);
    const dialog = await screen.findByRole('dialog', { name: /rename configuration/i });
    const field = within(dialog).getByRole('textbox', { name: /name/i });
    const save = within(dialog).getByRole('button', { name: /^save$/i });
    await view.user.clear(field);
    expect(save).toBeDisabled();
    await view.user.click(field);
    await view.user.paste('x'.repeat(51));
    expect(save).toBeDisabled();
    expect(within(dialog).getByText('51/50')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/at most 50 characters/i);
    await view.user.type(field, '{Backspace}');
    expect(save).toBeEnabled();
    expect(within(dialog).getByText('50/50')).toBeInTheDocument();
  });

  it('refuses an invalid import file and changes nothing', async () => {
    const view = renderWithPanel(<TouchHeader />);
    await openMenuItem(view, /import settings/i);
    const dialog = await screen.findByRole('dialog', { name: /import settings/i });
    const importButton = within(dialog).getByRole('button', { name: /^import$/i });
    expect(importButton).toBeDisabled();

    await view.user.upload(within(dialog).getByLabelText(/choose file/i), jsonFile('{ not json'));
    expect(await within(dialog).findByText(/failed to import settings/i)).toBeInTheDocument();
    expect(importButton).toBeDisabled();

    await view.user.upload(within(dialog).getByLabelText(/choose file/i), jsonFile({ version: 1, groups: [{}] }));
    await waitFor(() => expect(within(dialog).getByText(/file: panel\.json/i)).toBeInTheDocument());
    expect(await within(dialog).findByText(/failed to import settings/i)).toBeInTheDocument();
    expect(importButton).toBeDisabled();
    expect(view.dispatched).toEqual([]);
  });

  it('imports a valid file under the current name, keeping only volume and source groups', async () => {
    const view = renderWithPanel(<TouchHeader />);
    await openMenuItem(view, /import settings/i);
    const dialog = await screen.findByRole('dialog', { name: /import settings/i });
    const source: TouchConfiguration['groups'][number] = { type: 'sourceSelect', name: 'Inputs', states: [] };
    const file = { version: 1, name: 'Elsewhere', groups: [source, { type: 'scene', name: 'Other' }] };
    await view.user.upload(within(dialog).getByLabelText(/choose file/i), jsonFile(file));
    const importButton = within(dialog).getByRole('button', { name: /^import$/i });
    await waitFor(() => expect(importButton).toBeEnabled());
    expect(within(dialog).getByText(/1 group is ready to import into lobby/i)).toBeInTheDocument();

    await view.user.click(importButton);
    expect(view.dispatched).toEqual([
      touchEditorActions.imported({ id: PANEL.id, config: { name: 'Lobby', groups: [source] } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /^save$/i })).toBeInTheDocument();
  });

  it('exports the shown configuration as cs-touch-export.json', async () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const view = renderWithPanel(<TouchHeader />, { edit: DIRTY });
    await openMenuItem(view, /export settings/i);

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('cs-touch-export.json');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:touch-export');
    expect(JSON.parse(await blobs[0]!.text())).toEqual({ version: 1, name: 'Lobby', groups: [] });
    expect(clicked[0]?.isConnected).toBe(false);
  });

  it('shows the export error when no download URL can be made', async () => {
    URL.createObjectURL = vi.fn(() => {
      throw new Error('no blob URLs here');
    });
    const view = renderWithPanel(<TouchHeader />);
    await openMenuItem(view, /export settings/i);
    expect(view.edit().error).toBe('Failed to generate export URL');
  });

  it('saves at once when nothing conflicts', async () => {
    const view = renderWithPanel(<TouchHeader />, { edit: DIRTY });
    await view.user.click(screen.getByRole('button', { name: /^save$/i }));
    expect(view.save).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the saving progress and keeps Cancel unusable meanwhile', () => {
    renderWithPanel(<TouchHeader />, { edit: { ...DIRTY, saving: true } });
    const save = screen.getByRole('button', { name: /save/i });
    expect(save).toBeDisabled();
    expect(within(save).getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^cancel$/i })).toBeDisabled();
  });

  it('lists the conflicts before saving: Back to editing does not save, Save anyway does', async () => {
    const main = CONFIG.groups[0]!;
    const conflicting: TouchConfiguration = { name: 'Lobby', groups: [main, { ...main, name: 'Bar' }] };
    const offline = { ...SUB_LEFT, online: false };
    const view = renderWithPanel(<TouchHeader />, { edit: { draft: conflicting, lockIgnored: true }, amps: [offline] });

    await view.user.click(screen.getByRole('button', { name: /^save$/i }));
    let dialog = await screen.findByRole('dialog', { name: /check before saving/i });
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Sub Left is offline: the panel cannot control it now.',
      'Channel 1 of Sub Left is in more than one group: Main and Bar.',
      'Channel 2 of Sub Left is in more than one group: Main and Bar.',
    ]);
    await view.user.click(within(dialog).getByRole('button', { name: /back to editing/i }));
    expect(view.save).not.toHaveBeenCalled();

    await view.user.click(screen.getByRole('button', { name: /^save$/i }));
    dialog = await screen.findByRole('dialog', { name: /check before saving/i });
    await view.user.click(within(dialog).getByRole('button', { name: /save anyway/i }));
    expect(view.save).toHaveBeenCalledTimes(1);
  });

  it('hides Cancel and Save while the save lock is on', () => {
    const edit = { draft: { ...CONFIG, name: 'Atrium' } };
    renderWithPanel(<TouchHeader />, { edit, amps: [{ ...SUB_LEFT, online: false }] });
    expect(screen.getByRole('heading', { level: 1, name: 'Atrium' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^save$/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^cancel$/i })).not.toBeInTheDocument();
  });

  it('saves on Ctrl+S when there are unsaved changes', async () => {
    const view = renderWithPanel(<TouchHeader />, { edit: DIRTY });
    await view.user.keyboard('{Control>}s{/Control}');
    expect(view.save).toHaveBeenCalledTimes(1);
  });

  it('does nothing on Ctrl+S without changes, nor from inside a dialog', async () => {
    let view = renderWithPanel(<TouchHeader />);
    await view.user.keyboard('{Control>}s{/Control}');
    expect(view.save).not.toHaveBeenCalled();
    view.unmount();

    view = renderWithPanel(<TouchHeader />, { edit: DIRTY });
    await openMenuItem(view, /rename/i);
    await screen.findByRole('dialog', { name: /rename configuration/i });
    await view.user.keyboard('{Control>}s{/Control}');
    expect(view.save).not.toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    const view = renderWithPanel(<TouchHeader />, { edit: DIRTY, language: 'es' });
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Menú de la configuración' }));
    expect(await screen.findByRole('menuitem', { name: 'Exportar ajustes' })).toBeInTheDocument();
  });
});
