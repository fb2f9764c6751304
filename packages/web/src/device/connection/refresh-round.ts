/**
 * The summary refresh round (spec 2 §4/§9): every AMP_SUMMARY_REFRESH_MS, each amp not open in detail fetches its
 * summary, AMP_SUMMARY_STAGGER_MS apart. We chose `get` over a light subscription: the rule is the spec's, the
 * traffic is bounded (a few KB per amp per period) whatever the amps do, and no notification stream per amp has to be
 * managed for the whole fleet. A parked amp is fetched over a short-lived connection.
 */
import { AMP_SUMMARY_REFRESH_MS, AMP_SUMMARY_STAGGER_MS } from '@rackside/protocol';
import type { AmpRecord, Fleet } from './fleet';
import { fetchSummary } from './summary';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the refresh round on its timer, or at once when parked amps have never been fetched. */
export class RefreshRound {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;

  constructor(
    private readonly fleet: Fleet,
    /** A parked amp's fetch (ShortLived.fetch): resolves when another may start. */
    private readonly fetchParked: (ampId: string, rec: AmpRecord) => Promise<void>,
  ) {}

  /** Schedules the next round one period from now. */
  schedule(): void {
    if (this.fleet.stopped) return;
    this.#timer = setTimeout(() => void this.#run(), AMP_SUMMARY_REFRESH_MS);
  }

  /** Runs a round now unless one is running (amps parked before a first summary should not wait a period). */
  runNow(): void {
    if (this.#running) return;
    clearTimeout(this.#timer);
    void this.#run();
  }

  stop(): void {
    clearTimeout(this.#timer);
  }

  async #run(): Promise<void> {
    this.#running = true;
    for (const [ampId, rec] of [...this.fleet.amps]) {
      if (this.fleet.stopped) return;
      if (!this.fleet.isCurrent(ampId, rec)) continue;
      if (rec.parked) await this.fetchParked(ampId, rec);
      else {
        // the amp open in detail is subscribed; a short-lived connection fetches by itself
        if (rec.detailUsers > 0 || rec.refreshing || rec.client.connectionState !== 'CONNECTED') continue;
        void fetchSummary(this.fleet, ampId);
      }
      await sleep(AMP_SUMMARY_STAGGER_MS);
    }
    this.#running = false;
    this.schedule();
  }
}
