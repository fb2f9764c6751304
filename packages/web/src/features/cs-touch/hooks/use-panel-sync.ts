/**
 * spec 3 §4/§7/§9: reads a panel's configuration through the amp that proxies it (`/NSTProxy getConfig`) when the
 * editor opens and every 50 s after (the sync), retrying 5 s after a failed read; and saves the temporary copy with
 * `setConfig`. Replies are checked against the touch configuration schema.
 */
import {
  TOUCH_MESSAGES,
  TOUCH_RECONNECT_DELAY_MS,
  TOUCH_SYNC_MS,
  TouchConfigReplySchema,
  type TouchConfiguration,
} from '@rackside/protocol';
import { useCallback, useEffect, useRef } from 'react';
import { useDeviceManager, type TouchPanelListing } from '../../../device';
import { usePanelEdit } from '../store/touch-editor-context';
import { touchEditorActions as act } from '../store/touch-editor-slice';

let requests = 0;
const nextRequestId = (): string => `rackside-${Date.now().toString(36)}-${++requests}`;

const reason = (e: unknown): string => (e instanceof Error && e.message ? e.message : TOUCH_MESSAGES.unknownError);

/** Keeps `panel`'s saved configuration in sync; returns `save`, which sends the copy and resolves when answered. */
export function usePanelSync(panel: TouchPanelListing | undefined): { save: () => Promise<void>; reload: () => void } {
  const manager = useDeviceManager();
  const id = panel?.id ?? '';
  const via = panel?.viaAmpId;
  const { edit, dispatch } = usePanelEdit(id);
  const draft = useRef<TouchConfiguration | null>(edit.draft);
  draft.current = edit.draft;
  const kick = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!via || !id || !manager.touchConfig) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const read = async (): Promise<void> => {
      clearTimeout(timer);
      let next = TOUCH_SYNC_MS;
      try {
        const answer = await manager.touchConfig!(via, 'getConfig', { ipAddress: id, requestId: nextRequestId() });
        const reply = TouchConfigReplySchema.safeParse(answer);
        if (!alive) return;
        if (reply.success) dispatch(act.loaded({ id, config: reply.data.payload }));
        else dispatch(act.loadFailed({ id, message: TOUCH_MESSAGES.couldNotUpdate }));
      } catch (e) {
        if (!alive) return;
        dispatch(act.loadFailed({ id, message: reason(e) }));
        next = TOUCH_RECONNECT_DELAY_MS;
      }
      timer = setTimeout(() => void read(), next);
    };
    kick.current = () => void read();
    void read();
    return () => {
      alive = false;
      clearTimeout(timer);
      kick.current = () => undefined;
    };
  }, [manager, via, id, dispatch]);

  const save = useCallback(async (): Promise<void> => {
    const payload = draft.current;
    if (!via || !id || !payload || !manager.touchConfig) return;
    dispatch(act.saveStarted({ id }));
    try {
      const answer = await manager.touchConfig(via, 'setConfig', {
        ipAddress: id,
        requestId: nextRequestId(),
        payload,
      });
      const reply = TouchConfigReplySchema.safeParse(answer);
      dispatch(act.saveSucceeded({ id, config: reply.success ? reply.data.payload : payload }));
    } catch (e) {
      dispatch(act.saveFailed({ id, message: reason(e) }));
    }
  }, [manager, via, id, dispatch]);

  return { save, reload: useCallback(() => kick.current(), []) };
}
