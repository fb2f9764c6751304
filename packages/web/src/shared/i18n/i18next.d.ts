// Typed translation keys (STYLE.md, after excalidraw): `t('amps:list.search')` is checked against the English files,
// so a misspelled key fails `tsc`. A feature that adds locales/{en,es,zh}/<feature>.json declares it here.
import type about from './locales/en/about.json';
import type ampDetail from './locales/en/amp-detail.json';
import type amps from './locales/en/amps.json';
import type cloudAuth from './locales/en/cloud-auth.json';
import type common from './locales/en/common.json';
import type login from './locales/en/login.json';
import type preferences from './locales/en/preferences.json';
import type venues from './locales/en/venues.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    strictKeyChecks: true;
  }
  interface ResourceNamespaceMap {
    about: typeof about;
    'amp-detail': typeof ampDetail;
    amps: typeof amps;
    'cloud-auth': typeof cloudAuth;
    common: typeof common;
    login: typeof login;
    preferences: typeof preferences;
    venues: typeof venues;
  }
}
