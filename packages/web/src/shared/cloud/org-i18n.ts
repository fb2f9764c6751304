/**
 * Texts of organisations, roles and members (issue 21): namespace 'members'
 * (shared/i18n/locales/{en,es,zh}/members.json), keys type-checked. Here in shared/cloud because every feature shows
 * the reason a role may not do something; the Members page (features/members) uses the same namespace.
 */
import { useTranslation } from 'react-i18next';
import type members from '../i18n/locales/en/members.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    members: typeof members;
  }
}

export const useMembersText = () => useTranslation('members');
/** The same without suspending (the texts arrive a moment later): for hooks every cloud screen calls. */
export const useMembersTextLater = () => useTranslation('members', { useSuspense: false });
