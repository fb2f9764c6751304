export { DEFAULT_NAMESPACE, createI18n, localeResources, namespacesOf } from './i18n';
