/**
 * Parking under the connection cap. Chromium refuses WebSockets past 255 per page (issue 4). Up to
 * LIVE_CONNECTIONS_MAX amps, every amp keeps its connection. Past that, only a bounded set does: the host, the amps
 * open in detail, the cards the list shows and the most recently shown ones up to the limit. The other amps are
 * parked: their last summary stays in the store, and the refresh round fetches it over a short-lived connection.
 */
import type { Attacher } from './attach';
import type { AmpRecord, Fleet } from './fleet';

/** Amps kept connected at once when the fleet is larger (Chromium's own limit is 255 WebSockets per page). */
export const LIVE_CONNECTIONS_MAX = 128;

/**
 * The amps that keep a live connection in a fleet larger than `limit`: the host, the amps open in detail, the shown
 * cards, then the most recently shown up to the limit. Empty within the limit (every amp is live then).
 */
export function chooseLive(
  amps: ReadonlyMap<string, AmpRecord>,
  hostAmpId: string | undefined,
  visible: ReadonlySet<string>,
  limit = LIVE_CONNECTIONS_MAX,
): Set<string> {
  const keep = new Set<string>();
  if (amps.size <= limit) return keep;
  if (hostAmpId !== undefined) keep.add(hostAmpId);
  for (const [id, rec] of amps) if (rec.detailUsers > 0) keep.add(id);
  for (const id of visible) if (amps.has(id)) keep.add(id);
  const recent = [...amps]
    .filter(([id, r]) => r.lastShown > 0 && !keep.has(id))
    .sort(([, a], [, b]) => b.lastShown - a.lastShown);
  for (const [id] of recent) {
    if (keep.size >= limit) break;
    keep.add(id);
  }
  return keep;
}

/** Tracks which cards are shown and connects or parks amps to match. */
export class Parking {
  #visible = new Set<string>();
  #shownTick = 0;
  #keep = new Set<string>();

  constructor(
    private readonly fleet: Fleet,
    private readonly attacher: Attacher,
    /** Amps parked before their first summary: fetch them now rather than at the next period. */
    private readonly fetchParkedNow: () => void,
  ) {}

  /** The amps whose cards are on screen: they keep a live connection when the fleet is larger than the limit. */
  setVisible(ampIds: readonly string[]): void {
    this.#visible = new Set(ampIds);
    this.#shownTick += 1;
    for (const id of ampIds) {
      const rec = this.fleet.amps.get(id);
      if (rec) rec.lastShown = this.#shownTick;
    }
    this.rebalance();
  }

  /** Whether an amp keeps a live connection: always in a fleet within the limit, else when chosen. */
  wantsLive(ampId: string): boolean {
    return this.fleet.amps.size <= LIVE_CONNECTIONS_MAX || this.#keep.has(ampId);
  }

  /** Connects a parked amp now, as a card just shown (a write to it before the list told which cards rest on screen). */
  connectNow(ampId: string, rec: AmpRecord): void {
    rec.lastShown = ++this.#shownTick;
    this.attacher.attach(ampId, rec, rec.uacMac, { quiet: true });
  }

  /** Decides which amps keep a live connection (chooseLive), then connects and parks to match. */
  rebalance(): void {
    if (this.fleet.stopped) return;
    this.#keep = chooseLive(this.fleet.amps, this.fleet.host?.ampId, this.#visible);
    let parkedUnfetched = false;
    for (const [id, rec] of this.fleet.amps) {
      if (this.wantsLive(id)) {
        if (rec.parked) this.attacher.attach(id, rec, rec.uacMac, { quiet: true });
        // an amp in the middle of a short-lived fetch is parked by that fetch when it is done
      } else if (!rec.parked && !rec.refreshing) this.attacher.detach(rec);
      if (rec.parked && !rec.fetched) parkedUnfetched = true;
    }
    if (parkedUnfetched) this.fetchParkedNow();
  }
}
