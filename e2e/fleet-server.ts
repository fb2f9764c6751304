/**
 * Starts the emulated fleets of the end-to-end flows (see fleet.ts) serving the built console from
 * packages/web/dist; builds nothing. Run with `tsx e2e/fleet-server.ts`; Ctrl-C or SIGTERM stops it.
 */
import { fileURLToPath } from 'node:url';
import { describeFleet, startFleet } from '@rackside/amp-sim';
import { DEVICE_PORT, HTTP_PORT, OPEN_AMPS, OPEN_BASE, PASSWORD, PROTECTED_AMPS, PROTECTED_BASE } from './fleet';

// RACKSIDE_WEB_DIST: another build of the console (parallel runs each build their own)
const webRoot = process.env.RACKSIDE_WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist', import.meta.url));
const common = {
  port: DEVICE_PORT,
  httpPort: HTTP_PORT,
  tcpPort: 4321,
  faults: [],
  cloudAgent: false,
  webRoot,
  touchPanels: 0,
};

const open = await startFleet({
  ...common,
  amps: OPEN_AMPS.length,
  models: OPEN_AMPS.map((a) => a.model),
  base: OPEN_BASE,
});
const locked = await startFleet({
  ...common,
  amps: PROTECTED_AMPS.length,
  models: PROTECTED_AMPS.map((a) => a.model),
  base: PROTECTED_BASE,
  password: PASSWORD,
});
console.log(describeFleet(open));
console.log(describeFleet(locked) + ` (password protected)`);
console.log(`serving ${webRoot}`);

const stop = () => void Promise.all([open.close(), locked.close()]).then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
