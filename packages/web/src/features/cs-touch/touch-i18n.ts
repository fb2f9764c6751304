/**
 * The touch configuration editor's texts (issue 19, spec 3 §2/§5/§8): namespace 'touch' for the screen, its header
 * and dialogs; 'touch-groups' for the group list and the volume forms; 'touch-sources' for source groups, the live
 * test and the check before save (shared/i18n/locales/{en,es,zh}/*.json), keys type-checked.
 */
import { useTranslation } from 'react-i18next';
import type touch from '../../shared/i18n/locales/en/touch.json';
import type touchGroups from '../../shared/i18n/locales/en/touch-groups.json';
import type touchSources from '../../shared/i18n/locales/en/touch-sources.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    touch: typeof touch;
    'touch-groups': typeof touchGroups;
    'touch-sources': typeof touchSources;
  }
}

export const useTouchText = () => useTranslation('touch');
export const useTouchGroupsText = () => useTranslation('touch-groups');
export const useTouchSourcesText = () => useTranslation('touch-sources');
