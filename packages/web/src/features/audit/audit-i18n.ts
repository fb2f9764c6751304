/** The audit timeline's texts (namespace 'audit', shared/i18n/locales/{en,es,zh}/audit.json), keys type-checked. */
import type { TFunction } from 'i18next';
import type audit from '../../shared/i18n/locales/en/audit.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    audit: typeof audit;
  }
}

export const AUDIT_NS = 'audit';

/** The namespace's translate function. */
export type AuditT = TFunction<'audit'>;
