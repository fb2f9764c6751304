/** Comparing a fast path's answer with the reference's more strictly than toStrictEqual does. */
import { expect } from 'vitest';

type Obj = Record<string, unknown>;

/**
 * Same values, same own keys in the same order, same prototypes, same -0 (toStrictEqual would compare the values
 * of an own `constructor` key by identity).
 */
export function identical(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  // a `__proto__` key assigned makes a prototype of a copy: compared like the rest
  const pa: unknown = Object.getPrototypeOf(a);
  const pb: unknown = Object.getPrototypeOf(b);
  if (pa !== pb && (pa === Object.prototype || pb === Object.prototype || !identical(pa, pb))) return false;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => identical((a as Obj)[k as string], (b as Obj)[k as string]));
}

/** Expects `a` and `b` to be identical, showing both when they are not. */
export function same(a: unknown, b: unknown): void {
  if (!identical(a, b)) expect(a).toStrictEqual(b); // fails, and shows both
  expect(identical(a, b)).toBe(true);
}
