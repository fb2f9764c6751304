/** The power and energy-savings pages' texts (namespace 'power', shared/i18n/locales/{en,es,zh}/power.json). */
import type power from '../../shared/i18n/locales/en/power.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    power: typeof power;
  }
}

export const POWER_NS = 'power';

/** A reading with a fixed number of decimals in the user's language (spec 2 §5: AC current with 1 decimal). */
export const formatReading = (value: number | undefined, decimals: number, language: string): string =>
  new Intl.NumberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    value ?? 0,
  );
