import { DEVICE_MESSAGES } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en/channels.json';
import es from '../../shared/i18n/locales/es/channels.json';
import zh from '../../shared/i18n/locales/zh/channels.json';

const leaves = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? leaves(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const values = (o: object): string[] =>
  Object.values(o).flatMap((v) => (typeof v === 'object' && v !== null ? values(v as object) : [String(v)]));
const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('channels translations', () => {
  it.each([
    ['es', es],
    ['zh', zh],
  ])('%s has exactly the English keys, with the same placeholders', (_, locale) => {
    expect(leaves(locale).sort()).toEqual(leaves(en).sort());
    const flat = (o: object) => Object.fromEntries(leaves(o).map((k, i) => [k, values(o)[i] ?? '']));
    const enFlat = flat(en);
    for (const [key, text] of Object.entries(flat(locale))) {
      expect(placeholders(text), key).toEqual(placeholders(enFlat[key] ?? ''));
    }
  });

  it('spells the spec’s messages as the catalogue does', () => {
    expect(en.ui.locked).toBe(DEVICE_MESSAGES.lockedField);
    expect(en.fir.tooMany).toBe(DEVICE_MESSAGES.firTooManyCoefficients);
  });
});
