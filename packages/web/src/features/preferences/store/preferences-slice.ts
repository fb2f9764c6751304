/**
 * App preferences (spec 1 §2 Preferences, spec 2 §1): language (null = auto-detect from the browser), dark mode and
 * delay units (Milliseconds by default), all remembered in local storage.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  DEFAULT_DELAY_UNIT,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  isDelayUnit,
  type DelayUnit,
  type Language,
} from '@rackside/protocol';

/** Local-storage keys of the preferences (LANGUAGE is the spec's; the other two are ours). */
export const DARK_MODE_STORAGE_KEY = 'DARK_MODE';
export const DELAY_UNITS_STORAGE_KEY = 'DELAY_UNITS';

export interface PreferencesState {
  /** The chosen language; null means auto-detect from the browser. */
  readonly language: Language | null;
  readonly darkMode: boolean;
  readonly delayUnits: DelayUnit;
}

export const defaultPreferences: PreferencesState = { language: null, darkMode: false, delayUnits: DEFAULT_DELAY_UNIT };

const slice = createSlice({
  name: 'preferences',
  initialState: defaultPreferences,
  reducers: {
    languageChosen(state, action: PayloadAction<Language | null>) {
      state.language = action.payload;
    },
    darkModeSet(state, action: PayloadAction<boolean>) {
      state.darkMode = action.payload;
    },
    delayUnitsChosen(state, action: PayloadAction<DelayUnit>) {
      state.delayUnits = action.payload;
    },
  },
});

export const { languageChosen, darkModeSet, delayUnitsChosen } = slice.actions;
export const preferencesReducer = slice.reducer;

export interface WithPreferences {
  readonly preferences: PreferencesState;
}
export const selectLanguagePreference = (s: WithPreferences) => s.preferences.language;
export const selectDarkMode = (s: WithPreferences) => s.preferences.darkMode;
/** The delay unit the channel views show delays in (convert with the protocol's delayFromMs/delayToMs). */
export const selectDelayUnits = (s: WithPreferences) => s.preferences.delayUnits;

export const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);

/**
 * spec 1 §2: the language to show: the chosen one; else Chinese on the China cloud; else the browser's first
 * supported one, else English.
 */
export function effectiveLanguage(
  chosen: Language | null,
  browserLanguages: readonly string[],
  china = false,
): Language {
  if (chosen) return chosen;
  if (china) return 'zh';
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** Reads the stored preferences; a missing or unreadable entry keeps its default. */
export function loadPreferences(storage: Pick<Storage, 'getItem'> | undefined): PreferencesState {
  const language = storage?.getItem(LANGUAGE_STORAGE_KEY);
  const delayUnits = storage?.getItem(DELAY_UNITS_STORAGE_KEY);
  return {
    language: isLanguage(language) ? language : null,
    darkMode: storage?.getItem(DARK_MODE_STORAGE_KEY) === 'true',
    delayUnits: isDelayUnit(delayUnits) ? delayUnits : DEFAULT_DELAY_UNIT,
  };
}

/** Writes the preferences (LANGUAGE is removed for auto-detect). */
export function savePreferences(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, p: PreferencesState) {
  if (!storage) return;
  if (p.language === null) storage.removeItem(LANGUAGE_STORAGE_KEY);
  else storage.setItem(LANGUAGE_STORAGE_KEY, p.language);
  storage.setItem(DARK_MODE_STORAGE_KEY, String(p.darkMode));
  storage.setItem(DELAY_UNITS_STORAGE_KEY, p.delayUnits);
}
