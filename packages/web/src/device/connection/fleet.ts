/**
 * What every part of the connection manager shares: one record per amp, the host, the store and the batcher that
 * feeds it. Each part reads and updates the records; none of them owns the fleet alone.
 */
import { ConnectionError } from '@rackside/device-client';
import type { UnknownAction } from '@reduxjs/toolkit';
import { deltasReceived, type AmpError } from '../store/devices-slice';
import type { ClientLike } from './client';
import { DeltaBatcher } from './delta-batcher';

/** One amp as the manager knows it: its current client and where its connection stands. */
export interface AmpRecord {
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

const detachedError = () => Promise.reject(new ConnectionError('no live connection to this amp'));
/** The client of an amp parked before it ever connected: closed, every request refused. */
export const DETACHED: ClientLike = {
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

/** A new amp's record, without a client yet (Attacher.attach gives it its own). */
export const newAmpRecord = (url: string, parked: boolean): AmpRecord => ({
  client: DETACHED,
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
});

/** The host amp: the one the console was pointed at, whose discovery names the others. */
export interface HostAddress {
  readonly ampId: string;
  /** The device API port, used for every amp it discovers. */
  readonly port: number;
}

/** The amps by id, the host, the store's dispatch and the notification batcher. */
export class Fleet {
  readonly amps = new Map<string, AmpRecord>();
  readonly batcher: DeltaBatcher;
  host: HostAddress | undefined;
  stopped = false;

  constructor(readonly dispatch: (action: UnknownAction) => void) {
    // an amp dropped while its notifications waited in the batch must not reappear in the store
    this.batcher = new DeltaBatcher((batch) => dispatch(deltasReceived(batch.filter((b) => this.amps.has(b.ampId)))));
  }

  /** False once the amp was dropped (and maybe added again) since `rec` was read: late replies are ignored. */
  isCurrent(ampId: string, rec: AmpRecord): boolean {
    return this.amps.get(ampId) === rec;
  }

  isHost(ampId: string): boolean {
    return ampId === this.host?.ampId;
  }

  hostRecord(): AmpRecord | undefined {
    return this.host && this.amps.get(this.host.ampId);
  }
}
