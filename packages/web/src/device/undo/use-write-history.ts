/**
 * Undo and redo of one amp's writes for React (issue 18): the amp's history from the connection manager
 * (useSyncExternalStore), and undo/redo that report a refusal with the app's error snackbar.
 */
import { AuthRequiredError } from '@rackside/device-client';
import { useCallback, useSyncExternalStore } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { noticeShown } from '../../shared/notices';
import { useDeviceManager } from '../device-manager-context';
import type { WithDevices } from '../store/devices-slice';
import type { WithLocalLogin } from '../store/local-login-slice';
import { selectCanWrite } from '../store/selectors';
import { EMPTY_HISTORY, type AmpHistory } from './write-history';

export interface WriteHistoryControls {
  /** The amp's changes: `undo` oldest first (its last is undone next), `redo` likewise. */
  readonly history: AmpHistory;
  /** Something to undo, and the user may write to the amp now. */
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /**
   * The user may step through the history now, whatever it holds this instant: a shortcut pressed while an earlier
   * step is still on its way (Ctrl+Z then at once Ctrl+Y) queues behind it, and a step with nothing to do does nothing.
   */
  readonly canStep: boolean;
  /** Undoes the last `steps` changes in order (1 by default), stopping at the first the amp refuses. */
  readonly undo: (steps?: number) => Promise<void>;
  /** Redoes the last `steps` undone changes in order, stopping at the first refused. */
  readonly redo: (steps?: number) => Promise<void>;
}

const noSubscription = () => () => undefined;

/** The amp's undo history and the undo/redo actions (nothing to undo with a manager that keeps no history). */
export function useWriteHistory(ampId: string): WriteHistoryControls {
  const manager = useDeviceManager();
  const dispatch = useDispatch();
  const canWrite = useSelector((s: WithDevices & WithLocalLogin) => selectCanWrite(s, ampId));
  const source = manager.history;
  const subscribe = useCallback(
    (listener: () => void) => (source ? source.subscribe(listener) : noSubscription()),
    [source],
  );
  const history = useSyncExternalStore(subscribe, () => source?.historyOf(ampId) ?? EMPTY_HISTORY);

  const step = useCallback(
    async (which: 'undo' | 'redo', steps: number) => {
      for (let i = 0; i < steps; i++) {
        try {
          const done = which === 'undo' ? await manager.undo?.(ampId) : await manager.redo?.(ampId);
          if (done !== true) return;
        } catch (err) {
          const refused = which === 'undo' ? 'undoRefused' : 'redoRefused';
          dispatch(
            noticeShown({ severity: 'error', key: err instanceof AuthRequiredError ? 'loginRequired' : refused }),
          );
          return;
        }
      }
    },
    [ampId, dispatch, manager],
  );
  const undo = useCallback((steps = 1) => step('undo', steps), [step]);
  const redo = useCallback((steps = 1) => step('redo', steps), [step]);
  return {
    history,
    canUndo: canWrite && history.undo.length > 0 && manager.undo !== undefined,
    canRedo: canWrite && history.redo.length > 0 && manager.redo !== undefined,
    canStep: canWrite && manager.undo !== undefined,
    undo,
    redo,
  };
}
