/**
 * The cloud service of the cloud end-to-end flows (started by cloud-server.ts): the real service on its own port
 * with a fresh in-memory database, the embedded broker on a free port, the dev outbox, and the built console at /.
 */
export const CLOUD_HOST = '127.0.0.1';
export const CLOUD_PORT = Number(process.env.RACKSIDE_E2E_CLOUD_PORT ?? 8095);
export const CLOUD_URL = `http://${CLOUD_HOST}:${CLOUD_PORT}`;
/** A password that meets the rules of spec 1 §5. */
export const CLOUD_PASSWORD = 'Rackside1!';
