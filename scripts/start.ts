// `npm start`: the demo. Builds the console when it is missing or older than its sources, then runs the default
// emulated fleet; every amp serves the console in local mode, as a real amp does.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describeFleet, startFleet } from '@rackside/amp-sim';

const root = join(import.meta.dirname, '..');
const web = join(root, 'packages/web');
const built = join(web, 'dist/index.html');

/** The newest modification time under a folder (sources of the console). */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (!existsSync(built) || newest(join(web, 'src')) > statSync(built).mtimeMs) {
  console.log('Building the console (packages/web) …');
  const r = spawnSync('npm', ['run', 'build', '-w', '@rackside/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('The console did not build; the emulator starts without it.');
  }
}

const fleet = await startFleet();
const first = fleet.amps[0];
console.log(describeFleet(fleet));
if (first && existsSync(built))
  console.log(`\nOpen the console: http://${first.amp.identity.ip}:${first.ports.http}/  (served by the first amp)`);
console.log(`
Also:
  - inject a fault:  curl -X POST -H 'content-type: application/json' -d '{"type":"short","channel":2}' http://127.0.1.3:8080/control/faults
  - the device API:  ws://127.0.1.1:1234, the line API: tcp 127.0.1.1:4321 (docs/device-api.md)
Ctrl-C stops.`);
const stop = () => void fleet.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
