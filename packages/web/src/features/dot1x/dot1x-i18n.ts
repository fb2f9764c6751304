/** The 802.1X page's texts (namespace 'dot1x', shared/i18n/locales/{en,es,zh}/dot1x.json), keys type-checked. */
import type dot1x from '../../shared/i18n/locales/en/dot1x.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    dot1x: typeof dot1x;
  }
}

export const DOT1X_NS = 'dot1x';
