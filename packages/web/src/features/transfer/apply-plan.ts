/**
 * Applying an import plan through an amp's client (spec 3 §4/§7): the sets are batched by parent URL (one device
 * `set` per object, as the settings pages write), sent in order, and a failure stops the import and says what was
 * applied and what was not. Restoring uses the export taken just before the import.
 */
import {
  ALL_TICKS,
  batchSets,
  planImport,
  type SetBatch,
  type DeviceState,
  type ModelInfo,
  type PlannedSet,
  type TransferFile,
} from '@rackside/protocol';

export { batchSets, type SetBatch };

/** The write the dialog sends: the device API's set of some fields of one object. */
export type SetFn = (url: string, params: Record<string, unknown>) => Promise<unknown>;

/** What applying the batches did: everything, or the sets applied before the failing one and those not applied. */
export type ApplyOutcome =
  | { readonly ok: true; readonly applied: readonly PlannedSet[] }
  | {
      readonly ok: false;
      readonly applied: readonly PlannedSet[];
      readonly notApplied: readonly PlannedSet[];
      /** The batch the amp refused (or that failed) and why. */
      readonly failed: SetBatch;
      readonly error: unknown;
    };

/** Sends the batches one after the other (the amp applies them in order); stops at the first refusal or error. */
export async function applyBatches(
  batches: readonly SetBatch[],
  set: SetFn,
  onProgress: (done: number) => void = () => undefined,
): Promise<ApplyOutcome> {
  const applied: PlannedSet[] = [];
  for (const [i, b] of batches.entries()) {
    try {
      await set(b.url, b.params);
    } catch (error) {
      return { ok: false, applied, notApplied: batches.slice(i).flatMap((x) => x.sets), failed: b, error };
    }
    applied.push(...b.sets);
    onProgress(i + 1);
  }
  return { ok: true, applied };
}

function withSets(state: DeviceState, sets: readonly PlannedSet[]): DeviceState {
  const copy = structuredClone(state) as unknown as Record<string, unknown>;
  for (const { path, value } of sets) {
    const segs = path.split('/').filter(Boolean);
    let cur = copy;
    for (const k of segs.slice(0, -1)) {
      const next = cur[k];
      cur = (typeof next === 'object' && next !== null ? next : (cur[k] = {})) as Record<string, unknown>;
    }
    cur[segs[segs.length - 1]!] = value;
  }
  return copy as unknown as DeviceState;
}

/**
 * The sets that put back the backup (an export of every tick taken before the import) over what the failed import
 * applied: the backup planned against the amp as the applied sets left it.
 */
export function restoreSets(
  backup: TransferFile,
  before: DeviceState,
  model: ModelInfo,
  applied: readonly PlannedSet[],
): PlannedSet[] {
  return planImport(backup, withSets(before, applied), model, ALL_TICKS).sets;
}
