/** The network page's texts (namespace 'network', shared/i18n/locales/{en,es,zh}/network.json), keys type-checked. */
import type network from '../../shared/i18n/locales/en/network.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    network: typeof network;
  }
}

export const NETWORK_NS = 'network';
