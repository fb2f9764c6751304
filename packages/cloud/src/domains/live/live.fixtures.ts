/**
 * The live stream tests' shared pieces (live.test.ts, live.cluster.test.ts): the app's domains with the live domain,
 * `status` messages ingested as mqtt.ts wires them, and a ticket through the API.
 */
import { LIVE_PATHS, LiveTicketReplySchema } from '@rackside/protocol';
import { expect } from 'vitest';
import { DOMAINS } from '../../app';
import type { Db } from '../../db/client';
import type { DeviceEvents } from '../../device-events';
import type { TestApp } from '../../test/app';
import { call } from '../../test/factories';
import { shadowIngestion } from '../devices/index';
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

/** A ticket for the session, checked against the contract. */
export async function ticketFor(t: TestApp, token: string): Promise<string> {
  const res = await call(t.app, 'POST', LIVE_PATHS.ticket, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return LiveTicketReplySchema.parse(res.json()).ticket;
}
