/** The amp's power pages (spec 2 §2 /amps/{ampId}/power and /green). */
export { GreenScreen } from './amp-page-green';
export { PowerScreen } from './amp-page-power';
