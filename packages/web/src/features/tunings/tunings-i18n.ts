/** The speaker tunings texts (namespace 'tunings', shared/i18n/locales/{en,es,zh}/tunings.json), keys type-checked. */
import { useTranslation } from 'react-i18next';
import type tunings from '../../shared/i18n/locales/en/tunings.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    tunings: typeof tunings;
  }
}

export const TUNINGS_NS = 'tunings';

/** `t` of the 'tunings' namespace. */
export const useTuningsText = () => useTranslation(TUNINGS_NS);
