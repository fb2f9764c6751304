/** The amp's advanced page (spec 2 §2 /amps/{ampId}/advanced): GPIO ports. */
export { AdvancedScreen } from './amp-page-advanced';
