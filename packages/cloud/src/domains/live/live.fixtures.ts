/**
 * The live stream tests' shared pieces (live.test.ts, live.cluster.test.ts): the app's domains with the live domain,
 * `status` messages ingested as mqtt.ts wires them, a rollout over one amp, and a ticket through the API.
 */
import { randomUUID } from 'node:crypto';
import { LIVE_PATHS, LiveTicketReplySchema } from '@rackside/protocol';
import { expect } from 'vitest';
import { DOMAINS } from '../../app';
import type { Db } from '../../db/client';
import type { DeviceEvents } from '../../device-events';
import type { TestApp } from '../../test/app';
import { call } from '../../test/factories';
import { shadowIngestion } from '../devices/index';
import { insertRollout } from '../rollouts/rollouts.repo';
import { createLiveDomain } from './index';

const silent = { info: () => undefined, warn: () => undefined };

/** The app's domains with the live domain (pinging every 100 ms), without the delivery worker. */
export const liveDomains = (options: Parameters<typeof createLiveDomain>[0] = {}) => [
  ...DOMAINS.filter((d) => d.name !== 'live' && d.name !== 'notifications'),
  createLiveDomain({ pingMs: 100, ...options }),
];

/** Ingestion of `status` messages as mqtt.ts wires it for the app: stored, then told to the app's DeviceEvents. */
export function statusIngestion(db: Db, t: TestApp, events: DeviceEvents) {
  const handlers = shadowIngestion(db, t.clock, silent, {
    onStatusStored: (deviceId, online) => {
      events.changed(deviceId);
      events.statusStored(deviceId, online);
    },
  });
  return async (deviceId: string, online: boolean): Promise<void> => {
    await handlers.status(deviceId, { online });
  };
}

/** A running one-wave rollout of the owner's over one amp (1.5.0.0 → 1.6.0.0, pending), as the rollouts service makes it. */
export async function insertOneAmpRollout(db: Db, ownerId: string, deviceId: string, now: Date): Promise<string> {
  const rolloutId = randomUUID();
  await db.transaction((tx) =>
    insertRollout(
      tx,
      {
        id: rolloutId,
        userId: ownerId,
        state: 'running',
        canary: 0,
        percent: 100,
        failureThresholdPercent: 10,
        force: false,
        waveCount: 1,
        currentWave: 0,
        versions: {},
        createdAt: now,
        updatedAt: now,
      },
      [{ rolloutId, deviceId, position: 0, wave: 0, fromVersion: '1.5.0.0', toVersion: '1.6.0.0', state: 'pending' }],
      [],
    ),
  );
  return rolloutId;
}

/** A ticket for the session, checked against the contract. */
export async function ticketFor(t: TestApp, token: string): Promise<string> {
  const res = await call(t.app, 'POST', LIVE_PATHS.ticket, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return LiveTicketReplySchema.parse(res.json()).ticket;
}
