import { LANGUAGES } from '@rackside/protocol';
import type { ResourceKey } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, localeResources, namespacesOf } from './i18n';

/** key → text for every string of a namespace ('list.search' → 'Search'). */
function flatten(value: ResourceKey, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value))
      for (const [kk, vv] of flatten(v as ResourceKey, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const resources = localeResources();

describe('translations', () => {
  it('exist for English, Spanish and Chinese, one file per feature', () => {
    expect(Object.keys(resources).sort()).toEqual([...LANGUAGES].sort());
    expect(namespacesOf(resources)).toEqual(
      expect.arrayContaining(['about', 'amp-detail', 'amps', 'common', 'login', 'preferences']),
    );
  });

  for (const ns of namespacesOf(resources))
    for (const lang of LANGUAGES.filter((l) => l !== 'en'))
      it(`${lang}/${ns}.json has every English key, no other, none empty, the same placeholders`, () => {
        const en = flatten(resources.en?.[ns] ?? {});
        const other = flatten(resources[lang]?.[ns] ?? {});
        expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
        for (const [key, text] of other) {
          expect(text.trim(), `${lang} ${ns}:${key}`).not.toBe('');
          expect(placeholders(text), `${lang} ${ns}:${key}`).toEqual(placeholders(en.get(key) ?? ''));
        }
      });

  it('is Spanish and Chinese, not English copied', () => {
    const t = (lng: string) => createI18n(lng).t;
    expect(t('es')('amps:list.noMatches')).toBe('Ningún resultado coincide con la búsqueda');
    expect(t('zh')('amp-detail:notFound.title')).toBe('未找到功放');
    expect(t('en')('login:failed')).toBe('Login Failed');
  });

  it('types keys so that a misspelled one fails the type check', () => {
    const { t } = createI18n('en');
    // @ts-expect-error 'list.serch' is not a key of amps.json
    expect(t('amps:list.serch')).toBe('list.serch');
  });
});
