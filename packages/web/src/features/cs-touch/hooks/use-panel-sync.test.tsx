import { TOUCH_RECONNECT_DELAY_MS, TOUCH_SYNC_MS, type TouchConfiguration } from '@rackside/protocol';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceManagerProvider, type TouchPanelListing } from '../../../device';
import { fakeManager } from '../../../testing/fake-manager';
import { usePanelEdit, TouchEditorProvider } from '../store/touch-editor-context';
import { touchEditorActions } from '../store/touch-editor-slice';
import { usePanelSync } from './use-panel-sync';

const panel: TouchPanelListing = {
  id: '127.0.2.1',
  name: 'Lobby Touch',
  modelID: 'CS Touch',
  online: true,
  viaAmpId: '10.0.0.1',
  viaName: 'Rack A',
};
const config = (name: string): TouchConfiguration => ({ name, groups: [] });

function setup(touchConfig: (ampId: string, method: string, params: Record<string, unknown>) => Promise<unknown>) {
  const manager = { ...fakeManager(), touchConfig: vi.fn(touchConfig) };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DeviceManagerProvider manager={manager}>
      <TouchEditorProvider>{children}</TouchEditorProvider>
    </DeviceManagerProvider>
  );
  const hook = renderHook(() => ({ sync: usePanelSync(panel), ...usePanelEdit(panel.id) }), { wrapper });
  return { manager, hook };
}

const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

describe('touch panel sync and save (spec 3 §4, §7, §9)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('reads the configuration through the amp that proxies the panel, and again every 50 s', async () => {
    let n = 0;
    const { manager, hook } = setup(() => Promise.resolve({ requestId: 'x', payload: config(`v${++n}`) }));
    await flush();
    expect(manager.touchConfig).toHaveBeenCalledWith(
      '10.0.0.1',
      'getConfig',
      expect.objectContaining({ ipAddress: panel.id }),
    );
    expect(hook.result.current.edit.saved?.name).toBe('v1');
    await act(async () => void (await vi.advanceTimersByTimeAsync(TOUCH_SYNC_MS - 1)));
    expect(manager.touchConfig).toHaveBeenCalledTimes(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(hook.result.current.edit.saved?.name).toBe('v2');
  });

  it('tries again 5 s after a failed read, and says why it failed meanwhile', async () => {
    const answers = [
      Promise.reject(new Error('the CS Touch panel at 127.0.2.1 is offline')),
      Promise.resolve({ payload: config('back') }),
    ];
    const { manager, hook } = setup(() => answers.shift()!);
    await flush();
    expect(hook.result.current.edit.loadError).toMatch(/offline/);
    await act(async () => void (await vi.advanceTimersByTimeAsync(TOUCH_RECONNECT_DELAY_MS)));
    expect(manager.touchConfig).toHaveBeenCalledTimes(2);
    expect(hook.result.current.edit).toMatchObject({ loadError: null, saved: config('back') });
  });

  it('refuses a reply that is not a touch configuration', async () => {
    const { hook } = setup(() => Promise.resolve({ payload: { groups: 'nope' } }));
    await flush();
    expect(hook.result.current.edit.saved).toBeNull();
    expect(hook.result.current.edit.loadError).not.toBeNull();
  });

  it('Save sends the temporary copy with setConfig; a refusal keeps the copy and shows the reason', async () => {
    const sent: unknown[] = [];
    let refuse = true;
    const { hook } = setup((_amp, method, params) => {
      if (method === 'getConfig') return Promise.resolve({ payload: config('Lobby Touch') });
      sent.push(params.payload);
      return refuse
        ? Promise.reject(new Error('payload/name: too long'))
        : Promise.resolve({ payload: params.payload });
    });
    await flush();
    act(() => hook.result.current.dispatch(touchEditorActions.renamed({ id: panel.id, name: 'Foyer' })));
    await act(() => hook.result.current.sync.save());
    expect(sent).toEqual([config('Foyer')]);
    expect(hook.result.current.edit).toMatchObject({
      saving: false,
      error: 'payload/name: too long',
      draft: config('Foyer'),
    });
    refuse = false;
    await act(() => hook.result.current.sync.save());
    expect(hook.result.current.edit).toMatchObject({ draft: null, saved: config('Foyer') });
  });
});
