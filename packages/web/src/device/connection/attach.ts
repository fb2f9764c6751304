/**
 * Attaching: giving an amp a client (and taking it away). The amp's notifications and connection states go to the
 * listeners the manager passes in; a record dropped from the fleet keeps no client open.
 */
import type { DeviceDelta } from '@rackside/protocol';
import type { ConnectionState } from '@rackside/device-client';
import { ampAdded } from '../store/devices-slice';
import type { ClientFactory } from './client';
import { newAmpRecord, type AmpRecord, type Fleet } from './fleet';

/** How a client is attached: `quiet` keeps a parked card's last summary while it connects; `shortLived` never reconnects. */
export interface AttachHow {
  readonly quiet?: boolean;
  readonly shortLived?: boolean;
}

/** Where an attached client's events go. */
export interface ClientListeners {
  onChange(ampId: string, rec: AmpRecord, delta: DeviceDelta): void;
  onConnectionState(ampId: string, rec: AmpRecord, state: ConnectionState): void;
}

/** Adds amps to the fleet and opens, replaces and closes their clients. */
export class Attacher {
  constructor(
    private readonly fleet: Fleet,
    private readonly createClient: ClientFactory,
    /** The local login's password (answers auth challenges); null for a guest. */
    private readonly getPassword: () => string | null,
    private readonly listeners: ClientListeners,
  ) {}

  /** Adds an amp to the store and the fleet; `parked` adds it without a connection (Parking decides). */
  add(ampId: string, url: string, parked = false): void {
    if (this.fleet.amps.has(ampId) || this.fleet.stopped) return;
    this.fleet.dispatch(ampAdded({ ampId, url }));
    const rec = newAmpRecord(url, parked);
    this.fleet.amps.set(ampId, rec);
    if (!parked) this.attach(ampId, rec, undefined);
  }

  /** Opens a client for the amp and reports its connection state at once. */
  attach(ampId: string, rec: AmpRecord, uacMac: string | undefined, how: AttachHow = {}): void {
    rec.uacMac = uacMac;
    rec.subscribed = false;
    rec.discoverySubscribed = false;
    rec.parked = false;
    rec.quiet = how.quiet === true;
    const client = this.createClient({
      url: rec.url,
      password: () => this.getPassword() ?? undefined,
      ...(uacMac ? { uacMac } : {}),
      ...(how.shortLived ? { autoReconnect: false } : {}),
    });
    rec.client = client;
    rec.off = [
      client.onChange((_state, delta) => this.listeners.onChange(ampId, rec, delta)),
      client.onConnectionState((state) => this.listeners.onConnectionState(ampId, rec, state)),
    ];
    this.listeners.onConnectionState(ampId, rec, client.connectionState);
  }

  /** Closes the amp's client and opens a new one now (the user's Reconnect, a UAC MAC learnt, a card shown). */
  replace(ampId: string, rec: AmpRecord, uacMac: string | undefined, how: AttachHow = {}): void {
    for (const off of rec.off) off();
    rec.client.close();
    this.attach(ampId, rec, uacMac, how);
  }

  /** Parks the amp: closes a connection it no longer needs; the store keeps what it showed (no state change reported). */
  detach(rec: AmpRecord): void {
    if (rec.parked) return;
    for (const off of rec.off) off();
    rec.off = [];
    rec.client.close();
    rec.parked = true;
    rec.quiet = false;
    rec.subscribed = false;
    rec.discoverySubscribed = false;
  }

  /** Forgets the amp: closes its client and discards its pending notifications. */
  drop(ampId: string): void {
    const rec = this.fleet.amps.get(ampId);
    if (!rec) return;
    for (const off of rec.off) off();
    rec.client.close();
    this.fleet.amps.delete(ampId);
    this.fleet.batcher.drop(ampId);
  }

  /** spec 2 §7: a UAC-locked amp takes requests signed with its MAC-derived key; reconnect with the MAC. */
  adoptUacMac(ampId: string, rec: AmpRecord): void {
    const fromDiscovery = this.fleet.hostRecord()?.client.state.discovery?.devices?.[ampId]?.mac;
    const mac = rec.client.state.network?.ethernet?.mac || fromDiscovery;
    if (mac) queueMicrotask(() => this.fleet.isCurrent(ampId, rec) && this.replace(ampId, rec, mac));
  }
}
