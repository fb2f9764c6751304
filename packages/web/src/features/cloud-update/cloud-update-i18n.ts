/** The cloud update screen's texts (namespace 'cloud-update', shared/i18n/locales/{en,es,zh}/cloud-update.json). */
import type cloudUpdate from '../../shared/i18n/locales/en/cloud-update.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    'cloud-update': typeof cloudUpdate;
  }
}

export const CLOUD_UPDATE_NS = 'cloud-update';
