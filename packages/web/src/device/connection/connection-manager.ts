/**
 * The connection manager (outside React): one DeviceClient per amp, fed into the ONE device slice. It composes the
 * parts beside it and routes each client's events to them:
 *
 * - attach.ts: an amp's client (add, attach, replace, park, drop; the UAC MAC reconnect)
 * - discovery.ts: the host's `/discovery` names the fleet (spec 2 §2 local mode)
 * - subscriptions.ts: `/` while an amp's detail is open, `/discovery` on the host
 * - writes.ts: writes shown at once, rolled back when the amp refuses
 * - parking.ts: past LIVE_CONNECTIONS_MAX amps, only the host, open and shown amps keep a connection (issue 4)
 * - refresh-round.ts, summary.ts, short-lived.ts: the 15 s summary refresh, over short-lived connections for parked amps
 * - model-swap.ts: the whole tree handed over when an amp's model becomes known or changes
 * - ../undo/recorded-writes.ts: every user write recorded per amp for undo/redo (issue 18), kept across reconnects
 * Notifications are batched by DeltaBatcher (one dispatch per 50 ms at most).
 */
import { getAt, urlSegments, type DeviceDelta } from '@rackside/protocol';
import { ConnectionError, type ConnectionState } from '@rackside/device-client';
import type { UnknownAction } from '@reduxjs/toolkit';
import { ampRemoved, connectionChanged, hostResolved, remoteAmpUrl, type WithDevices } from '../store/devices-slice';
import { selectAmpState } from '../store/selectors';
import {
  RecordedWrites,
  type GroupWrite,
  type GroupWriteOutcome,
  type WriteHistorySource,
} from '../undo/recorded-writes';
import { Attacher } from './attach';
import { defaultClientFactory, type ClientFactory, type ClientLike } from './client';
import { syncDiscovery } from './discovery';
import { Fleet, type AmpRecord } from './fleet';
import { ampIdOfHost, deviceUrl, portOfHost } from './host';
import { takeModelChange } from './model-swap';
import { Parking } from './parking';
import { RefreshRound } from './refresh-round';
import { ShortLived } from './short-lived';
import { Subscriptions } from './subscriptions';
import { fetchSummary } from './summary';
import { verifyPassword, type VerifyResult } from './verify-password';
import { writeInstantly } from './writes';

export interface ConnectionManagerOptions {
  readonly dispatch: (action: UnknownAction) => void;
  /** The local login's password (answers auth challenges); null for a guest. */
  readonly getPassword: () => string | null;
  readonly createClient?: ClientFactory;
  /** The store's state: what a write changes is read from it for the undo history (else from the client's tree). */
  readonly getState?: () => WithDevices;
}

/** The React side's view of the manager (features use it through useDeviceManager). */
export interface DeviceManager {
  openDetail(ampId: string): () => void;
  reconnect(ampId: string): void;
  set(ampId: string, url: string, params: Record<string, unknown>): Promise<void>;
  /**
   * Issue 18: several writes of one user action (linked channels, a copied block), shown at once, recorded as ONE
   * undo step; resolves with each write's outcome (never rejects), `onProgress(done)` after each.
   */
  setGroup?(
    ampId: string,
    writes: readonly GroupWrite[],
    onProgress?: (done: number) => void,
  ): Promise<GroupWriteOutcome[]>;
  verifyPassword(password: string): Promise<VerifyResult>;
  /**
   * spec 3 §4/§7: `lock`, `unlock` or `reset` on the amp's /lockedProperties (speaker tunings); resolves with the
   * amp's result (lock: `{groupId, group: {key}}`), rejects with the amp's error (InvalidPassword, ...).
   */
  lockedProperties?(
    ampId: string,
    method: 'lock' | 'unlock' | 'reset',
    params: Record<string, unknown>,
  ): Promise<unknown>;
  /**
   * spec 3 §7: `getConfig` or `setConfig` on the amp's /NSTProxy for the CS Touch panel at `params.ipAddress`;
   * resolves with the amp's result (`{requestId, payload}`), rejects with its error (panel offline, bad config).
   */
  touchConfig?(ampId: string, method: 'getConfig' | 'setConfig', params: Record<string, unknown>): Promise<unknown>;
  /** The amps whose cards are on screen: they keep a live connection when the fleet is larger than the limit. */
  setVisible?(ampIds: readonly string[]): void;
  /** Cloud mode: a connection to the amp through the cloud relay while its detail is open; returns the release. */
  openRemote?(ampId: string): () => void;
  /** Resolves once the amp's connection is (or next becomes) live; rejects when it fails or the amp is unknown. */
  connected?(ampId: string): Promise<void>;
  /** Issue 18: each amp's undo and redo stacks of the console's writes. */
  readonly history?: WriteHistorySource;
  /** Writes back the values before the amp's last change (shown at once); false with nothing to undo; rejects when refused. */
  undo?(ampId: string): Promise<boolean>;
  /** Writes again the amp's last undone change; false with nothing to redo; rejects when refused. */
  redo?(ampId: string): Promise<boolean>;
}

/** A released remote amp keeps its relay session this long, so the next page of the same amp reuses it. */
export const REMOTE_LINGER_MS = 2_000;

/** Connects the console to the host amp and every amp it discovers, within the browser's socket limit. */
export class ConnectionManager implements DeviceManager {
  readonly #fleet: Fleet;
  readonly #createClient: ClientFactory;
  readonly #attacher: Attacher;
  readonly #subscriptions: Subscriptions;
  readonly #parking: Parking;
  readonly #round: RefreshRound;
  readonly #writes: RecordedWrites;
  /** Cloud mode: how many open details hold each remote amp, and the pending release of one no longer held. */
  readonly #remote = new Map<string, { users: number; release?: ReturnType<typeof setTimeout> }>();

  constructor(options: ConnectionManagerOptions) {
    const fleet = (this.#fleet = new Fleet(options.dispatch));
    this.#createClient = options.createClient ?? defaultClientFactory;
    const attacher = (this.#attacher = new Attacher(fleet, this.#createClient, options.getPassword, {
      onChange: (ampId, rec, delta) => this.#onChange(ampId, rec, delta),
      onConnectionState: (ampId, rec, state) => this.#onConnectionState(ampId, rec, state),
    }));
    const parking = (this.#parking = new Parking(fleet, attacher, () => this.#round.runNow()));
    const shortLived = new ShortLived(fleet, attacher, (ampId) => parking.wantsLive(ampId));
    this.#round = new RefreshRound(fleet, (ampId, rec) => shortLived.fetch(ampId, rec));
    this.#subscriptions = new Subscriptions(fleet, () => parking.rebalance());
    this.#writes = new RecordedWrites({
      // a card shown a moment ago (the list tells the manager once it rests): connect it now, then write
      write: (ampId, url, params) =>
        writeInstantly(fleet, ampId, url, params, (id, rec) => parking.connectNow(id, rec)),
      valueAt: (ampId, url) => {
        fleet.batcher.flush(); // what the amp sent last, as the write will show it
        const tree = options.getState ? selectAmpState(options.getState(), ampId) : fleet.amps.get(ampId)?.client.state;
        return getAt(tree, urlSegments(url));
      },
      modelOf: (ampId) => fleet.amps.get(ampId)?.client.model,
    });
  }

  /** Issue 18: the amps' undo histories (kept by amp id: a reconnect or a return to the fleet keeps them). */
  get history(): WriteHistorySource {
    return this.#writes.history;
  }

  /** Connects to the host amp ("ip:port") and starts the summary refresh loop. */
  start(host: string): void {
    const ampId = ampIdOfHost(host);
    const port = portOfHost(host);
    this.#fleet.host = { ampId, port };
    this.#fleet.dispatch(hostResolved({ ampId }));
    this.#attacher.add(ampId, deviceUrl(ampId, port));
    this.#round.schedule();
  }

  /** Closes every connection and timer. */
  stop(): void {
    this.#fleet.stopped = true;
    this.#round.stop();
    for (const hold of this.#remote.values()) clearTimeout(hold.release);
    this.#fleet.batcher.dispose();
    for (const id of [...this.#fleet.amps.keys()]) this.#attacher.drop(id);
  }

  /** spec 2 §2: subscribes the amp to `/` while its detail is open; the returned function unsubscribes. */
  openDetail(ampId: string): () => void {
    return this.#subscriptions.openDetail(ampId);
  }

  setVisible(ampIds: readonly string[]): void {
    this.#parking.setVisible(ampIds);
  }

  /**
   * Cloud mode (issue 13): adds the amp with a client through the cloud relay (the client factory knows `cloud:`
   * urls), kept while any detail holds it; a release drops it from the fleet and the store REMOTE_LINGER_MS later.
   */
  openRemote(ampId: string): () => void {
    const hold = this.#remote.get(ampId) ?? { users: 0 };
    this.#remote.set(ampId, hold);
    clearTimeout(hold.release);
    hold.users++;
    if (!this.#fleet.amps.has(ampId)) this.#attacher.add(ampId, remoteAmpUrl(ampId));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--hold.users > 0) return;
      hold.release = setTimeout(() => {
        if (hold.users > 0 || this.#remote.get(ampId) !== hold) return;
        this.#remote.delete(ampId);
        this.#attacher.drop(ampId);
        this.#fleet.dispatch(ampRemoved(ampId));
      }, REMOTE_LINGER_MS);
    };
  }

  connected(ampId: string): Promise<void> {
    const rec = this.#fleet.amps.get(ampId);
    return rec ? rec.client.connected() : Promise.reject(new ConnectionError(`no connection to ${ampId}`));
  }

  /** The user's Reconnect/Retry: a new connection now, rather than after the client's own 5 s wait. */
  reconnect(ampId: string): void {
    const rec = this.#fleet.amps.get(ampId);
    if (rec) this.#attacher.replace(ampId, rec, rec.uacMac);
  }

  /**
   * `set url params` on one amp. The change shows at once (clamped to the schema); if the amp refuses, the
   * subtree is restored from what the client last received, and the error is rethrown. Once accepted, the change
   * joins the amp's undo history.
   */
  set(ampId: string, url: string, params: Record<string, unknown>): Promise<void> {
    return this.#writes.set(ampId, url, params);
  }

  setGroup(
    ampId: string,
    writes: readonly GroupWrite[],
    onProgress?: (done: number) => void,
  ): Promise<GroupWriteOutcome[]> {
    return this.#writes.setGroup(ampId, writes, onProgress);
  }

  undo(ampId: string): Promise<boolean> {
    return this.#writes.undo(ampId);
  }

  redo(ampId: string): Promise<boolean> {
    return this.#writes.redo(ampId);
  }

  lockedProperties(ampId: string, method: 'lock' | 'unlock' | 'reset', params: Record<string, unknown>) {
    return this.#request(ampId, method, '/lockedProperties', params);
  }

  touchConfig(ampId: string, method: 'getConfig' | 'setConfig', params: Record<string, unknown>) {
    return this.#request(ampId, method, '/NSTProxy', params);
  }

  /** A method beyond get/set on one amp, connecting a parked amp first. */
  async #request(
    ampId: string,
    method: Parameters<NonNullable<ClientLike['request']>>[0],
    url: string,
    params: Record<string, unknown>,
  ): Promise<unknown> {
    const rec = this.#fleet.amps.get(ampId);
    if (!rec) throw new ConnectionError(`no connection to ${ampId}`);
    if (rec.parked) {
      this.#parking.connectNow(ampId, rec);
      await rec.client.connected().catch(() => undefined);
    }
    if (!rec.client.request) throw new ConnectionError(`${ampId}'s connection cannot ${method} ${url}`);
    return rec.client.request(method, url, params);
  }

  /** spec 2 §2/§5: checks a password on the host amp with `/misc set {verifyPassword}` over its own connection. */
  verifyPassword(password: string): Promise<VerifyResult> {
    const rec = this.#fleet.hostRecord();
    if (!rec) return Promise.resolve('unreachable');
    return verifyPassword(this.#createClient, { url: rec.url, uacMac: rec.uacMac }, password);
  }

  /** Fetches the summary subtrees of one amp (also run once on every connect). */
  refreshSummary(ampId: string): Promise<void> {
    return fetchSummary(this.#fleet, ampId);
  }

  #onChange(ampId: string, rec: AmpRecord, delta: DeviceDelta): void {
    if (!this.#fleet.isCurrent(ampId, rec)) return;
    if (!takeModelChange(this.#fleet, ampId, rec)) this.#fleet.batcher.add(ampId, delta);
    if (this.#fleet.isHost(ampId) && delta.discovery)
      syncDiscovery(this.#fleet, this.#attacher, delta, () => this.#parking.rebalance());
    if (rec.uacMac === undefined && rec.client.state.UAC?.key) this.#attacher.adoptUacMac(ampId, rec);
  }

  #onConnectionState(ampId: string, rec: AmpRecord, state: ConnectionState): void {
    if (!this.#fleet.isCurrent(ampId, rec)) return;
    // a parked amp connecting again keeps showing its last summary meanwhile
    if (rec.quiet && state === 'CONNECTING') return;
    rec.quiet = false;
    // what the amp sent before the connection changed reaches the store first
    this.#fleet.batcher.flush();
    this.#fleet.dispatch(connectionChanged({ ampId, connection: state }));
    if (state !== 'CONNECTED') return;
    rec.error = null; // the slice clears it on CONNECTED
    rec.fetched = true;
    if (this.#fleet.isHost(ampId)) this.#subscriptions.subscribeDiscovery(rec, false);
    if (rec.detailUsers > 0) this.#subscriptions.subscribeDetail(ampId, rec);
    else if (!rec.refreshing) void fetchSummary(this.#fleet, ampId); // a short-lived connection fetches by itself
  }
}
