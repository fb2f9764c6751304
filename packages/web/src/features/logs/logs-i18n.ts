/** The events and faults pages' texts (namespace 'logs', shared/i18n/locales/{en,es,zh}/logs.json), keys type-checked. */
import type logs from '../../shared/i18n/locales/en/logs.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    logs: typeof logs;
  }
}

export const LOGS_NS = 'logs';
