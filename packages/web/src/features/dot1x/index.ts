/** The amp's 802.1X page (spec 2 §2 /amps/{ampId}/dot1x). */
export { Dot1xScreen } from './amp-page-dot1x';
