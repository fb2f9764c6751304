/**
 * The fast paths of url.ts against the plain code they replaced: normalizeUrl's shortcut and the resolveUrl cache
 * give exactly what the plain versions give, for random valid and invalid URLs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getModel } from './models';
import { model, URLS } from './testing/arbitraries';
import { refNormalizeUrl } from './testing/reference';
import {
  CACHED_URL_MAX_LENGTH,
  normalizeUrl,
  resolveUrl,
  RESOLVE_CACHE_LIMIT,
  SEGMENTS_CACHE_LIMIT,
  urlSegments,
} from './url';

/** Slashes and a few letters, any text, and the models' own URLs. */
const anyUrl = fc.oneof(
  fc.string({ unit: fc.constantFrom('/', 'a', 'b', '1', ' ', '.'), maxLength: 12 }),
  fc.string({ maxLength: 20 }),
  model.chain((m) => fc.constantFrom(...URLS.get(m)!)),
);

describe('fast paths of url.ts give what the plain code gives', () => {
  it('normalizeUrl (property)', () => {
    fc.assert(
      fc.property(anyUrl, (u) => normalizeUrl(u) === refNormalizeUrl(u)),
      { numRuns: 3000 },
    );
  });

  it('urlSegments: the non-empty parts between slashes, as split and filter give them, cached and frozen (property)', () => {
    fc.assert(
      fc.property(anyUrl, (u) => {
        const segments = urlSegments(u);
        expect(segments).toEqual(u.split('/').filter((p) => p.length > 0));
        // shared with the next caller of the same url: the same array, which no caller can change
        expect(urlSegments(u)).toBe(segments);
        expect(Object.isFrozen(segments)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('urlSegments: past its bound the cache starts over, and answers alike', () => {
    const first = urlSegments('/amp/channels/1/output');
    for (let i = 0; i < SEGMENTS_CACHE_LIMIT + 10; i++) urlSegments(`/nothing/${i}`);
    const again = urlSegments('/amp/channels/1/output');
    expect(again).not.toBe(first);
    expect(again).toEqual(['amp', 'channels', '1', 'output']);
    expect(() => (again as string[]).push('x')).toThrow(TypeError);
  });

  it('urlSegments and resolveUrl answer a url longer than the cache keeps, each time afresh', () => {
    const long = '/amp/channels/1/' + 'x'.repeat(CACHED_URL_MAX_LENGTH);
    const segments = urlSegments(long);
    expect(segments).toEqual(['amp', 'channels', '1', 'x'.repeat(CACHED_URL_MAX_LENGTH)]);
    expect(Object.isFrozen(segments)).toBe(true);
    expect(urlSegments(long)).not.toBe(segments);
    const m = getModel('704D');
    const r = resolveUrl(m, long);
    expect(r).toMatchObject({ ok: false });
    expect(Object.isFrozen(r)).toBe(true);
    expect(resolveUrl(m, long)).not.toBe(r);
    expect(resolveUrl(m, long)).toEqual(r);
  });

  it('resolveUrl: cached, frozen, and equal to a fresh resolution (property)', () => {
    const url = fc.oneof(
      model.chain((m) => fc.tuple(fc.constant(m), fc.constantFrom(...URLS.get(m)!))),
      model.chain((m) => fc.tuple(fc.constant(m), fc.string({ maxLength: 30 }))),
    );
    fc.assert(
      fc.property(url, ([m, u]) => {
        const r = resolveUrl(m, u);
        expect(resolveUrl(m, u)).toBe(r);
        expect(Object.isFrozen(r)).toBe(true);
        if (r.ok) expect(Object.isFrozen(r.segments) && Object.isFrozen(r.ctx.keys)).toBe(true);
        expect(r).toEqual(resolveUrl({ ...m }, u));
      }),
      { numRuns: 3000 },
    );
  });

  it('resolveUrl: the cache starts over past its limit and stays right', () => {
    const m = { ...getModel('704D') };
    const first = resolveUrl(m, '/amp/channels/1/output');
    for (let i = 0; i < RESOLVE_CACHE_LIMIT + 10; i++) resolveUrl(m, `/nothing/${i}`);
    const again = resolveUrl(m, '/amp/channels/1/output');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(resolveUrl(m, '/nothing/5')).toMatchObject({
      ok: false,
      message: "unknown url /nothing/5: 'nothing' is not under /",
    });
  });
});
