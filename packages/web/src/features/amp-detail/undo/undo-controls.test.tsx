import { DeviceErrorCode } from '@rackside/protocol';
import { DeviceCallError } from '@rackside/device-client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WriteHistory } from '../../../device/undo/write-history';
import { fakeManager } from '../../../testing/fake-manager';
import { devicesWith } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const AMP = '10.0.0.1';
const OUTPUT = '/amp/channels/1/output';

/** A fake manager that keeps a real history; undo and redo are mocks that move entries as the manager would. */
function managerWithHistory() {
  const history = new WriteHistory();
  history.record(AMP, OUTPUT, { mute: false }, { mute: true }, 0);
  history.record(AMP, '/amp/channels/2/outputEqFilters/3', { gain: 6 }, { gain: 3 }, 10_000);
  const write = vi.fn(() => Promise.resolve());
  const manager = {
    ...fakeManager(),
    history,
    undo: vi.fn((ampId: string) => history.undo(ampId, write)),
    redo: vi.fn((ampId: string) => history.redo(ampId, write)),
  };
  return { manager, history, write };
}

function renderDetail(manager: ReturnType<typeof managerWithHistory>['manager']) {
  return renderApp({
    path: `/amps/${AMP}/channels/1/settings`,
    preloaded: { devices: devicesWith([{ ip: AMP, name: 'Main' }]) },
    manager,
  });
}

describe('undo in the amp detail (issue 18)', () => {
  it('Ctrl+Z undoes and Ctrl+Shift+Z, Ctrl+Y and Cmd+Shift+Z redo, but not while typing in a text field', async () => {
    const { manager, history } = managerWithHistory();
    // one change to undo and one to redo, and undo/redo that leave them there
    await history.undo(AMP, () => Promise.resolve());
    manager.undo.mockImplementation(() => Promise.resolve(true));
    manager.redo.mockImplementation(() => Promise.resolve(true));
    const { user } = renderDetail(manager);
    await screen.findByRole('heading', { name: 'Main', level: 1 });
    await user.keyboard('{Control>}z{/Control}');
    expect(manager.undo).toHaveBeenCalledTimes(1);
    expect(manager.undo).toHaveBeenCalledWith(AMP);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await user.keyboard('{Control>}y{/Control}');
    await user.keyboard('{Meta>}{Shift>}z{/Shift}{/Meta}');
    expect(manager.redo).toHaveBeenCalledTimes(3);
    await user.keyboard('{Meta>}z{/Meta}');
    expect(manager.undo).toHaveBeenCalledTimes(2);

    // the channel's name field keeps the browser's own text undo
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.keyboard('{Control>}z{/Control}{Control>}{Shift>}z{/Shift}{/Control}{Control>}y{/Control}');
    expect(manager.undo).toHaveBeenCalledTimes(2);
    expect(manager.redo).toHaveBeenCalledTimes(3);
  });

  it('Ctrl+Y pressed before the amp has taken the Ctrl+Z still redoes it (the steps queue)', async () => {
    const { manager, history } = managerWithHistory();
    let release: () => void = () => undefined;
    const slow = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    manager.undo.mockImplementation((ampId: string) => history.undo(ampId, slow));
    manager.redo.mockImplementation((ampId: string) => history.redo(ampId, slow));
    const { user } = renderDetail(manager);
    await screen.findByRole('heading', { name: 'Main', level: 1 });
    await user.keyboard('{Control>}z{/Control}');
    // the undo's write is still on its way: nothing to redo yet on screen
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
    await user.keyboard('{Control>}y{/Control}');
    expect(manager.redo).toHaveBeenCalledTimes(1);
    release();
    await waitFor(() => expect(slow).toHaveBeenCalledTimes(2));
    release();
    // undone then redone: the change is back on the undo stack, nothing left to redo
    await waitFor(() => expect(history.historyOf(AMP).redo).toHaveLength(0));
    expect(history.historyOf(AMP).undo).toHaveLength(2);
    expect(slow).toHaveBeenLastCalledWith(AMP, '/amp/channels/2/outputEqFilters/3', { gain: 3 });
  });

  it('Undo and Redo buttons step through the history, disabled when there is nothing to step to', async () => {
    const { manager, history } = managerWithHistory();
    const { user } = renderDetail(manager);
    const undo = await screen.findByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(redo).toBeDisabled();
    // the button itself tells what it would undo (not only the tooltip's wrapper)
    expect(undo).toHaveAccessibleDescription('Undo: Ch 2 EQ band 3 gain +6.0 → +3.0 dB');
    await user.click(undo);
    await user.click(undo);
    await waitFor(() => expect(undo).toBeDisabled());
    expect(history.historyOf(AMP).undo).toHaveLength(0);
    expect(redo).toBeEnabled();
    await user.click(redo);
    await waitFor(() => expect(undo).toBeEnabled());
    expect(history.historyOf(AMP).undo).toHaveLength(1);
  });

  it('lists the changes for a human, newest first; choosing one undoes it and every later change', async () => {
    const { manager, history } = managerWithHistory();
    const { user } = renderDetail(manager);
    await user.click(await screen.findByRole('button', { name: 'Change history' }));
    const menu = await screen.findByRole('menu', { name: 'Change history' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Ch 2 EQ band 3 gain +6.0 → +3.0 dB', 'Ch 1 mute off → on']);
    await user.click(items[1]!);
    await waitFor(() => expect(manager.undo).toHaveBeenCalledTimes(2));
    expect(history.historyOf(AMP).redo.map((e) => e.url)).toEqual(['/amp/channels/2/outputEqFilters/3', OUTPUT]);
  });

  it('an undo the amp refuses shows an error and leaves the history', async () => {
    const { manager, history, write } = managerWithHistory();
    write.mockRejectedValueOnce(new DeviceCallError(DeviceErrorCode.Forbidden, 'no', 'set', OUTPUT));
    const { user } = renderDetail(manager);
    const before = history.historyOf(AMP);
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Undo failed: the amp refused the change');
    expect(history.historyOf(AMP)).toBe(before);
  });

  it('leaves the buttons disabled while the amp is not connected', async () => {
    const { manager } = managerWithHistory();
    const { user } = renderApp({
      path: `/amps/${AMP}/channels/1/settings`,
      preloaded: { devices: devicesWith([{ ip: AMP, name: 'Main', connection: 'FAILED', everConnected: true }]) },
      manager,
    });
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeDisabled();
    await user.keyboard('{Control>}z{/Control}');
    expect(manager.undo).not.toHaveBeenCalled();
  });
});
