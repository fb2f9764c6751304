/**
 * `npm run bench` (tsx bench/run.ts): the device API and web console benchmarks in sequence, each figure printed
 * beside its baseline measured in the same run, with the ratio. Targets are reported (PASS / ABOVE TARGET, or
 * BELOW TARGET for a floor), never enforced.
 *
 *   --quick              smaller sizes (a quick look, not figures to record)
 *   --only=a,b,c         roundtrip, fanout, instructions, memory, web (= web-bundle, web-list, web-channel,
 *                        web-tabs, web-lighthouse), cloud, remote, firmware-download, notifications (default all)
 *   --iterations=N       round trips per method and path (default 5000, quick 300)
 *   instructions, bench/device-api/instructions.ts (issue 22): CPU instructions per round trip and per fan-out
 *                        under valgrind's callgrind, 3-5 min ("valgrind not installed" when it is not); runs with
 *                        roundtrip or fanout unless --instructions=no (with --quick only if --instructions=yes);
 *                        --instr-iterations=N round trips per phase (default 200), --instr-rounds=N fan-outs (10)
 *   --clients=N          subscribed clients of the fan-out (default 100)
 *   --rounds=N           fan-out rounds (default 200, quick 10)
 *   --amps=N             amps of the memory fleet (default 200, quick 50)
 *   --physics=both|stopped|running   fan-out with the physics stopped and/or running (default both, quick stopped)
 *   --list-amps=N        amps of the web amp list (default 1000, quick 100)
 *   --measure-ms=N       busy-share window of the channel view and its baseline (default 10000, quick 3000)
 *   --tab-cpu=N          Chromium's CPU slowdown of the tab-switch bench (default 4); --tab-rounds=N clicks a tab
 *                        per phase (default 2, quick 1)
 *   --profile[=ms]       also CPU-profile the web pages (default 5000 ms) and print where the time goes
 *   --lighthouse-runs=N  Lighthouse runs of the amp list and of its baseline, median reported (default 3, quick 1)
 *   --lighthouse-preset=desktop|mobile  Lighthouse's preset (default desktop: a laptop at the rack over Wi-Fi)
 *   cloud (= cloud-ingest, cloud-rest), bench/cloud/:
 *   --cloud-steps=a,b,…  fleet sizes of the shadow-ingest ramp (default 100,500,1000,2000,5000,10000; quick 50,200)
 *   --cloud-db=pglite[,postgres]  databases of both benches (default pglite; postgres: a bench database on
 *                        --postgres-url, default postgres://postgres@127.0.0.1:5432/postgres, created and dropped)
 *   --cloud-payload=amp|small     the real 704D shadow (default) or an 80 B one
 *   --cloud-measure-ms=N window per ramp step (default 20000, quick 5000); --cloud-budget-s=N ramp budget per
 *                        database (default 480, quick 90); --cloud-profile-ms=N profile at the last step (default 5000)
 *   --rest-rate=N        REST requests/s (default 200); --rest-ms=N per route and server (default 10000, quick 3000)
 *   cloud-nodes (issue 20, not in the default set: it needs the machine's PostgreSQL and Mosquitto), bench/cloud/nodes.ts:
 *   --nodes=a,b,…        node counts (default 1,3); --nodes-amps=N (default 2000, quick 200); --nodes-interval-ms=N
 *                        each amp's publish period (default 4000); --nodes-measure-ms=N (default 20000, quick 5000)
 *   cloud-storm (issue 20, not in the default set), bench/cloud/storm.ts: --storm-amps=N amps connecting at once
 *                        (default 10000, quick 500); --storm-brokers=embedded,mqtt://… (default embedded: the cloud's
 *                        own Aedes; a URL: an external broker, e.g. the machine's Mosquitto); --storm-concurrency=N
 *                        connections opening at a time (default 200); database: the first of --cloud-db (default
 *                        postgres here)
 *   remote (= remote-roundtrip, remote-notify, remote-sessions), bench/remote/ (issue 13):
 *   --remote-iterations=N  relay and direct round trips per method (default 1000, quick 100); --remote-broker=URL
 *                        the round trip through an external broker (e.g. mqtt://127.0.0.1:1883) instead of Aedes;
 *                        --remote-placement=apart,one-loop where the parts run: apart (amp, browser-side clients
 *                        and cloud in three processes, the headline), amp-apart (the clients with the cloud), one-loop
 *                        (all on one event loop); default apart then one-loop
 *   --remote-rounds=N    notify changes (default 40, quick 8)
 *   --remote-sessions=N  concurrent relay sessions on one cloud (default 200, quick 40); --remote-amps=N amps they
 *                        spread over (default 25, quick 5); --remote-measure-ms=N load window with all open (default
 *                        16000: one 15 s access re-check inside; quick 3000)
 *   firmware-download, bench/firmware/ (issue 14): --fw-clients=N amps at once (default 200, quick 50),
 *                        --fw-image-mb=N image payload in MiB (default 16, quick 4), --fw-rounds=N per side (default 3)
 *   notifications, bench/notifications/ (issue 15): --notify-amps=N amps faulting (default 1000, quick 100) within
 *                        --notify-window-ms=N (default 1000); databases as --cloud-db / --postgres-url above;
 *                        --notify-tick-ms=N the worker's NOTIFY_TICK_MS (default the cloud's); --notify-profile-ms=N
 *                        CPU profile of the cloud process from the first fault (default 0: none)
 */
import { cpus, loadavg } from 'node:os';
import {
  benchMemory,
  benchNotifyFanout,
  benchInstructions,
  benchRoundTrip,
  formatFanout,
  MEMORY_TARGET_BYTES,
  ROUND_TRIP_TARGET_RATIO,
  type InstructionResult,
  type MemoryResult,
  type RoundTripCase,
  type RoundTripResult,
} from './device-api';
import { kb, mb, ms, verdict, x } from './stats';
import {
  benchAmpList,
  benchBundle,
  benchChannelView,
  benchLighthouse,
  benchTabSwitch,
  formatAmpList,
  formatBundle,
  formatChannelView,
  formatLighthouse,
  formatTabSwitch,
  launchChromium,
  type LighthousePreset,
} from './web';
import { benchRest, benchShadowIngest, formatIngest, formatRest, type CloudDriver, type ShadowPayload } from './cloud';
import { benchNodes, formatNodes } from './cloud/nodes';
import { benchStorm, formatStorm } from './cloud/storm';
import {
  benchRemoteNotify,
  benchRemoteRoundTrip,
  benchRemoteSessions,
  formatRemoteNotify,
  formatRemoteRoundTrip,
  formatRemoteSessions,
  type Placement,
} from './remote';
import { benchFirmwareDownload, formatFirmwareDownload } from './firmware';
import { benchNotifications, formatNotifications } from './notifications';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? (args.includes(`--${name}`) ? '' : undefined);
const num = (name: string, fallback: number): number => {
  const v = flag(name);
  const n = v === undefined || v === '' ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got '${v ?? ''}'`);
  return n;
};

const quick = flag('quick') !== undefined;
const only = new Set(
  (flag('only') ?? 'roundtrip,fanout,memory,web,cloud,remote,firmware-download,notifications')
    .split(',')
    .filter(Boolean),
);
if (only.delete('web'))
  for (const w of ['web-bundle', 'web-list', 'web-channel', 'web-tabs', 'web-lighthouse']) only.add(w);
if (only.delete('cloud')) for (const c of ['cloud-ingest', 'cloud-rest']) only.add(c);
if (only.delete('remote')) for (const r of ['remote-roundtrip', 'remote-notify', 'remote-sessions']) only.add(r);
const iterations = num('iterations', quick ? 300 : 5000);
const clients = num('clients', 100);
const rounds = num('rounds', quick ? 10 : 200);
const amps = num('amps', quick ? 50 : 200);
const physicsFlag = flag('physics') ?? (quick ? 'stopped' : 'both');
const physicsModes: ('stopped' | 'running')[] = [];
if (physicsFlag === 'both' || physicsFlag === 'stopped') physicsModes.push('stopped');
if (physicsFlag === 'both' || physicsFlag === 'running') physicsModes.push('running');
if (physicsModes.length === 0) throw new Error(`--physics must be both, stopped or running, got '${physicsFlag}'`);
const listAmps = num('list-amps', quick ? 100 : 1000);
const measureMs = num('measure-ms', quick ? 3000 : 10_000);
const profileFlag = flag('profile');
const profileMs = profileFlag === undefined ? 0 : profileFlag === '' ? 5000 : num('profile', 5000);
const lighthouseRuns = num('lighthouse-runs', quick ? 1 : 3);
const lighthousePreset = (flag('lighthouse-preset') || 'desktop') as LighthousePreset;
if (lighthousePreset !== 'desktop' && lighthousePreset !== 'mobile')
  throw new Error(`--lighthouse-preset must be desktop or mobile, got '${String(lighthousePreset)}'`);

const lines: string[] = [];
const print = (line = ''): void => {
  lines.push(line);
  console.log(line);
};

function printRoundTrip(r: RoundTripResult): void {
  print(`round trip — DeviceClient → one emulated amp (physics stopped), ${r.iterations} round trips per method`);
  const one = (c: RoundTripCase, what: string) => {
    const head = `${c.method} ${what}`;
    print(`  ${head} request ${c.requestBytes} B, reply ${c.replyBytes} B`);
    for (const p of ['p50', 'p99'] as const) {
      const ratio = p === 'p50' ? c.ratioP50 : c.ratioP99;
      print(
        `  ${c.method} round trip ${p} ${ms(c.client[p])} (bare ws ${ms(c.bare[p])}, ratio ${x(ratio)}, ` +
          `target ≤ ${ROUND_TRIP_TARGET_RATIO}) ${verdict(ratio <= ROUND_TRIP_TARGET_RATIO)}` +
          `   [raw ws → amp ${ms(c.rawToAmp[p])}; JSON echo ${ms(c.jsonEcho[p])}, ratio to it ${x(p === 'p50' ? c.ratioJsonP50 : c.ratioJsonP99)}]`,
      );
    }
  };
  one(r.get, `${'/amp/channels/1/output'}`);
  one(r.set, `${'/amp/channels/1/output {fader}'}`);
  print(
    `  check: get equals the amp's state ${r.getMatchesAmp ? 'yes' : 'NO'}; set ${r.lastSet} read back ${String(r.readBack)}`,
  );
}

const mi = (v: number): string => `${(v / 1000).toFixed(1)} k`;

function printInstructions(r: InstructionResult): void {
  if (!r.available) {
    print(`CPU instructions — ${r.reason}: only the times above`);
    return;
  }
  print(`CPU instructions — ${r.tool}; ${r.iterations} round trips, ${r.rounds} fan-outs to ${r.clients} per round`);
  const line = (what: string, c: typeof r.get, bare: string, raw: string) => {
    print(
      `  ${what} ${mi(c.rackside.median)} instructions (${bare} ${mi(c.bare.median)}, ratio ${x(c.ratio)})` +
        `   [${raw} ${mi(c.rawToAmp.median)}, ratio to bare ${x(c.rawToAmp.median / c.bare.median)}]` +
        `   [JSON ${mi(c.json.median)}, ratio to it ${x(c.ratioJson)}]`,
    );
    print(
      `    rounds: ${c.rackside.rounds.map(mi).join(', ')}; ${raw} ${c.rawToAmp.rounds.map(mi).join(', ')}; ` +
        `bare ${c.bare.rounds.map(mi).join(', ')}; ` +
        `JSON ${c.json.rounds.map(mi).join(', ')}`,
    );
  };
  line('get round trip', r.get, 'bare ws echo', 'raw ws → amp');
  line('set round trip', r.set, 'bare ws echo', 'raw ws → amp');
  line('fan-out (set + notify to all)', r.fanout, 'bare ws broadcast', 'amp → raw ws subscribers');
}

function printMemory(r: MemoryResult): void {
  print(
    `memory — fleet of ${r.amps} emulated amps (physics running, settled ${r.settleMs} ms), child process after gc`,
  );
  print(
    `  memory per amp RSS ${mb(r.perAmp.rss)} (bare ws+net+http servers ${kb(r.perBare.rss)}, ratio ${x(r.ratioRss)}, ` +
      `target < ${mb(MEMORY_TARGET_BYTES)}) ${verdict(r.perAmp.rss < MEMORY_TARGET_BYTES)}`,
  );
  print(
    `  memory per amp heap ${mb(r.perAmp.heapUsed)} (bare ${kb(r.perBare.heapUsed)}, ratio ${x(r.ratioHeap)}); ` +
      `external ${kb(r.perAmp.external)} (bare ${kb(r.perBare.external)})`,
  );
  print(
    `  whole deltas: fleet RSS ${mb(r.fleetDelta.rss)}, heap ${mb(r.fleetDelta.heapUsed)}; ` +
      `bare RSS ${mb(r.bareDelta.rss)}, heap ${mb(r.bareDelta.heapUsed)} (a process’s RSS can move by a few MB on its own)`,
  );
  print(`  start: fleet ${ms(r.fleetStartMs)}, bare servers ${ms(r.bareStartMs)}`);
  print(`  check: last amp answered modelID ${String(r.answered)} (expected ${r.expected})`);
}

const started = Date.now();
const webSelected = ['web-bundle', 'web-list', 'web-channel', 'web-tabs'].some((w) => only.has(w));
const browser = webSelected ? await launchChromium() : undefined;
print(
  `Rackside benchmarks — ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ` +
    `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}${browser ? `, Chromium ${browser.version()}` : ''}, ` +
    `load average ${loadavg()[0]!.toFixed(1)}${quick ? ' (--quick)' : ''}`,
);
print();
if (only.has('roundtrip')) {
  printRoundTrip(await benchRoundTrip({ iterations }));
  print();
}
if (only.has('fanout')) {
  for (const physics of physicsModes) {
    const r = await benchNotifyFanout({ clients, rounds, physics, ...(quick ? { warmupRounds: 10 } : {}) });
    for (const line of formatFanout(r)) print(line);
    print();
  }
}
const instructionsFlag = flag('instructions');
const withInstructions = instructionsFlag === undefined ? !quick : instructionsFlag !== 'no';
if (only.has('instructions') || ((only.has('roundtrip') || only.has('fanout')) && withInstructions)) {
  printInstructions(
    await benchInstructions({
      iterations: num('instr-iterations', 200),
      rounds: num('instr-rounds', 10),
      clients,
    }),
  );
  print();
}
if (only.has('memory')) {
  printMemory(await benchMemory({ amps }));
  print();
}
try {
  if (only.has('web-bundle')) {
    for (const line of formatBundle(await benchBundle({ ...(browser ? { browser } : {}) }))) print(line);
    print();
  }
  if (only.has('web-list')) {
    const list = await benchAmpList({ amps: listAmps, profileMs, ...(browser ? { browser } : {}) });
    for (const line of formatAmpList(list)) print(line);
    print();
  }
  if (only.has('web-channel')) {
    for (const line of formatChannelView(
      await benchChannelView({ measureMs, profileMs, ...(browser ? { browser } : {}) }),
    ))
      print(line);
    print();
  }
  if (only.has('web-tabs')) {
    const cpuSlowdown = num('tab-cpu', 4);
    const tabRounds = num('tab-rounds', quick ? 1 : 2);
    for (const line of formatTabSwitch(
      await benchTabSwitch({ cpuSlowdown, rounds: tabRounds, ...(browser ? { browser } : {}) }),
    ))
      print(line);
    print();
  }
} finally {
  await browser?.close();
}
// after the shared browser is closed: Lighthouse launches a Chromium of its own per run
if (only.has('web-lighthouse')) {
  for (const line of formatLighthouse(await benchLighthouse({ runs: lighthouseRuns, preset: lighthousePreset })))
    print(line);
  print();
}
if (only.has('cloud-ingest')) {
  const steps = (flag('cloud-steps') ?? (quick ? '50,200' : '100,500,1000,2000,5000,10000')).split(',').map(Number);
  if (steps.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--cloud-steps: positive integers, a,b,c');
  const drivers = (flag('cloud-db') ?? 'pglite').split(',') as CloudDriver[];
  const payload = (flag('cloud-payload') ?? 'amp') as ShadowPayload;
  const result = await benchShadowIngest({
    steps,
    drivers,
    payload,
    postgresUrl: flag('postgres-url') || undefined,
    measureMs: num('cloud-measure-ms', quick ? 5000 : 20_000),
    budgetMs: num('cloud-budget-s', quick ? 90 : 480) * 1000,
    profileMs: num('cloud-profile-ms', quick ? 2000 : 5000),
    progress: (message) => console.error(message),
  });
  for (const line of formatIngest(result)) print(line);
  print();
}
if (only.has('cloud-nodes')) {
  const result = await benchNodes({
    nodeCounts: (flag('nodes') ?? '1,3').split(',').map(Number),
    amps: num('nodes-amps', quick ? 200 : 2000),
    intervalMs: num('nodes-interval-ms', 4000),
    measureMs: num('nodes-measure-ms', quick ? 5000 : 20_000),
    postgresUrl: flag('postgres-url') || undefined,
    progress: (message) => console.error(message),
  });
  for (const line of formatNodes(result)) print(line);
  print();
}
if (only.has('cloud-storm')) {
  const result = await benchStorm({
    amps: num('storm-amps', quick ? 500 : 10_000),
    brokers: (flag('storm-brokers') ?? 'embedded').split(',').filter(Boolean),
    concurrency: num('storm-concurrency', 200),
    driver: ((flag('cloud-db') ?? 'postgres').split(',')[0] ?? 'postgres') as CloudDriver,
    postgresUrl: flag('postgres-url') || undefined,
    progress: (message) => console.error(message),
  });
  for (const line of formatStorm(result)) print(line);
  print();
}
if (only.has('cloud-rest')) {
  for (const driver of (flag('cloud-db') ?? 'pglite').split(',') as CloudDriver[]) {
    const rest = await benchRest({
      driver,
      postgresUrl: flag('postgres-url') || undefined,
      rate: num('rest-rate', 200),
      durationMs: num('rest-ms', quick ? 3000 : 10_000),
      profileMs: num('cloud-profile-ms', quick ? 2000 : 5000),
    });
    for (const line of formatRest(rest)) print(line);
    print();
  }
}
if (only.has('remote-roundtrip')) {
  const iterations = num('remote-iterations', quick ? 100 : 1000);
  const broker = flag('remote-broker');
  // browser, cloud and amp in three processes as in use (the headline), then everything on one event loop
  const placements = (flag('remote-placement') ?? 'apart,one-loop').split(',') as Placement[];
  for (const placement of placements) {
    const result = await benchRemoteRoundTrip({ iterations, placement, ...(broker ? { mqttUrl: broker } : {}) });
    for (const line of formatRemoteRoundTrip(result)) print(line);
    print();
  }
}
if (only.has('remote-notify')) {
  for (const line of formatRemoteNotify(await benchRemoteNotify({ rounds: num('remote-rounds', quick ? 8 : 40) })))
    print(line);
  print();
}
if (only.has('remote-sessions')) {
  const sessions = await benchRemoteSessions({
    sessions: num('remote-sessions', quick ? 40 : 200),
    amps: num('remote-amps', quick ? 5 : 25),
    measureMs: num('remote-measure-ms', quick ? 3000 : 16_000),
    ...(quick ? { aloneMs: 2000 } : {}),
  });
  for (const line of formatRemoteSessions(sessions)) print(line);
  print();
}
if (only.has('firmware-download')) {
  const download = await benchFirmwareDownload({
    clients: num('fw-clients', quick ? 50 : 200),
    payloadBytes: num('fw-image-mb', quick ? 4 : 16) * 2 ** 20,
    rounds: num('fw-rounds', 3),
    progress: (message) => console.error(message),
  });
  for (const line of formatFirmwareDownload(download)) print(line);
  print();
}
if (only.has('notifications')) {
  const tick = flag('notify-tick-ms');
  const profile = flag('notify-profile-ms');
  for (const driver of (flag('cloud-db') ?? 'pglite').split(',') as CloudDriver[]) {
    const notified = await benchNotifications({
      driver,
      postgresUrl: flag('postgres-url') || undefined,
      amps: num('notify-amps', quick ? 100 : 1000),
      windowMs: num('notify-window-ms', 1000),
      env: tick === undefined ? {} : { NOTIFY_TICK_MS: String(num('notify-tick-ms', 500)) },
      profileMs: profile === undefined ? 0 : num('notify-profile-ms', 5000),
      progress: (message) => console.error(message),
    });
    for (const line of formatNotifications(notified)) print(line);
    print();
  }
}
print(`done in ${((Date.now() - started) / 1000).toFixed(1)} s, load average ${loadavg()[0]!.toFixed(1)}`);
