/** The pages of one amp (spec 2 §2 local mode) and the rules that hide them, shared by the amp menu and routes. */

/** Sub-pages under /amps/{ampId}/ besides the channels. */
export const AMP_PAGES = [
  'settings',
  'events',
  'faults',
  'power',
  'network',
  'dot1x',
  'green',
  'advanced',
  'connect',
] as const;
export type AmpPage = (typeof AMP_PAGES)[number];

/**
 * spec 2 §2: "A UAC lock hides channel, settings and other pages". We read "other pages" as the pages that
 * configure the amp; the read-only logs (events, faults) and connect-to-account stay reachable.
 */
export const UAC_HIDDEN_PAGES: ReadonlySet<AmpPage | 'channels'> = new Set([
  'channels',
  'settings',
  'power',
  'network',
  'dot1x',
  'green',
  'advanced',
] as const);

/** The local route of an amp page: /amps/{ampId}/{page}. */
export const ampPath = (ampId: string, page?: AmpPage | 'channels'): string =>
  `/amps/${encodeURIComponent(ampId)}${page ? `/${page}` : ''}`;

/** What an amp page's screen receives from its route. */
export interface AmpPageProps {
  readonly ampId: string;
}
