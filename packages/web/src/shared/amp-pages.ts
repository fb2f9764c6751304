/** The pages of one amp (spec 2 §2 local mode) and the rules that hide them, shared by the amp menu and routes. */
import { createContext, useContext } from 'react';

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

/** Where an amp's pages live: /amps/{ampId}/… in local mode, /venues/{venueId}/amps/{ampId}/… in cloud mode (spec 2). */
export interface AmpRoutes {
  /** The list an amp's detail returns to: /amps, or the amp's venue. */
  readonly list: string;
  /** An amp page's path. */
  readonly amp: (ampId: string, page?: AmpPage | 'channels') => string;
  /** The amp is reached through the cloud: local-only pages and entries (connect to account) are left out. */
  readonly cloud: boolean;
}

export const LOCAL_AMP_ROUTES: AmpRoutes = { list: '/amps', amp: ampPath, cloud: false };

/** The routes of a venue's amps (cloud mode). */
export function venueAmpRoutes(venueId: string): AmpRoutes {
  const list = `/venues/${encodeURIComponent(venueId)}`;
  return {
    list,
    amp: (ampId, page) => `${list}/amps/${encodeURIComponent(ampId)}${page ? `/${page}` : ''}`,
    cloud: true,
  };
}

/** The amp routes of the detail around (local unless a cloud venue's detail provides its own). */
export const AmpRoutesContext = createContext<AmpRoutes>(LOCAL_AMP_ROUTES);
export const useAmpRoutes = (): AmpRoutes => useContext(AmpRoutesContext);
