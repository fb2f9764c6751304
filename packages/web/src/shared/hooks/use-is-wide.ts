import { NARROW_BREAKPOINT_PX } from '@rackside/protocol';
import { useSyncExternalStore } from 'react';

/** The theme's `sm` breakpoint (shared/ui/theme.ts) as a media query, without MUI (the amp list is the first route). */
const WIDE_QUERY = `(min-width:${NARROW_BREAKPOINT_PX}px)`;

const subscribe = (onChange: () => void): (() => void) => {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isWide = (): boolean => window.matchMedia(WIDE_QUERY).matches;

/** spec 2 §2: wide screens (768 px and up, the theme's `sm`) show the amp list and the detail side by side. */
export const useIsWide = (): boolean => useSyncExternalStore(subscribe, isWide);
