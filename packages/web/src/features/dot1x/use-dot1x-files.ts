/**
 * The three file slots of the 802.1X form (spec 2 §3/§4/§5): a chosen file passes the slot's file-type check and the
 * PEM check, or the slot shows why not; an upload runs Sending → Parsing (DOT1X_PARSING_DELAY_MS) → Success, or
 * Failure with 'error uploading file'.
 */
import { useCallback, useRef, useState } from 'react';
import {
  DOT1X_FILE_SLOTS,
  DOT1X_PARSING_DELAY_MS,
  isAcceptedDot1xFile,
  isPemContent,
  type Dot1xFileSlot,
  type Dot1xFileStatus,
} from '@rackside/protocol';
import type { UploadResult } from './upload';

/** Why a slot has no usable file (keys of the dot1x namespace's `files`). */
export type SlotError = 'invalidType' | 'notPem' | 'uploadError';

export interface SlotState {
  readonly file?: File | undefined;
  readonly error?: SlotError | undefined;
  readonly status: Dot1xFileStatus;
  /** The amp's answer to a failed upload. */
  readonly message?: string | undefined;
}

type Slots = Readonly<Record<Dot1xFileSlot, SlotState>>;
const EMPTY: Slots = { CaCert: { status: 'none' }, ClientCert: { status: 'none' }, ClientKey: { status: 'none' } };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type Dot1xFilesState = ReturnType<typeof useDot1xFiles>;

export function useDot1xFiles(upload: (slot: Dot1xFileSlot, file: File) => Promise<UploadResult>) {
  const [slots, setSlots] = useState<Slots>(EMPTY);
  // the files to upload, read when a save runs (the state of that render may be older)
  const current = useRef<Slots>(EMPTY);
  const update = useCallback((slot: Dot1xFileSlot, next: SlotState) => {
    current.current = { ...current.current, [slot]: next };
    setSlots(current.current);
  }, []);

  const choose = useCallback(
    async (slot: Dot1xFileSlot, file: File) => {
      if (!isAcceptedDot1xFile(slot, file.name)) return update(slot, { status: 'none', error: 'invalidType' });
      const text = await file.text().catch(() => undefined);
      if (text === undefined) return update(slot, { status: 'none', error: 'uploadError' });
      if (!isPemContent(text)) return update(slot, { status: 'none', error: 'notPem' });
      update(slot, { status: 'none', file });
    },
    [update],
  );

  /** Empties these slots (a mode change), or all of them (Reset). */
  const clear = useCallback(
    (which: readonly Dot1xFileSlot[] = DOT1X_FILE_SLOTS) => {
      for (const slot of which) update(slot, { status: 'none' });
    },
    [update],
  );

  /** Uploads every chosen file in slot order; stops at the first failure. Resolves true when all succeeded. */
  const uploadAll = useCallback(async (): Promise<boolean> => {
    for (const slot of DOT1X_FILE_SLOTS) {
      const file = current.current[slot].file;
      if (!file) continue;
      update(slot, { status: 'Sending', file });
      const result = await upload(slot, file);
      if (!result.ok) {
        update(slot, { status: 'Failure', file, error: 'uploadError', message: result.message });
        return false;
      }
      update(slot, { status: 'Parsing', file });
      await wait(DOT1X_PARSING_DELAY_MS);
      update(slot, { status: 'Success', file });
    }
    return true;
  }, [update, upload]);

  /** spec 2 §4: after a successful save the files clear; the statuses stay in view. */
  const forgetFiles = useCallback(() => {
    for (const slot of DOT1X_FILE_SLOTS) {
      const { file: _file, ...rest } = current.current[slot];
      update(slot, rest);
    }
  }, [update]);

  const fileSelected = DOT1X_FILE_SLOTS.some((s) => slots[s].file !== undefined);
  return { slots, fileSelected, choose, clear, uploadAll, forgetFiles };
}
