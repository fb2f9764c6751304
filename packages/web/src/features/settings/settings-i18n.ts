/** The settings page's texts (namespace 'settings', shared/i18n/locales/{en,es,zh}/settings.json), keys type-checked. */
import type settings from '../../shared/i18n/locales/en/settings.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    settings: typeof settings;
  }
}

export const SETTINGS_NS = 'settings';
