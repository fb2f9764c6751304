/**
 * Subscriptions (spec 2 §2): the host keeps `/discovery` subscribed; an amp open in detail subscribes to `/` and
 * fetches its field schemas once; leaving unsubscribes.
 */
import { ampErrored, detailClosed, detailOpened, infoReceived } from '../store/devices-slice';
import type { AmpRecord, Fleet } from './fleet';

/** Subscribes and unsubscribes amps as their detail opens and closes. */
export class Subscriptions {
  constructor(
    private readonly fleet: Fleet,
    /** A parked amp opened in detail needs a live connection again (Parking.rebalance). */
    private readonly rebalance: () => void,
  ) {}

  /** spec 2 §2: subscribes the amp to `/` while its detail is open; the returned function unsubscribes. */
  openDetail(ampId: string): () => void {
    const rec = this.fleet.amps.get(ampId);
    if (!rec) return () => undefined;
    rec.detailUsers += 1;
    this.fleet.dispatch(detailOpened(ampId));
    if (rec.parked) this.rebalance();
    else if (rec.client.connectionState === 'CONNECTED') this.subscribeDetail(ampId, rec);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      rec.detailUsers -= 1;
      if (rec.detailUsers > 0) return;
      this.fleet.dispatch(detailClosed(ampId));
      if (!this.fleet.isCurrent(ampId, rec) || rec.parked) return;
      rec.subscribed = false;
      rec.client.unsubscribe('/').then(
        // the amp drops every subscription of the connection on `unsubscribe /`: the host keeps its discovery
        () => (this.fleet.isHost(ampId) ? this.subscribeDiscovery(rec, true) : undefined),
        () => undefined,
      );
    };
  }

  /** Subscribes `/` (once per connection), then asks for the field schemas; a refusal shows on the amp. */
  subscribeDetail(ampId: string, rec: AmpRecord): void {
    if (rec.subscribed) return;
    rec.subscribed = true;
    rec.client.subscribe('/').then(
      () => this.#requestInfo(ampId, rec),
      () => {
        rec.subscribed = false;
        if (!this.fleet.isCurrent(ampId, rec)) return;
        rec.error = 'failedToGetDeviceData';
        this.fleet.dispatch(ampErrored({ ampId, error: rec.error }));
      },
    );
  }

  /** Subscribes the host's `/discovery` (once per connection, unless `again` after an `unsubscribe /`). */
  subscribeDiscovery(rec: AmpRecord, again: boolean): void {
    if (rec.discoverySubscribed && !again) return;
    rec.discoverySubscribed = true;
    rec.client.subscribe('/discovery').catch(() => {
      rec.discoverySubscribed = false;
    });
  }

  /** spec 2 §4 "fetch info and data": the field schemas of an amp opened in detail, once. */
  #requestInfo(ampId: string, rec: AmpRecord): void {
    if (rec.infoRequested) return;
    rec.infoRequested = true;
    rec.client.info('/').then(
      (info) => this.fleet.isCurrent(ampId, rec) && this.fleet.dispatch(infoReceived({ ampId, info })),
      () => (rec.infoRequested = false),
    );
  }
}
