/** The connect-to-account page's texts (namespace 'connect', shared/i18n/locales/{en,es,zh}/connect.json). */
import type connect from '../../shared/i18n/locales/en/connect.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    connect: typeof connect;
  }
}

export const CONNECT_NS = 'connect';
