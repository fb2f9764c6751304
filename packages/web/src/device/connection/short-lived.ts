/**
 * Short-lived connections: a parked amp's summary is fetched over a connection of its own (connect, `get`, close),
 * at most SHORT_LIVED_MAX at a time, so a large fleet stays under the browser's socket limit.
 */
import { connectionChanged } from '../store/devices-slice';
import type { Attacher } from './attach';
import type { AmpRecord, Fleet } from './fleet';
import { fetchSummary } from './summary';

/** Short-lived summary connections of parked amps open at once. */
export const SHORT_LIVED_MAX = 8;
/** How long a short-lived connection may take to open before the amp counts as unreachable for this round. */
const SHORT_LIVED_CONNECT_MS = 5000;

/** Fetches parked amps' summaries over short-lived connections, a bounded number at once. */
export class ShortLived {
  readonly #open = new Set<Promise<void>>();

  constructor(
    private readonly fleet: Fleet,
    private readonly attacher: Attacher,
    /** Whether the amp should have a live connection by now (Parking.wantsLive). */
    private readonly wantsLive: (ampId: string) => boolean,
  ) {}

  /** Starts a parked amp's fetch; resolves once fewer than SHORT_LIVED_MAX are open, so the caller may start another. */
  async fetch(ampId: string, rec: AmpRecord): Promise<void> {
    const done = this.#refresh(ampId, rec);
    this.#open.add(done);
    void done.finally(() => this.#open.delete(done));
    if (this.#open.size >= SHORT_LIVED_MAX) await Promise.race(this.#open);
  }

  /** spec 2 §4/§9 refresh of a parked amp: connect, fetch, close (or keep, if the card was shown meanwhile). */
  async #refresh(ampId: string, rec: AmpRecord): Promise<void> {
    rec.refreshing = true;
    this.attacher.attach(ampId, rec, rec.uacMac, { quiet: true, shortLived: true });
    const client = rec.client;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        client.connected(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), SHORT_LIVED_CONNECT_MS))),
      ]);
      await fetchSummary(this.fleet, ampId);
    } catch {
      // unreachable this round (the next one tries again): FAILED, as the client reports when it is refused
      if (this.fleet.isCurrent(ampId, rec) && rec.client === client && client.connectionState === 'CONNECTING')
        this.fleet.dispatch(connectionChanged({ ampId, connection: 'FAILED' }));
    } finally {
      clearTimeout(timer);
      rec.refreshing = false;
      rec.fetched = true;
      if (this.fleet.isCurrent(ampId, rec)) {
        if (!this.wantsLive(ampId)) this.attacher.detach(rec);
        // shown meanwhile: a connection that reconnects by itself replaces the short-lived one
        else if (rec.client === client) this.attacher.replace(ampId, rec, rec.uacMac, { quiet: true });
      }
    }
  }
}
