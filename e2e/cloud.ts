/**
 * The cloud service of the cloud end-to-end flows (started by cloud-server.ts, one per parallel worker): the real
 * service on its own port with a fresh in-memory database, the embedded broker on a free port, the dev outbox, and
 * the built console at /.
 */
import { SLOT } from './fleet';

export const CLOUD_HOST = '127.0.0.1';
/** Slot s's cloud (fleet.ts SLOT): 8095 for the first parallel worker, 8096 for the second. */
export const cloudUrlOf = (slot: number): string =>
  `http://${CLOUD_HOST}:${Number(process.env.RACKSIDE_E2E_CLOUD_PORT ?? 8095) + slot}`;
export const CLOUD_URL = cloudUrlOf(SLOT);
export const CLOUD_PORT = Number(new URL(CLOUD_URL).port);
/** A password that meets the rules of spec 1 §5. */
export const CLOUD_PASSWORD = 'Rackside1!';
