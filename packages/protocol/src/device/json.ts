/**
 * Plain JSON trees: reading a path, rooting a value under one, merging a delta in place, structural equality.
 * Nothing here knows the device tree.
 */

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
/** A plain object of a tree. */
export type Obj = Record<string, unknown>;

/** True for a plain object of a tree (not null, not an array). */
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPrimitive = (v: unknown): boolean =>
  v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' || v === undefined;

/** Keys that would reach an object's prototype when assigned; no tree of ours has them. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A value placed under a path from the root: rootedAt(['amp', 'misc'], v) → {amp: {misc: v}}; the value itself for
 * no segments. Every key is an own key, '__proto__' too (as in a `{[k]: v}` literal, which this builds faster).
 */
export function rootedAt(segments: readonly string[], value: unknown): unknown {
  let rooted = value;
  for (let i = segments.length - 1; i >= 0; i--) {
    const k = segments[i]!;
    if (k === '__proto__') {
      rooted = { [k]: rooted }; // an assignment would set the prototype instead
      continue;
    }
    const o: Obj = {};
    o[k] = rooted;
    rooted = o;
  }
  return rooted;
}

/** Reads the value at a path of a state tree. */
export function getAt(state: unknown, segments: readonly string[]): unknown {
  let cur: unknown = state;
  for (const s of segments) {
    if (!isObj(cur) || !Object.hasOwn(cur, s)) return undefined;
    cur = cur[s];
  }
  return cur;
}

/**
 * Merges a delta into a state tree in place and returns the part that actually changed
 * (undefined when nothing did). Arrays and records' leaves are replaced whole.
 */
export function mergeDelta(into: object, delta: object): Obj | undefined {
  const target = into as Obj;
  const d = delta as Obj;
  let changed: Obj | undefined;
  for (const k of Object.keys(d)) {
    if (UNSAFE_KEYS.has(k)) continue; // JSON.parse makes "__proto__" an own key: never merge it into a prototype
    // mergeValue's body, written out: every notify merges through here, and the call measured slower
    const v = d[k];
    const cur = target[k];
    if (isObj(v) && isObj(cur)) {
      const sub = mergeDelta(cur, v);
      if (sub) (changed ??= {})[k] = sub;
    } else if (cur !== v && !deepEqual(cur, v)) {
      // primitives are their own copy; objects, arrays (and anything structuredClone refuses) go through it
      target[k] = isPrimitive(v) ? v : structuredClone(v);
      (changed ??= {})[k] = v;
    }
  }
  return changed;
}

/**
 * mergeDelta's step for one (safe) key and an already clamped value: merges `v` into `target[k]` and returns what
 * changed there (undefined when nothing did): mergeReceived's step.
 */
export function mergeValue(target: Obj, k: string, v: unknown): unknown {
  const cur = target[k];
  if (isObj(v) && isObj(cur)) return mergeDelta(cur, v);
  if (cur === v || deepEqual(cur, v)) return undefined;
  target[k] = isPrimitive(v) ? v : structuredClone(v);
  return v;
}

/** Structural equality of JSON values. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (i in a && !deepEqual(a[i], b[i])) return false;
    return true;
  }
  const x = a as Obj;
  const y = b as Obj;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) if (!Object.hasOwn(y, k) || !deepEqual(x[k], y[k])) return false;
  return true;
}
