/** The i18next instance both set-ups share (i18n.ts: every language bundled; app-i18n.ts: English bundled, the rest lazy). */
import { LANGUAGES } from '@rackside/protocol';
import i18next, { type BackendModule, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The namespaces (one per feature file) of the English resources, which define the keys. */
export const namespacesOf = (resources: Resource): string[] => Object.keys(resources.en ?? {}).sort();

export const DEFAULT_NAMESPACE = 'common';

/**
 * A ready i18next instance, initialised synchronously from `resources`; with a `backend`, the languages missing
 * from them load through it (changeLanguage waits for them).
 */
export function initI18n(language: string, resources: Resource, backend?: BackendModule): i18n {
  const instance = i18next.createInstance();
  if (backend) instance.use(backend);
  void instance.use(initReactI18next).init({
    resources,
    partialBundledLanguages: backend !== undefined,
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
