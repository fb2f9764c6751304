/**
 * The texts of linked channels and block copies (issue 18; namespace 'channel-links',
 * shared/i18n/locales/{en,es,zh}/channel-links.json), keys type-checked.
 */
import { useTranslation } from 'react-i18next';
import type channelLinks from '../../../shared/i18n/locales/en/channel-links.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    'channel-links': typeof channelLinks;
  }
}

export const CHANNEL_LINKS_NS = 'channel-links';

/** `t` of the 'channel-links' namespace. */
export const useLinksText = () => useTranslation(CHANNEL_LINKS_NS);
