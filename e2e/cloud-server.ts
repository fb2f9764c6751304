/**
 * Starts the cloud service for the cloud end-to-end flows (see cloud.ts): `npm run cloud` with a throw-away
 * configuration, serving packages/web/dist; builds nothing. Ctrl-C or SIGTERM stops it.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CLOUD_HOST, CLOUD_PORT, CLOUD_URL } from './cloud';

const root = fileURLToPath(new URL('..', import.meta.url));
const child = spawn(process.execPath, ['--import', 'tsx', 'packages/cloud/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development', // the dev outbox, where the flows read confirmation codes
    RACKSIDE_DEV: '1', // issue 16: the cloud is production (no outbox, SMTP required) unless told
    LOG_LEVEL: 'warn',
    HOST: CLOUD_HOST,
    PORT: String(CLOUD_PORT),
    PUBLIC_URL: CLOUD_URL,
    DATA_DIR: ':memory:',
    MQTT_PORT: '0',
    WEB_ROOT: process.env.RACKSIDE_WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist', import.meta.url)),
    // every flow signs in from this one address
    RATE_LIMIT_PER_ADDRESS: '10000',
  },
});
child.on('exit', (code) => process.exit(code ?? 0));
const stop = () => child.kill('SIGTERM');
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
