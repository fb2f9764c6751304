/**
 * An account's device history (issue 16): what happened to its amps — registered, replaced by a newer registration
 * of the same amp, registered to another account, removed. Each entry is stored in the `device_history` table and
 * logged (`deviceHistory`, at info) by the default sink; tests may pass their own. An entry names the account it
 * belongs to and never the other account.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { deviceHistory } from '../../db/schema/index';
import { safeError } from '../../plugins/errors';

/** What happened to a device record of an account. */
export type DeviceHistoryEvent =
  /** The amp registered into this account (`related`: the records of the same amp it replaced, if any). */
  | 'registered'
  /** The amp registered again into this account: this older record was replaced (`related`: the new record). */
  | 'replaced'
  /** The amp registered into another account: this record left this account (no `related`: not its business). */
  | 'registeredElsewhere'
  /** The account's user removed it. */
  | 'removed';

/** One entry of an account's device history. */
export interface DeviceHistoryEntry {
  readonly userId: string;
  readonly deviceId: string;
  readonly venueId: string;
  readonly event: DeviceHistoryEvent;
  readonly mac: string;
  readonly serialNumber: string;
  readonly modelId: string;
  readonly deviceName: string;
  /** Device records of the same amp in this account (see DeviceHistoryEvent). */
  readonly related?: readonly string[];
  readonly at: Date;
}

/** The parts of an entry that describe the device record. */
export function historyOf(device: {
  readonly id: string;
  readonly userId: string;
  readonly venueId: string;
  readonly mac: string;
  readonly serialNumber: string;
  readonly modelId: string;
  readonly deviceName: string;
}): Omit<DeviceHistoryEntry, 'event' | 'at'> {
  const { id: deviceId, userId, venueId, mac, serialNumber, modelId, deviceName } = device;
  return { deviceId, userId, venueId, mac, serialNumber, modelId, deviceName };
}

/** Where device history goes; `log` is the request's logger. */
export type DeviceHistorySink = (entries: readonly DeviceHistoryEntry[], log: FastifyBaseLogger) => void | Promise<void>;

/** One structured log line per entry. */
export const logDeviceHistory = (entries: readonly DeviceHistoryEntry[], log: FastifyBaseLogger): void => {
  for (const entry of entries) {
    log.info({ deviceHistory: { ...entry, at: entry.at.toISOString() } }, `device history: ${entry.event}`);
  }
};

/**
 * The default sink: the entries stored in `device_history` and logged. A storage failure is logged, not thrown: the
 * registration or removal it records has happened either way.
 */
export const storeDeviceHistory =
  (db: Db): DeviceHistorySink =>
  async (entries, log) => {
    logDeviceHistory(entries, log);
    if (entries.length === 0) return;
    try {
      await db.insert(deviceHistory).values(entries.map((e) => ({ ...e, related: e.related ? [...e.related] : null })));
    } catch (error) {
      log.warn({ error: safeError(error) }, 'device history not stored');
    }
  };
