/** The amp's settings page (spec 2 §2 /amps/{ampId}/settings): device info, locator, password, power usage. */
export { SettingsScreen } from './amp-page-settings';
