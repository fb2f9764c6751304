/**
 * `npm run bench` (tsx bench/run.ts): the device API benchmarks in sequence, each figure printed beside its
 * baseline measured in the same run, with the ratio. Targets are reported (PASS / ABOVE TARGET), never enforced.
 *
 *   --quick              smaller sizes (a quick look, not figures to record)
 *   --only=a,b,c         roundtrip, fanout, memory (default all)
 *   --iterations=N       round trips per method and path (default 5000, quick 300)
 *   --clients=N          subscribed clients of the fan-out (default 100)
 *   --rounds=N           fan-out rounds (default 100, quick 10)
 *   --amps=N             amps of the memory fleet (default 200, quick 50)
 *   --physics=both|stopped|running   fan-out with the physics stopped and/or running (default both, quick stopped)
 */
import { cpus } from 'node:os';
import {
  benchMemory,
  benchNotifyFanout,
  benchRoundTrip,
  FANOUT_TARGET_MS,
  MEMORY_TARGET_BYTES,
  ROUND_TRIP_TARGET_RATIO,
  type FanoutResult,
  type MemoryResult,
  type RoundTripCase,
  type RoundTripResult,
} from './device-api';
import { kb, mb, ms, verdict, x } from './stats';

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
const only = new Set((flag('only') ?? 'roundtrip,fanout,memory').split(',').filter(Boolean));
const iterations = num('iterations', quick ? 300 : 5000);
const clients = num('clients', 100);
const rounds = num('rounds', quick ? 10 : 100);
const amps = num('amps', quick ? 50 : 200);
const physicsFlag = flag('physics') ?? (quick ? 'stopped' : 'both');
const physicsModes: ('stopped' | 'running')[] = [];
if (physicsFlag === 'both' || physicsFlag === 'stopped') physicsModes.push('stopped');
if (physicsFlag === 'both' || physicsFlag === 'running') physicsModes.push('running');
if (physicsModes.length === 0) throw new Error(`--physics must be both, stopped or running, got '${physicsFlag}'`);

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
          `   [raw ws → amp ${ms(c.rawToAmp[p])}]`,
      );
    }
  };
  one(r.get, `${'/amp/channels/1/output'}`);
  one(r.set, `${'/amp/channels/1/output {fader}'}`);
  print(
    `  check: get equals the amp's state ${r.getMatchesAmp ? 'yes' : 'NO'}; set ${r.lastSet} read back ${String(r.readBack)}`,
  );
}

function printFanout(r: FanoutResult): void {
  print(
    `notify fan-out — ${r.clients} DeviceClients subscribed to '/', one set per round, ${r.rounds} rounds, ` +
      `physics ${r.physics}, fader notify ${r.notifyBytes} B`,
  );
  for (const p of ['p50', 'p99'] as const) {
    const ratio = p === 'p50' ? r.ratioSpreadP50 : r.ratioSpreadP99;
    const target = p === 'p99' ? `, target < ${FANOUT_TARGET_MS} ms) ${verdict(r.spread.p99 < FANOUT_TARGET_MS)}` : ')';
    print(
      `  fan-out first→last client ${p} ${ms(r.spread[p])} (bare ws broadcast ${ms(r.bareSpread[p])}, ` +
        `ratio ${x(ratio)}${target}`,
    );
  }
  for (const p of ['p50', 'p99'] as const)
    print(
      `  end to end set → last client ${p} ${ms(r.endToEnd[p])} (first client ${ms(r.firstReceipt[p])}, ` +
        `set reply ${ms(r.setReply[p])}; bare broadcast → last ${ms(r.bareEndToEnd[p])}; includes the 100 ms notify period)`,
    );
  print(
    `  check: every client got every value ${r.allDelivered ? 'yes' : 'NO'}; amp fader ${String(r.ampFader)} ` +
      `(last set ${r.lastSet})`,
  );
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
print(
  `Rackside device API benchmarks — ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ` +
    `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}${quick ? ' (--quick)' : ''}`,
);
print();
if (only.has('roundtrip')) {
  printRoundTrip(await benchRoundTrip({ iterations }));
  print();
}
if (only.has('fanout')) {
  for (const physics of physicsModes) {
    printFanout(await benchNotifyFanout({ clients, rounds, physics }));
    print();
  }
}
if (only.has('memory')) {
  printMemory(await benchMemory({ amps }));
  print();
}
print(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
