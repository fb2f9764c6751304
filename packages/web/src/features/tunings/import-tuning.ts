/**
 * Applying a speaker tuning import (spec 3 §4): reset the channel's one existing lock, set the tuning's fields (one
 * device `set` per object, in order), then, for a locked tuning, `lock` them with the file's key and wait for the
 * amp to report the new group. Refusals before anything is written are checked by the dialog (loadTuningFile).
 */
import {
  batchSets,
  LockResultSchema,
  tuningLockOf,
  type ChannelLocks,
  type ImportPlan,
  type ModelInfo,
  type TransferFile,
} from '@rackside/protocol';

/** spec 3 §9: how long the import waits for the lock to show in /lockedProperties. */
export const LOCK_WAIT_MS = 5000;

/** The device calls an import makes. */
export interface TuningImportDeps {
  readonly set: (url: string, params: Record<string, unknown>) => Promise<unknown>;
  readonly lockedProperties: (method: 'lock' | 'reset', params: Record<string, unknown>) => Promise<unknown>;
  /** Resolves true once the amp reports the group, false after `timeoutMs`. */
  readonly waitForGroup: (groupId: string, timeoutMs: number) => Promise<boolean>;
}

/** What an import did: done, or the failure key of the 'tunings' texts. */
export type TuningImportOutcome =
  { readonly ok: true } | { readonly ok: false; readonly failure: 'resetFailed' | 'reasonSet' | 'reasonLock' };

/** Runs the import of a retargeted tuning file; `onProgress(done, total)` after each step. */
export async function importTuning(
  input: {
    readonly file: TransferFile;
    readonly plan: ImportPlan;
    readonly locks: ChannelLocks;
    readonly model: ModelInfo;
    readonly mac: string;
  },
  deps: TuningImportDeps,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<TuningImportOutcome> {
  const batches = batchSets(input.plan.sets);
  const lock = tuningLockOf(input.file, input.model);
  const total = batches.length + (input.locks.kind === 'one' ? 1 : 0) + (lock ? 1 : 0);
  let done = 0;
  const step = () => onProgress(++done, total);
  if (input.locks.kind === 'one') {
    try {
      await deps.lockedProperties('reset', { groupId: input.locks.groupId });
    } catch {
      return { ok: false, failure: 'resetFailed' };
    }
    step();
  }
  for (const b of batches) {
    try {
      await deps.set(b.url, b.params);
    } catch {
      return { ok: false, failure: 'reasonSet' };
    }
    step();
  }
  if (lock && lock.properties.length > 0) {
    try {
      const reply = LockResultSchema.parse(
        await deps.lockedProperties('lock', { mac: input.mac, key: lock.key, properties: lock.properties }),
      );
      // spec 3 §9: wait up to 5000 ms for the group; the amp accepted the lock, so a late report is no failure
      await deps.waitForGroup(reply.groupId, LOCK_WAIT_MS);
    } catch {
      return { ok: false, failure: 'reasonLock' };
    }
    step();
  }
  return { ok: true };
}
