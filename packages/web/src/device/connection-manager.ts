/**
 * The connection manager (outside React): one DeviceClient per amp, fed into the ONE device slice.
 *
 * - The host amp is connected first; its `/discovery` subscription names the fleet, and one client is opened for
 *   every amp it lists (spec 2 §2 local mode: the host and what it discovered).
 * - Notifications are batched by DeltaBatcher (one dispatch per 50 ms at most).
 * - Amps not open in the detail pane are refreshed with a `get` of the subtrees their summary reads, every 15000 ms
 *   with 64 ms between amps (spec 2 §4/§9). We chose `get` over a light subscription: the rule is the spec's, the
 *   traffic is bounded (a few KB per amp per period) whatever the amps do, and no notification stream per amp has
 *   to be managed for the whole fleet.
 * - Opening an amp's detail subscribes to `/`; leaving unsubscribes (spec 2 §2).
 * - Chromium refuses WebSockets past 255 per page (issue 4). Up to LIVE_CONNECTIONS_MAX amps, every amp keeps its
 *   connection. Past that, only a bounded set does: the host, the amp open in detail, the cards the list shows
 *   (setVisible) and the most recently shown ones up to the limit. The other amps are parked: their last summary
 *   stays in the store, and the refresh round fetches it over a short-lived connection (connect, `get`, close),
 *   at the same 15000 ms / 64 ms pace, at most SHORT_LIVED_MAX at a time.
 */
import {
  AMP_SUMMARY_REFRESH_MS,
  AMP_SUMMARY_STAGGER_MS,
  clampAt,
  getAt,
  urlSegments,
  type DeviceDelta,
} from '@rackside/protocol';
import { ConnectionError, DeviceCallError, type ConnectionState } from '@rackside/device-client';
import type { UnknownAction } from '@reduxjs/toolkit';
import { defaultClientFactory, type ClientFactory, type ClientLike } from './client';
import { DeltaBatcher } from './delta-batcher';
import { ampIdOfHost, deviceUrl, portOfHost } from './host';
import { summaryUrls } from './summary-urls';
import { verifyPassword, type VerifyResult } from './verify-password';
import {
  ampAdded,
  ampErrored,
  ampRemoved,
  connectionChanged,
  deltasReceived,
  detailClosed,
  detailOpened,
  hostResolved,
  infoReceived,
  stateReplaced,
  type AmpError,
} from './store/devices-slice';

export interface ConnectionManagerOptions {
  readonly dispatch: (action: UnknownAction) => void;
  /** The local login's password (answers auth challenges); null for a guest. */
  readonly getPassword: () => string | null;
  readonly createClient?: ClientFactory;
}

/** The React side's view of the manager (features use it through useDeviceManager). */
export interface DeviceManager {
  openDetail(ampId: string): () => void;
  reconnect(ampId: string): void;
  set(ampId: string, url: string, params: Record<string, unknown>): Promise<void>;
  verifyPassword(password: string): Promise<VerifyResult>;
  /** The amps whose cards are on screen: they keep a live connection when the fleet is larger than the limit. */
  setVisible?(ampIds: readonly string[]): void;
}

/** Amps kept connected at once when the fleet is larger (Chromium's own limit is 255 WebSockets per page). */
export const LIVE_CONNECTIONS_MAX = 128;
/** Short-lived summary connections of parked amps open at once. */
export const SHORT_LIVED_MAX = 8;
/** How long a short-lived connection may take to open before the amp counts as unreachable for this round. */
const SHORT_LIVED_CONNECT_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const detachedError = () => Promise.reject(new ConnectionError('no live connection to this amp'));
/** The client of an amp parked before it ever connected: closed, every request refused. */
const DETACHED: ClientLike = {
  connectionState: 'CONNECTING',
  state: {},
  model: undefined,
  onChange: () => () => undefined,
  onConnectionState: () => () => undefined,
  connected: detachedError,
  get: detachedError,
  info: detachedError,
  set: detachedError,
  subscribe: detachedError,
  unsubscribe: detachedError,
  close: () => undefined,
};

const rooted = (url: string, value: unknown): DeviceDelta => {
  let out: unknown = value;
  for (const seg of urlSegments(url).reverse()) out = { [seg]: out };
  return out as DeviceDelta;
};

interface AmpRecord {
  client: ClientLike;
  readonly url: string;
  uacMac: string | undefined;
  modelId: string | null;
  /** The last error reported to the store. */
  error: AmpError | null;
  /** Wants `/` subscribed (detail open); `subscribed` once the amp accepted it. */
  detailUsers: number;
  subscribed: boolean;
  discoverySubscribed: boolean;
  /** `info /` asked for (once per model: the reply is kept in the store). */
  infoRequested: boolean;
  off: (() => void)[];
  /** No live connection (a large fleet, the amp not shown): its client is closed and not listened to. */
  parked: boolean;
  /** A client attached to a parked amp: its CONNECTING is not reported (the card keeps the last summary). */
  quiet: boolean;
  /** A short-lived summary connection is open. */
  refreshing: boolean;
  /** A summary fetch was tried (a live connection or a short-lived one). */
  fetched: boolean;
  /** When its card was last on screen (a counter; 0 = never). */
  lastShown: number;
}

export class ConnectionManager implements DeviceManager {
  readonly #amps = new Map<string, AmpRecord>();
  readonly #dispatch: (action: UnknownAction) => void;
  readonly #getPassword: () => string | null;
  readonly #createClient: ClientFactory;
  readonly #batcher: DeltaBatcher;
  #host: { ampId: string; port: number } | undefined;
  #refreshTimer: ReturnType<typeof setTimeout> | undefined;
  #roundRunning = false;
  #stopped = false;
  #visible = new Set<string>();
  #shownTick = 0;
  /** The amps that keep a live connection in a large fleet (#rebalance). */
  #keep = new Set<string>();
  readonly #shortLived = new Set<Promise<void>>();

  constructor(options: ConnectionManagerOptions) {
    this.#dispatch = options.dispatch;
    this.#getPassword = options.getPassword;
    this.#createClient = options.createClient ?? defaultClientFactory;
    this.#batcher = new DeltaBatcher((batch) => this.#deliver(batch));
  }

  /** Connects to the host amp ("ip:port") and starts the summary refresh loop. */
  start(host: string): void {
    const ampId = ampIdOfHost(host);
    const port = portOfHost(host);
    this.#host = { ampId, port };
    this.#dispatch(hostResolved({ ampId }));
    this.#ensure(ampId, deviceUrl(ampId, port));
    this.#scheduleRefresh();
  }

  /** Closes every connection and timer. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#refreshTimer);
    this.#batcher.dispose();
    for (const id of [...this.#amps.keys()]) this.#drop(id);
  }

  /** spec 2 §2: subscribes the amp to `/` while its detail is open; the returned function unsubscribes. */
  openDetail(ampId: string): () => void {
    const rec = this.#amps.get(ampId);
    if (!rec) return () => undefined;
    rec.detailUsers += 1;
    this.#dispatch(detailOpened(ampId));
    if (rec.parked) this.#rebalance();
    else if (rec.client.connectionState === 'CONNECTED') this.#subscribeDetail(ampId, rec);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      rec.detailUsers -= 1;
      if (rec.detailUsers > 0) return;
      this.#dispatch(detailClosed(ampId));
      if (this.#amps.get(ampId) !== rec || rec.parked) return;
      rec.subscribed = false;
      rec.client.unsubscribe('/').then(
        // the amp drops every subscription of the connection on `unsubscribe /`: the host keeps its discovery
        () => (ampId === this.#host?.ampId ? this.#subscribeDiscovery(rec, true) : undefined),
        () => undefined,
      );
    };
  }

  setVisible(ampIds: readonly string[]): void {
    this.#visible = new Set(ampIds);
    this.#shownTick += 1;
    for (const id of ampIds) {
      const rec = this.#amps.get(id);
      if (rec) rec.lastShown = this.#shownTick;
    }
    this.#rebalance();
  }

  /** The user's Reconnect/Retry: a new connection now, rather than after the client's own 5 s wait. */
  reconnect(ampId: string): void {
    const rec = this.#amps.get(ampId);
    if (rec) this.#replaceClient(ampId, rec, rec.uacMac);
  }

  /**
   * `set url params` on one amp. The change shows at once (clamped to the schema); if the amp refuses, the
   * subtree is restored from what the client last received, and the error is rethrown.
   */
  async set(ampId: string, url: string, params: Record<string, unknown>): Promise<void> {
    const rec = this.#amps.get(ampId);
    if (!rec) throw new ConnectionError(`no connection to ${ampId}`);
    if (rec.parked) {
      // a card shown a moment ago (the list tells the manager once it rests): connect it now, then write
      rec.lastShown = ++this.#shownTick;
      this.#attach(ampId, rec, rec.uacMac, { quiet: true });
      await rec.client.connected().catch(() => undefined);
    }
    const model = rec.client.model;
    const optimistic = model ? clampAt(model, url, params) : undefined;
    this.#batcher.flush();
    if (optimistic !== undefined) this.#dispatch(deltasReceived([{ ampId, delta: rooted(url, optimistic) }]));
    try {
      await rec.client.set(url, params);
    } catch (err) {
      this.#batcher.flush();
      const truth = getAt(rec.client.state, urlSegments(url));
      if (truth !== undefined) this.#dispatch(deltasReceived([{ ampId, delta: rooted(url, structuredClone(truth)) }]));
      throw err;
    }
  }

  /** spec 2 §2/§5: checks a password on the host amp with `/misc set {verifyPassword}` over its own connection. */
  verifyPassword(password: string): Promise<VerifyResult> {
    const rec = this.#host && this.#amps.get(this.#host.ampId);
    if (!rec) return Promise.resolve('unreachable');
    return verifyPassword(this.#createClient, { url: rec.url, uacMac: rec.uacMac }, password);
  }

  /** Fetches the summary subtrees of one amp (also run once on every connect). */
  async refreshSummary(ampId: string): Promise<void> {
    const rec = this.#amps.get(ampId);
    if (!rec || rec.client.connectionState !== 'CONNECTED') return;
    const fetch = async (urls: string[]) => {
      const results = await Promise.allSettled(urls.map((u) => rec.client.get(u)));
      return results.some((r) => r.status === 'rejected' && r.reason instanceof DeviceCallError);
    };
    const failedBase = await fetch(summaryUrls(undefined));
    const failedChannels = await fetch(summaryUrls(rec.client.model).slice(summaryUrls(undefined).length));
    const error = failedBase || failedChannels ? 'failedToGetDeviceData' : null;
    if (this.#amps.get(ampId) !== rec || rec.error === error) return;
    rec.error = error;
    this.#dispatch(ampErrored({ ampId, error }));
  }

  /** Adds an amp; `parked` adds it without a connection (#rebalance decides). */
  #ensure(ampId: string, url: string, parked = false): void {
    if (this.#amps.has(ampId) || this.#stopped) return;
    this.#dispatch(ampAdded({ ampId, url }));
    const rec: AmpRecord = {
      client: DETACHED, // #attach sets the amp's own
      url,
      uacMac: undefined,
      modelId: null,
      error: null,
      detailUsers: 0,
      subscribed: false,
      discoverySubscribed: false,
      infoRequested: false,
      off: [],
      parked,
      quiet: false,
      refreshing: false,
      fetched: false,
      lastShown: 0,
    };
    this.#amps.set(ampId, rec);
    if (!parked) this.#attach(ampId, rec, undefined);
  }

  #attach(
    ampId: string,
    rec: AmpRecord,
    uacMac: string | undefined,
    how: { quiet?: boolean; shortLived?: boolean } = {},
  ): void {
    rec.uacMac = uacMac;
    rec.subscribed = false;
    rec.discoverySubscribed = false;
    rec.parked = false;
    rec.quiet = how.quiet === true;
    const client = this.#createClient({
      url: rec.url,
      password: () => this.#getPassword() ?? undefined,
      ...(uacMac ? { uacMac } : {}),
      ...(how.shortLived ? { autoReconnect: false } : {}),
    });
    rec.client = client;
    rec.off = [
      client.onChange((_state, delta) => this.#onChange(ampId, rec, delta)),
      client.onConnectionState((state) => this.#onConnectionState(ampId, rec, state)),
    ];
    this.#onConnectionState(ampId, rec, client.connectionState);
  }

  #replaceClient(ampId: string, rec: AmpRecord, uacMac: string | undefined): void {
    for (const off of rec.off) off();
    rec.client.close();
    this.#attach(ampId, rec, uacMac);
  }

  /** Closes a connection the amp no longer needs; the store keeps what it showed (no state change reported). */
  #park(rec: AmpRecord): void {
    if (rec.parked) return;
    for (const off of rec.off) off();
    rec.off = [];
    rec.client.close();
    rec.parked = true;
    rec.quiet = false;
    rec.subscribed = false;
    rec.discoverySubscribed = false;
  }

  /** Whether an amp keeps a live connection: always in a fleet within the limit, else when in #keep. */
  #wantsLive(ampId: string): boolean {
    return this.#amps.size <= LIVE_CONNECTIONS_MAX || this.#keep.has(ampId);
  }

  /**
   * Decides which amps keep a live connection: every amp within the limit; past it the host, the amps open in
   * detail, the shown cards, then the most recently shown up to LIVE_CONNECTIONS_MAX. Connects and parks to match.
   */
  #rebalance(): void {
    if (this.#stopped) return;
    const keep = new Set<string>();
    if (this.#amps.size > LIVE_CONNECTIONS_MAX) {
      if (this.#host) keep.add(this.#host.ampId);
      for (const [id, rec] of this.#amps) if (rec.detailUsers > 0) keep.add(id);
      for (const id of this.#visible) if (this.#amps.has(id)) keep.add(id);
      const recent = [...this.#amps]
        .filter(([id, r]) => r.lastShown > 0 && !keep.has(id))
        .sort(([, a], [, b]) => b.lastShown - a.lastShown);
      for (const [id] of recent) {
        if (keep.size >= LIVE_CONNECTIONS_MAX) break;
        keep.add(id);
      }
    }
    this.#keep = keep;
    let parkedAny = false;
    for (const [id, rec] of this.#amps) {
      if (this.#wantsLive(id)) {
        if (rec.parked) this.#attach(id, rec, rec.uacMac, { quiet: true });
      } else if (!rec.parked && !rec.refreshing) this.#park(rec);
      if (rec.parked && !rec.fetched) parkedAny = true;
    }
    // amps parked before a first summary: fetch them now rather than at the next period
    if (parkedAny && !this.#roundRunning) {
      clearTimeout(this.#refreshTimer);
      void this.#refreshRound();
    }
  }

  /** A parked amp's summary over a short-lived connection: connect, fetch, close (spec 2 §4/§9 refresh). */
  async #refreshParked(ampId: string, rec: AmpRecord): Promise<void> {
    rec.refreshing = true;
    this.#attach(ampId, rec, rec.uacMac, { quiet: true, shortLived: true });
    const client = rec.client;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        client.connected(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), SHORT_LIVED_CONNECT_MS))),
      ]);
      await this.refreshSummary(ampId);
    } catch {
      // unreachable this round (the next one tries again): FAILED, as the client reports when it is refused
      if (this.#amps.get(ampId) === rec && rec.client === client && client.connectionState === 'CONNECTING')
        this.#dispatch(connectionChanged({ ampId, connection: 'FAILED' }));
    } finally {
      clearTimeout(timer);
      rec.refreshing = false;
      rec.fetched = true;
      if (this.#amps.get(ampId) === rec) {
        if (!this.#wantsLive(ampId)) this.#park(rec);
        // shown meanwhile: a connection that reconnects by itself replaces the short-lived one
        else if (rec.client === client) {
          for (const off of rec.off) off();
          client.close();
          this.#attach(ampId, rec, rec.uacMac, { quiet: true });
        }
      }
    }
  }

  #drop(ampId: string): void {
    const rec = this.#amps.get(ampId);
    if (!rec) return;
    for (const off of rec.off) off();
    rec.client.close();
    this.#amps.delete(ampId);
    this.#batcher.drop(ampId);
  }

  #onChange(ampId: string, rec: AmpRecord, delta: DeviceDelta): void {
    if (this.#amps.get(ampId) !== rec) return;
    const modelId = rec.client.model?.id ?? null;
    if (modelId !== null && modelId !== rec.modelId) {
      // The model became known and the client clamped its whole tree again: hand the whole tree over. A different
      // model at the same address (an amp swapped) replaces what the store had; otherwise the tree merges in.
      const swapped = rec.modelId !== null;
      rec.modelId = modelId;
      if (swapped) rec.infoRequested = false;
      this.#batcher.drop(ampId);
      const tree = structuredClone(rec.client.state);
      this.#dispatch(
        swapped ? stateReplaced({ ampId, state: tree, modelId }) : deltasReceived([{ ampId, delta: tree, modelId }]),
      );
    } else this.#batcher.add(ampId, delta);
    if (ampId === this.#host?.ampId && delta.discovery) this.#syncDiscovery(delta);
    if (rec.uacMac === undefined && rec.client.state.UAC?.key) this.#adoptUacMac(ampId, rec);
  }

  #onConnectionState(ampId: string, rec: AmpRecord, state: ConnectionState): void {
    if (this.#amps.get(ampId) !== rec) return;
    // a parked amp connecting again keeps showing its last summary meanwhile
    if (rec.quiet && state === 'CONNECTING') return;
    rec.quiet = false;
    this.#batcher.flush();
    this.#dispatch(connectionChanged({ ampId, connection: state }));
    if (state !== 'CONNECTED') return;
    rec.error = null; // the slice clears it on CONNECTED
    rec.fetched = true;
    if (ampId === this.#host?.ampId) this.#subscribeDiscovery(rec, false);
    if (rec.detailUsers > 0) this.#subscribeDetail(ampId, rec);
    else if (!rec.refreshing) void this.refreshSummary(ampId); // a short-lived connection fetches by itself
  }

  #subscribeDetail(ampId: string, rec: AmpRecord): void {
    if (rec.subscribed) return;
    rec.subscribed = true;
    rec.client.subscribe('/').then(
      () => this.#requestInfo(ampId, rec),
      () => {
        rec.subscribed = false;
        if (this.#amps.get(ampId) !== rec) return;
        rec.error = 'failedToGetDeviceData';
        this.#dispatch(ampErrored({ ampId, error: rec.error }));
      },
    );
  }

  /** spec 2 §4 "fetch info and data": the field schemas of an amp opened in detail, once. */
  #requestInfo(ampId: string, rec: AmpRecord): void {
    if (rec.infoRequested) return;
    rec.infoRequested = true;
    rec.client.info('/').then(
      (info) => this.#amps.get(ampId) === rec && this.#dispatch(infoReceived({ ampId, info })),
      () => (rec.infoRequested = false),
    );
  }

  #subscribeDiscovery(rec: AmpRecord, again: boolean): void {
    if (rec.discoverySubscribed && !again) return;
    rec.discoverySubscribed = true;
    rec.client.subscribe('/discovery').catch(() => {
      rec.discoverySubscribed = false;
    });
  }

  /** Opens a client for every amp the host discovered; closes those it no longer lists. */
  #syncDiscovery(delta: DeviceDelta): void {
    const host = this.#host;
    const devices = delta.discovery?.devices;
    if (!host || !devices) return;
    const listed = new Set<string>();
    for (const [ip, device] of Object.entries(devices)) {
      if (!device || device.kind === 'touch') continue;
      listed.add(ip);
      // added without a connection; #rebalance connects those that keep one (every amp within the limit)
      this.#ensure(ip, deviceUrl(ip, host.port), true);
    }
    for (const id of [...this.#amps.keys()]) {
      if (id === host.ampId || listed.has(id)) continue;
      this.#drop(id);
      this.#dispatch(ampRemoved(id));
    }
    this.#rebalance();
  }

  /** spec 2 §7: a UAC-locked amp takes requests signed with its MAC-derived key; reconnect with the MAC. */
  #adoptUacMac(ampId: string, rec: AmpRecord): void {
    const fromDiscovery = this.#amps.get(this.#host?.ampId ?? '')?.client.state.discovery?.devices?.[ampId]?.mac;
    const mac = rec.client.state.network?.ethernet?.mac || fromDiscovery;
    if (mac) queueMicrotask(() => this.#amps.get(ampId) === rec && this.#replaceClient(ampId, rec, mac));
  }

  #deliver(batch: { ampId: string; delta: DeviceDelta }[]): void {
    this.#dispatch(deltasReceived(batch.filter((b) => this.#amps.has(b.ampId))));
  }

  #scheduleRefresh(): void {
    if (this.#stopped) return;
    this.#refreshTimer = setTimeout(() => void this.#refreshRound(), AMP_SUMMARY_REFRESH_MS);
  }

  /**
   * spec 2 §4/§9: one refresh round, 64 ms between amps, skipping the amp open in detail (it is subscribed); a
   * parked amp is fetched over a short-lived connection, at most SHORT_LIVED_MAX at once.
   */
  async #refreshRound(): Promise<void> {
    this.#roundRunning = true;
    for (const [ampId, rec] of [...this.#amps]) {
      if (this.#stopped) return;
      if (this.#amps.get(ampId) !== rec) continue;
      if (rec.parked) {
        const done = this.#refreshParked(ampId, rec);
        this.#shortLived.add(done);
        void done.finally(() => this.#shortLived.delete(done));
        if (this.#shortLived.size >= SHORT_LIVED_MAX) await Promise.race(this.#shortLived);
      } else {
        if (rec.detailUsers > 0 || rec.refreshing || rec.client.connectionState !== 'CONNECTED') continue;
        void this.refreshSummary(ampId);
      }
      await sleep(AMP_SUMMARY_STAGGER_MS);
    }
    this.#roundRunning = false;
    this.#scheduleRefresh();
  }
}
