/**
 * The app's i18next set-up (issue 4): English, the fallback that defines the keys, is bundled; every other language
 * loads when first used (one chunk per language, vite.config.ts), so the first route carries one language, not all.
 */
import type { BackendModule, i18n, Resource, ResourceLanguage } from 'i18next';
import { initI18n } from './i18n-init';

const english = import.meta.glob<ResourceLanguage>('./locales/en/*.json', { eager: true, import: 'default' });
const others = import.meta.glob<ResourceLanguage>(['./locales/*/*.json', '!./locales/en/*.json'], {
  import: 'default',
});

const FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

function englishResources(): Resource {
  const en: Record<string, ResourceLanguage> = {};
  for (const [path, content] of Object.entries(english)) {
    const [, , ns = ''] = FILE.exec(path) ?? [];
    if (ns) en[ns] = content;
  }
  return { en };
}

/** Reads a namespace of a language that is not bundled. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load = others[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {}); // a language or namespace without a file: the fallback shows
    load().then(
      (content) => callback(null, content),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** The app's instance in `language`; resolves once that language is loaded (at once for English). */
export async function createAppI18n(language: string): Promise<i18n> {
  const instance = initI18n(language, englishResources(), lazyLocales);
  await instance.loadLanguages(language);
  return instance;
}
