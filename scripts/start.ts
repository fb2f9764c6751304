// `npm start`: the whole demo. Builds the console when it is missing or older than its sources, starts the cloud
// service in this process (PGlite and the amps' persisted state under .rackside/, the embedded MQTT broker, the dev
// outbox, the console at /), runs the emulated fleet (every amp also serves the console in local mode, as a real amp
// does), and seeds a demo account whose venues hold the fleet's amps, registered the way real amps register.
// Environment: PORT (cloud, 8090), HOST, PUBLIC_URL, MQTT_PORT (18830; 0 picks a free one), DATA_DIR, FLEET_BASE
// (first amp's address, 127.0.1.1), FLEET_DATA (the amps' state), LOG_LEVEL; the cloud's other variables as for
// `npm run cloud` (packages/cloud/src/config.ts); WEB_ROOT serves that build of the console instead of building one.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildReleaseZip, describeFleet, FLEET_FIRMWARE, startFleet, type Fleet } from '@rackside/amp-sim';
import {
  ConfigError,
  loadConfig,
  seedDemo,
  silentBrokerLogger,
  startCloudService,
  type DemoAmp,
} from '@rackside/cloud';
import { compareVersionStrings, OUTBOX_PATH } from '@rackside/protocol';

const started = Date.now();
const DEMO_NOTES = '## Demo release\n- Made by `npm start` with `buildReleaseZip` (emulated images)\n';
const root = join(import.meta.dirname, '..');
const web = join(root, 'packages/web');
const state = join(root, '.rackside');

/** The newest modification time under a folder (sources of the console). */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

// WEB_ROOT: serve another build of the console as it is (nothing is built)
const webRoot = process.env.WEB_ROOT ?? join(web, 'dist');
const built = join(webRoot, 'index.html');
if (process.env.WEB_ROOT === undefined && (!existsSync(built) || newest(join(web, 'src')) > statSync(built).mtimeMs)) {
  console.log('Building the console (packages/web) …');
  const r = spawnSync('npm', ['run', 'build', '-w', '@rackside/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('The console did not build; the cloud and the emulator start without it.');
  }
}

// ---- the cloud service, as packages/cloud/src/main.ts starts it, with the demo's defaults ----
const env = process.env;
const host = env.HOST ?? '127.0.0.1';
const port = env.PORT ?? '8090';
let config;
try {
  config = loadConfig(
    {
      ...env,
      // the demo is a development cloud (issue 16: the cloud is production unless told): the dev outbox, where sign-up
      // codes show besides the terminal, and the development regions
      RACKSIDE_DEV: env.RACKSIDE_DEV ?? '1',
      NODE_ENV: env.NODE_ENV ?? 'development',
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
      HOST: host,
      PORT: port,
      PUBLIC_URL: env.PUBLIC_URL ?? `http://${host}:${port}`,
      DATA_DIR: env.DATA_DIR ?? join(state, 'cloud'),
      ...(existsSync(built) ? { WEB_ROOT: webRoot } : {}),
    },
    { deployment: true },
  );
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
}
const quiet = !['info', 'debug', 'trace'].includes(config.LOG_LEVEL);
const cloud = await startCloudService(config, quiet ? { brokerLog: silentBrokerLogger } : {});
const { mqtt } = cloud;
const cloudUrl = config.PUBLIC_URL;
const apiUrl = `${cloudUrl}${config.API_PREFIX}`;

// ---- the fleet, its amps' cloud agents on, their registrations kept in FLEET_DATA ----
const running: { fleet?: Fleet } = {};
let closing = false;
const shutdown = (signal: string) => {
  if (closing) process.exit(1); // a second Ctrl-C: stop waiting
  closing = true;
  console.log(`\n${signal}: stopping the fleet and the cloud …`);
  // an amp's MQTT session may linger; the fleet gets 3 s
  Promise.race([running.fleet?.close(), new Promise((r) => setTimeout(r, 3000).unref())])
    .then(() => cloud.close())
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));

const fleet = (running.fleet = await startFleet({
  dataDir: env.FLEET_DATA ?? join(state, 'fleet'),
  ...(env.FLEET_BASE ? { base: env.FLEET_BASE } : {}),
  cloudAgent: true,
  ...(existsSync(built) ? { webRoot } : {}),
  // each amp's console offers the Development region, registering at this cloud: a visitor can connect an amp to a
  // new account of their own from the amp's Connect to account page
  devCloudEndpoint: `${apiUrl}/devices/register`,
}));
const amps: DemoAmp[] = fleet.amps.map(({ amp }) => ({
  deviceId: () => amp.state.cloud.deviceId || undefined,
  register: (registrationToken, registrationEndpoint) =>
    amp.apply({ cloud: { registrationToken, registrationEndpoint } }, 'client'),
}));
// the library holds a release of every family the fleet's amps use, at the version the cloud offers (newer than the
// fleet's), so "Update available" in the console is real and an update installs on the emulated amps
const firmwareVersion =
  (compareVersionStrings(config.LATEST_FIRMWARE_VERSION, FLEET_FIRMWARE) ?? 0) > 0
    ? config.LATEST_FIRMWARE_VERSION
    : '1.6.0.0';
const firmwareFamilies = [...new Set(fleet.amps.map(({ amp }) => amp.model.firmwareImagePrefix))];
const seed = await seedDemo({
  apiUrl,
  amps,
  firmware: {
    version: firmwareVersion,
    families: firmwareFamilies,
    releaseZip: (families, version) => buildReleaseZip({ version, families, boards: true, notes: DEMO_NOTES }),
  },
});
const first = fleet.amps[0];
const seconds = ((Date.now() - started) / 1000).toFixed(1);

console.log(`
${describeFleet(fleet)}

Rackside demo ready in ${seconds} s
  Cloud console   ${cloudUrl}/
    sign in as    ${seed.email}  /  ${seed.password}
    venues        ${seed.venues.map((v) => v.name).join(', ')}: ${seed.connected} of ${fleet.amps.length} amps online (${seed.registered} registered now, ${seed.kept} reconnected${seed.removed > 0 ? `, ${seed.removed} stale removed` : ''})
  Firmware        ${firmwareFamilies.join(', ')} ${firmwareVersion} in the library (${seed.firmwareAdded} added now); the amps run ${FLEET_FIRMWARE}
  Local console   ${first && existsSync(built) ? `http://${first.amp.identity.ip}:${first.ports.http}/  (served by the first amp, as a real amp does)` : 'not built'}
  Sign up for real: Register on the sign-in page; the confirmation code is printed here ("[outbox] …")
                  and listed at ${apiUrl}${OUTBOX_PATH}; then Add Amp in a venue, and paste its token on an
                  amp's Connect to account page (local console, region Development)
  Cloud API       ${apiUrl}  (OpenAPI: ${apiUrl}/docs; curl examples in docs/cloud-api.md)
  Broker          amps connect to ${mqtt.deviceUrl}
  Kept in         ${config.DATA_DIR === ':memory:' ? 'memory' : config.DATA_DIR} and ${env.FLEET_DATA ?? join(state, 'fleet')} (delete .rackside/ to start over)

Also:
  - inject a fault:  curl -X POST -H 'content-type: application/json' -d '{"type":"short","channel":2}' http://${fleet.amps[2]?.amp.identity.ip ?? '127.0.1.3'}:${fleet.amps[2]?.ports.http ?? 8080}/control/faults
  - be told of it:   add a contact (Contacts), choose it in a venue's settings; the fault opens an incident
                     (venue → Incidents) and its e-mail and SMS land in ${apiUrl}/dev/outbox and ${apiUrl}/dev/sms-outbox
  - the device API:  ws://${first?.amp.identity.ip ?? '127.0.1.1'}:${first?.ports.ws ?? 1234}, the line API: tcp ${first?.amp.identity.ip ?? '127.0.1.1'}:${first?.ports.tcp ?? 4321} (docs/device-api.md)
Ctrl-C stops.`);
