/**
 * i18next set-up: every locales/{lang}/{feature}.json is a namespace, found at build time (a feature adds its file
 * and it is loaded; declare its type in i18next.d.ts so that its keys are checked).
 */
import { LANGUAGES } from '@rackside/protocol';
import i18next, { type i18n, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

const files = import.meta.glob<ResourceLanguage>('./locales/*/*.json', { eager: true, import: 'default' });

/** The translations by language and namespace: `{ en: { amps: {...}, common: {...} }, es: ..., zh: ... }`. */
export function localeResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang = '', ns = ''] = match;
    (resources[lang] ??= {})[ns] = content;
  }
  return resources;
}

/** The namespaces (one per feature file) of the English resources, which define the keys. */
export const namespacesOf = (resources: Resource): string[] => Object.keys(resources.en ?? {}).sort();

export const DEFAULT_NAMESPACE = 'common';

/** A ready i18next instance (initialised synchronously from bundled resources). */
export function createI18n(language: string, resources: Resource = localeResources()): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [
      ...LANGUAGES,
      ...Object.keys(resources).filter((l) => !(LANGUAGES as readonly string[]).includes(l)),
    ],
    ns: namespacesOf(resources),
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
