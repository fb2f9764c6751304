/**
 * An import plan's sets as the device API writes them (spec 3 §4/§7): one `set` per object, the leaves of one parent
 * URL gathered into its params, in the order each parent first occurs. Shared by the settings import and the speaker
 * tunings import.
 */
import type { PlannedSet } from './sections';

/** One device `set`: the parent URL, the fields it changes, and the planned sets it carries. */
export interface SetBatch {
  readonly url: string;
  readonly params: Record<string, unknown>;
  readonly sets: readonly PlannedSet[];
}

const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/')) || '/';
const leafOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The sets grouped by parent URL, in the order each parent first occurs. */
export function batchSets(sets: readonly PlannedSet[]): SetBatch[] {
  const byUrl = new Map<string, { params: Record<string, unknown>; sets: PlannedSet[] }>();
  for (const s of sets) {
    const url = parentOf(s.path);
    const b = byUrl.get(url) ?? { params: {}, sets: [] };
    b.params[leafOf(s.path)] = s.value;
    b.sets.push(s);
    byUrl.set(url, b);
  }
  return [...byUrl].map(([url, b]) => ({ url, params: b.params, sets: b.sets }));
}
