/** The undo controls' texts (namespace 'undo', shared/i18n/locales/{en,es,zh}/undo.json), keys type-checked. */
import type undo from '../../../shared/i18n/locales/en/undo.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    undo: typeof undo;
  }
}

export const UNDO_NS = 'undo';

/** A translate function of the 'undo' namespace open to built keys ('fields.gain'); `defaultValue` for the rest. */
export type UndoTranslate = (key: string, options?: Record<string, unknown>) => string;
