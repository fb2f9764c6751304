/**
 * The app's i18next set-up (issues 4 and 12): English, the fallback that defines the keys, is bundled for the
 * namespaces the first route shows (the amp list in local mode, the frame in both); every other English namespace
 * loads with the screen that uses it (react-i18next suspends that screen until then), and every other language when
 * first used (one chunk per language, vite.config.ts). So the first route carries only the text it shows.
 */
import type { BackendModule, i18n, Resource, ResourceLanguage } from 'i18next';
import { initI18n } from './i18n-init';

// the namespaces of the first route: keep in step with the globs below (import.meta.glob takes literals only)
const english = import.meta.glob<ResourceLanguage>(['./locales/en/common.json', './locales/en/amps.json'], {
  eager: true,
  import: 'default',
});
const others = import.meta.glob<ResourceLanguage>(
  ['./locales/*/*.json', '!./locales/en/common.json', '!./locales/en/amps.json'],
  { import: 'default' },
);

const FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

function englishResources(): Resource {
  const en: Record<string, ResourceLanguage> = {};
  for (const [path, content] of Object.entries(english)) {
    const [, , ns = ''] = FILE.exec(path) ?? [];
    if (ns) en[ns] = content;
  }
  return { en };
}

/** Reads a namespace that is not bundled: any namespace of another language, or a later screen's English. */
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
