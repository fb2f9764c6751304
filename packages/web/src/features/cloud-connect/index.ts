/** The amp's Connect to account page (spec 2 §2 /amps/{ampId}/connect): registers the amp with a cloud account. */
export { ConnectScreen } from './amp-page-connect';
