export { PreferencesPage } from './components/preferences-page';
export {
  defaultPreferences,
  effectiveLanguage,
  loadPreferences,
  preferencesReducer,
  savePreferences,
  selectDarkMode,
  selectDelayUnits,
  selectLanguagePreference,
  type PreferencesState,
  type WithPreferences,
} from './store/preferences-slice';
