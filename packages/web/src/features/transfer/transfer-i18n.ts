/** The Import/Export texts (namespace 'transfer', shared/i18n/locales/{en,es,zh}/transfer.json), keys type-checked. */
import type transfer from '../../shared/i18n/locales/en/transfer.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    transfer: typeof transfer;
  }
}

export const TRANSFER_NS = 'transfer';
