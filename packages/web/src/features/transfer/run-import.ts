/**
 * Running an import (spec 3 §4): for a file with locked properties, first reset the amp's locked groups that hold any
 * of the file's locked properties (a failure writes nothing), then the sets, then lock each of the file's groups with
 * its key (already obfuscated, stored as is) and wait for the amp to show it (spec 3 §9: 5000 ms).
 */
import {
  ALL_TICKS,
  LockResultSchema,
  planImport,
  type DeviceState,
  type ImportPlan,
  type ModelInfo,
  type PlannedSet,
} from '@rackside/protocol';
import { applyBatches, batchSets, type SetFn } from './apply-plan';
import type { LoadedFile } from './load-file';

/** spec 3 §9: how long the dialog waits for a new locked group to show in the amp's state. */
export const LOCKED_GROUP_WAIT_MS = 5000;

/** The amp's /lockedProperties calls the import needs. */
export interface LockApi {
  /** `reset {groupId}` or `lock {mac, key, properties}` on /lockedProperties. */
  readonly request: (method: 'lock' | 'reset', params: Record<string, unknown>) => Promise<unknown>;
  /** Resolves true once the amp's state holds this group, false after `timeoutMs`. */
  readonly waitForGroup: (groupId: string, timeoutMs: number) => Promise<boolean>;
}

/** What an import ended with; a partial import can be undone with the export taken before it. */
export type ImportResult =
  | { readonly kind: 'done'; readonly unsupported: readonly string[]; readonly lockUnconfirmed?: boolean }
  | {
      readonly kind: 'failed';
      /** spec 3 §5: which failure message; none: "Failed to import!". */
      readonly reason?: 'settings' | 'resetFailed' | 'lockFailed';
      /** The set was refused because a locked group holds this property. */
      readonly lockedPath?: string;
    }
  | {
      readonly kind: 'partial';
      readonly applied: readonly PlannedSet[];
      readonly notApplied: readonly PlannedSet[];
      readonly restore: 'offered' | 'restoring' | 'restored' | 'failed';
      readonly lockedPath?: string;
    };

type Groups = Readonly<Record<string, { readonly key: string; readonly properties: readonly string[] }>>;

/** The amp's locked property groups (spec 3 §3 `/lockedProperties`); none while the store has not received them. */
export const lockedGroupsOf = (state: DeviceState): Groups =>
  (state as Partial<DeviceState>).lockedProperties?.groups ?? {};

const under = (a: string, b: string) => a === b || a.startsWith(`${b}/`);
const overlaps = (a: string, b: string) => under(a, b) || under(b, a);

/** The ids of the amp's groups holding any property of the file's groups, in the amp's order. */
export function groupsToReset(ampGroups: Groups, fileGroups: Groups): string[] {
  const wanted = Object.values(fileGroups).flatMap((g) => g.properties);
  return Object.entries(ampGroups)
    .filter(([, g]) => g.properties.some((p) => wanted.some((w) => overlaps(p, w))))
    .map(([id]) => id);
}

/** The state without the values at these URLs: a plan against it sets them whatever a reset left there. */
export function withoutPaths(state: DeviceState, urls: readonly string[]): DeviceState {
  const copy = structuredClone(state) as unknown as Record<string, unknown>;
  for (const url of urls) {
    const segs = url.split('/').filter(Boolean);
    let cur: unknown = copy;
    for (const k of segs.slice(0, -1))
      cur = typeof cur === 'object' && cur !== null ? (cur as Record<string, unknown>)[k] : undefined;
    if (typeof cur === 'object' && cur !== null) Reflect.deleteProperty(cur, segs[segs.length - 1] ?? '');
  }
  return copy as unknown as DeviceState;
}

/** The first of these sets a locked group holds, if any. */
export function lockedPathOf(sets: readonly PlannedSet[], groups: Groups): string | undefined {
  const locked = Object.values(groups).flatMap((g) => g.properties);
  return sets.find((s) => locked.some((l) => overlaps(s.path, l)))?.path;
}

// the emulator refuses a set on a locked property with "... is locked by speaker tunings"
const saysLocked = (error: unknown) => error instanceof Error && /\blocked\b/i.test(error.message);

export interface RunImportArgs {
  readonly loaded: LoadedFile;
  /** The plan previewed (all ticks for a locked file). */
  readonly plan: ImportPlan;
  readonly state: DeviceState;
  readonly model: ModelInfo;
  readonly set: SetFn;
  readonly locks: LockApi | undefined;
  readonly onProgress: (done: number, total: number) => void;
}

/** Runs the import and says how it ended; never throws. */
export async function runImport({
  loaded,
  plan,
  state,
  model,
  set,
  locks,
  onProgress,
}: RunImportArgs): Promise<ImportResult> {
  const fileGroups: Groups = loaded.locked ? (loaded.file.lockedProperties?.groups ?? {}) : {};
  const ampGroups = lockedGroupsOf(state);
  let sets = plan.sets;
  let remaining = ampGroups;
  if (loaded.locked) {
    if (!locks) return { kind: 'failed', reason: 'settings' };
    const resets = groupsToReset(ampGroups, fileGroups);
    try {
      for (const groupId of resets) await locks.request('reset', { groupId });
    } catch {
      return { kind: 'failed', reason: 'resetFailed' };
    }
    if (resets.length > 0) {
      // a reset puts the group's properties back to their defaults: set every one the file carries
      const freed = resets.flatMap((id) => ampGroups[id]?.properties ?? []);
      sets = planImport(loaded.file, withoutPaths(state, freed), model, ALL_TICKS).sets;
      remaining = Object.fromEntries(Object.entries(ampGroups).filter(([id]) => !resets.includes(id)));
    }
  }
  const batches = batchSets(sets);
  onProgress(0, batches.length);
  const outcome = await applyBatches(batches, set, (done) => onProgress(done, batches.length));
  if (!outcome.ok) {
    const refused = outcome.failed.sets;
    const lockedPath = lockedPathOf(refused, remaining) ?? (saysLocked(outcome.error) ? refused[0]?.path : undefined);
    const why = lockedPath === undefined ? {} : { lockedPath };
    if (outcome.applied.length === 0) return { kind: 'failed', ...why };
    return { kind: 'partial', applied: outcome.applied, notApplied: outcome.notApplied, restore: 'offered', ...why };
  }
  let lockUnconfirmed = false;
  for (const group of Object.values(fileGroups)) {
    let groupId: string;
    try {
      const reply = await locks?.request('lock', {
        mac: (state as Partial<DeviceState>).network?.ethernet.mac,
        key: group.key,
        properties: group.properties,
      });
      groupId = LockResultSchema.parse(reply).groupId;
    } catch {
      return { kind: 'failed', reason: 'lockFailed' };
    }
    if (!(await locks?.waitForGroup(groupId, LOCKED_GROUP_WAIT_MS))) lockUnconfirmed = true;
  }
  return {
    kind: 'done',
    unsupported: plan.unsupported.map((u) => u.item),
    ...(lockUnconfirmed ? { lockUnconfirmed } : {}),
  };
}
