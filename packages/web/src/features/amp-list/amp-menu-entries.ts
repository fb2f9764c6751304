/** The amp menu of spec 2 §2: which entries an amp offers (local mode, and an amp's detail in cloud mode). */
import { UAC_HIDDEN_PAGES, type AmpPage } from '../../shared/amp-pages';

export type AmpMenuEntryId =
  'connect' | 'channel' | 'settings' | 'events' | 'faults' | 'power' | 'network' | 'dot1x' | 'importExport';

export interface AmpMenuEntry {
  readonly id: AmpMenuEntryId;
  /** The page the entry opens; Import/Export opens a dialog instead. */
  readonly page?: AmpPage | 'channels';
}

const ALL: readonly AmpMenuEntry[] = [
  { id: 'connect', page: 'connect' },
  { id: 'channel', page: 'channels' },
  { id: 'settings', page: 'settings' },
  { id: 'events', page: 'events' },
  { id: 'faults', page: 'faults' },
  { id: 'power', page: 'power' },
  { id: 'network', page: 'network' },
  { id: 'dot1x', page: 'dot1x' },
  { id: 'importExport' },
];

export interface AmpMenuFacts {
  readonly isConnected: boolean;
  readonly isUacLocked: boolean;
  /**
   * The UAC lock leaves the user nothing to see (issue 18: a role that reads or writes anything keeps the pages,
   * each field at its level); defaults to isUacLocked.
   */
  readonly uacHidesPages?: boolean;
  /** network.ethernet.dot1xEnable */
  readonly dot1xEnabled: boolean;
  /** Reached through the cloud: no connect-to-account (local only). */
  readonly cloud?: boolean;
}

/**
 * spec 2 §2: connect-to-account only for connected amps (local mode); 802.1x only when enabled on the ethernet
 * config; Import/Export only when connected and not UAC-locked; a UAC lock hides channel, settings and the other
 * configuration pages.
 */
export function ampMenuEntries(facts: AmpMenuFacts): AmpMenuEntry[] {
  const { isConnected, isUacLocked, dot1xEnabled, cloud } = facts;
  const hidesPages = facts.uacHidesPages ?? isUacLocked;
  return ALL.filter((e) => {
    if (e.id === 'connect' && (!isConnected || cloud === true)) return false;
    if (e.id === 'dot1x' && !dot1xEnabled) return false;
    if (e.id === 'importExport') return isConnected && !isUacLocked;
    return !(hidesPages && e.page && UAC_HIDDEN_PAGES.has(e.page));
  });
}
