/**
 * Texts of integrator access, venue narrowing and the organisation's two-factor requirement (issue 21): namespace
 * 'grants' (shared/i18n/locales/{en,es,zh}/grants.json), keys type-checked.
 */
import { useTranslation } from 'react-i18next';
import type grants from '../../shared/i18n/locales/en/grants.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    grants: typeof grants;
  }
}

export const useGrantsText = () => useTranslation('grants');
