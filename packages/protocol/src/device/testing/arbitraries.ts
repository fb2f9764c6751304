/**
 * fast-check inputs for the protocol's own fast-path tests (*.fast.test.ts): models, their URLs with near misses,
 * and values for them. Not part of `@rackside/protocol/testing`: the other packages build inputs of their own.
 */
import fc from 'fast-check';
import { getAt } from '../json';
import { getModel, type ModelInfo } from '../models';
import { urlSegments } from '../url';
import { defaultState } from '../defaults';
import { walkFields } from '../walk';
import { editedCopy, type Edit } from './edited';

/** Models covering every capability the tree asks about. */
export const MODELS = ['704D', 'CDS-508-ADSP', '352N_G', '1504N', 'CST-7'].map((id) => getModel(id));

/** Every field URL of a model, the object URLs above them, and some near misses. */
function urlsOf(model: ModelInfo): string[] {
  const urls = new Set<string>(['/', '', '//', '/UAC', '/UAC/roles', '/lockedProperties', '/discovery', '/NSTProxy']);
  for (const { url } of walkFields(model)) {
    const segs = urlSegments(url);
    for (let i = 0; i <= segs.length; i++) urls.add('/' + segs.slice(0, i).join('/'));
  }
  const extra: string[] = [];
  for (const u of urls) {
    extra.push(u + '/', u.slice(1), u + '//x', u + '/__proto__', u + '/constructor', u + '/9', u.replace('/1', '/0'));
  }
  return [...urls, ...extra];
}
/** urlsOf each of MODELS. */
export const URLS = new Map(MODELS.map((m) => [m, urlsOf(m)]));

/** One of MODELS. */
export const model = fc.constantFrom(...MODELS);
/** Keys that name nothing, name something elsewhere, or reach a prototype. */
export const weirdKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'toString',
  'bogus',
  '1',
  '99',
  '',
  'fader',
  'mute',
);
/** A leaf value: any small JSON, or one at or past the edge of a field. */
export const leaf = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(-0, 1e300, -1e300, 'x'.repeat(300), true, false, null, 'HiZ', 'LoZ', 'Pink Noise', -80, 0, 12),
);
/** Edits for editedCopy. */
export const edits: fc.Arbitrary<Edit[]> = fc.array(fc.tuple(fc.nat(), fc.nat(), leaf, weirdKey), { maxLength: 6 });

/** True when a value holds an own `__proto__` key at any depth. */
export const hasProtoKey = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && (Object.hasOwn(v, '__proto__') || Object.values(v).some(hasProtoKey));

/** A url of the model and a value for it: the default subtree there, edited, or any JSON. */
export const urlAndValue = model
  .chain((m) =>
    fc.tuple(
      fc.constant(m),
      fc.constantFrom(...URLS.get(m)!),
      fc.oneof(fc.constant('tree' as const), fc.constant('json' as const)),
      edits,
      fc.jsonValue({ maxDepth: 3 }),
    ),
  )
  .map(([m, url, kind, e, json]) => {
    const base = getAt(defaultState(m), urlSegments(url));
    return { model: m, url, value: kind === 'tree' && base !== undefined ? editedCopy(base, e) : json };
  });
