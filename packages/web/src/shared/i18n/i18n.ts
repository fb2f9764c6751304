/**
 * i18next set-up: every locales/{lang}/{feature}.json is a namespace, found at build time (a feature adds its file
 * and it is loaded; declare its type in i18next.d.ts so that its keys are checked). Every language is bundled: tests
 * and tools use this; the app loads the other languages lazily (app-i18n.ts).
 */
import type { i18n, Resource, ResourceLanguage } from 'i18next';
import { initI18n } from './i18n-init';

export { DEFAULT_NAMESPACE, namespacesOf } from './i18n-init';

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

/** A ready i18next instance (initialised synchronously from bundled resources). */
export function createI18n(language: string, resources: Resource = localeResources()): i18n {
  return initI18n(language, resources);
}
