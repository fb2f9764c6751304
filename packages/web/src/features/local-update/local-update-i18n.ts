/** The local firmware update page's texts (namespace 'local-update', shared/i18n/locales/{en,es,zh}/local-update.json), keys type-checked. */
import type localUpdate from '../../shared/i18n/locales/en/local-update.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    'local-update': typeof localUpdate;
  }
}

export const LOCAL_UPDATE_NS = 'local-update';
