/** The amp's network page (spec 2 §2 /amps/{ampId}/network): ethernet, Wi-Fi, access point. */
export { NetworkScreen } from './amp-page-network';
