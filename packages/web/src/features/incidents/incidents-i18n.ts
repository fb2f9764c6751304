/** The incidents texts (namespace 'incidents', shared/i18n/locales/{en,es,zh}/incidents.json), keys type-checked. */
import type incidents from '../../shared/i18n/locales/en/incidents.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    incidents: typeof incidents;
  }
}

export const INCIDENTS_NS = 'incidents';
