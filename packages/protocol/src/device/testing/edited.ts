/** Inputs built from a valid tree, for property tests of code that must take anything an amp or a client sends. */
import { getAt, isObj } from '../json';

/** One edit of editedCopy: [which path, what to do, the new value, the key to add]. */
export type Edit = readonly [at: number, kind: number, value: unknown, key: string];

/**
 * A deep copy of `value` with some leaves replaced, some keys dropped and some keys added: edit [at, kind, v, key]
 * picks a path by `at`, and by `kind` % 3 sets it to `v`, deletes it, or adds `key` = `v` under it (an own key, even
 * '__proto__'). A value that is not an object is replaced by the first edit's value.
 */
export function editedCopy(value: unknown, edits: readonly Edit[]): unknown {
  const copy = structuredClone(value);
  if (!isObj(copy)) return edits.length ? edits[0]![2] : copy;
  const paths: string[][] = [];
  const walk = (v: unknown, p: string[]) => {
    paths.push(p);
    if (isObj(v)) for (const k of Object.keys(v)) walk(v[k], [...p, k]);
  };
  walk(copy, []);
  for (const [at, kind, v, key] of edits) {
    const p = paths[at % paths.length]!;
    const parent = p.length ? getAt(copy, p.slice(0, -1)) : undefined;
    const last = p[p.length - 1];
    if (kind % 3 === 0 && isObj(parent) && last !== undefined) parent[last] = v;
    else if (kind % 3 === 1 && isObj(parent) && last !== undefined) delete parent[last];
    else {
      const target = getAt(copy, p);
      if (isObj(target))
        Object.defineProperty(target, key, { value: v, enumerable: true, writable: true, configurable: true });
    }
  }
  return copy;
}
