/**
 * The account's security pages (issue 21): two-factor sign-in and the signed-in devices. A module of its own, loaded
 * only when one of them opens (the QR code library stays out of the sign-in route's bundle).
 */
export { TwoFactorPage } from './components/two-factor-page';
export { SessionsPage } from './components/sessions-page';
