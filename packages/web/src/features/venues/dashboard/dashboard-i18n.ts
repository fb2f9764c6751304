/** The dashboard's texts (namespace 'dashboard', shared/i18n/locales/{en,es,zh}/dashboard.json), keys type-checked. */
import type dashboard from '../../../shared/i18n/locales/en/dashboard.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    dashboard: typeof dashboard;
  }
}

export const DASHBOARD_NS = 'dashboard';
