/** The cloud benchmarks' results as the lines run.ts prints. */
import { ms, x, type Latency } from '../stats';
import { INGEST_P99_TARGET_MS, INGEST_TARGET_AMPS, type IngestResult } from './ingest';
import type { CpuProfileSummary } from './profile';
import type { RestCase, RestResult } from './rest';

const pctOf = (v: number): string => `${(v * 100).toFixed(v < 0.1 ? 1 : 0)} %`;
const lat = (l: Latency): string =>
  Number.isFinite(l.p99) ? `p50 ${ms(l.p50)}, p99 ${ms(l.p99)}` : `p50 ${ms(l.p50)}, p99 ∞ (messages missing)`;
const ratio = (a: number, b: number): string => (Number.isFinite(a) && b > 0 ? x(a / b) : '∞');

/** The shadow-ingest result as printed lines. */
export function formatIngest(r: IngestResult): string[] {
  const out: string[] = [];
  out.push(
    `cloud shadow ingest — N emulated amps (plain mqtt.js clients in a child process, each registered through ` +
      `POST /api/devices/register), each publishing a reported-state change every ${r.intervalMs / 1000} s ` +
      `(${(r.payloadBytes / 1024).toFixed(1)} KB shadow, QoS 1, retained) + 5 s keepalive pings; cloud in this ` +
      `process (embedded Aedes, service client, ingestion); state → database = payload ts → upsert committed`,
  );
  const bareAt = new Map(r.bare.steps.map((b) => [b.amps, b]));
  for (const run of r.runs) {
    for (const s of run.steps) {
      const b = bareAt.get(s.amps);
      out.push(
        `  [${run.driver}] ${String(s.amps).padStart(5)} amps: state → db ${lat(s.latency)} ` +
          `(${s.stored}/${s.published} stored, ${s.storedPerS.toFixed(0)}/s)` +
          (b
            ? ` | bare broker publish → subscriber ${lat(b.latency)}, ratio p99 ${ratio(s.latency.p99, b.latency.p99)}`
            : '') +
          ` | cloud ELU ${pctOf(s.cloudElu)}, CPU ${pctOf(s.cloudCpu)} (${ms(s.cpuMsPerStored)} per message stored); ` +
          `agents CPU ${pctOf(s.agentsCpu)}; ` +
          `load ${s.loadAverage.toFixed(1)}${s.held ? '' : ' — NOT HELD'}`,
      );
      out.push(
        `           new amps: ${s.registeredViaApi} registered through the API` +
          `${s.newAmps > s.registeredViaApi ? ` + ${s.newAmps - s.registeredViaApi} inserted` : ''} in ` +
          `${(s.registerMs / 1000).toFixed(1)} s, connected in ${(s.connectMs / 1000).toFixed(1)} s` +
          `${s.connectFailed > 0 ? `, ${s.connectFailed} connections failed` : ''}${s.dropped > 0 ? `, ${s.dropped} dropped` : ''}`,
      );
    }
    out.push(
      `  [${run.driver}] largest N held with p99 < ${INGEST_P99_TARGET_MS} ms: ${run.largestHeld} ` +
        `(target ${INGEST_TARGET_AMPS}; ramp ended: ${run.stoppedBy}) ` +
        `${run.largestHeld >= INGEST_TARGET_AMPS ? 'PASS' : 'BELOW TARGET'}`,
    );
    out.push(
      ...profileLines(`[${run.driver}] profile of the cloud process at ${run.profile?.amps ?? 0} amps`, run.profile),
    );
    if (run.check)
      out.push(
        `  [${run.driver}] check: ${run.check.equal} of ${run.check.devices} stored shadows equal the last published`,
      );
  }
  const t = r.bare.throughput;
  out.push(
    `  bare Aedes throughput: ${t.publishers} publishers back to back (QoS 1, one in flight each) → ` +
      `${t.messagesPerS.toFixed(0)} messages/s at one subscriber (${t.mbPerS.toFixed(1)} MB/s); a fleet of N needs N / ${r.intervalMs / 1000} per s`,
  );
  return out;
}

function profileLines(title: string, p: CpuProfileSummary | undefined): string[] {
  if (!p) return [];
  const list = (e: CpuProfileSummary['byCategory']) => e.map((c) => `${c.what} ${pctOf(c.share)}`).join('; ');
  return [
    `  ${title} (${(p.wallMs / 1000).toFixed(1)} s, busy ${pctOf(p.busyShare)} of samples; shares of busy):`,
    `    by package: ${list(p.byCategory)}`,
    `    top functions (self): ${list(p.topFunctions.slice(0, 8))}`,
  ];
}

function restLines(c: RestCase): string[] {
  return [
    `  ${c.route} (${(c.replyBytes / 1024).toFixed(1)} KB): ${lat(c.cloud)} ` +
      `(bare Fastify, same JSON: ${lat(c.bare)}; ratio p50 ${x(c.ratioP50)}, p99 ${x(c.ratioP99)})`,
    `    sent → reply: cloud ${lat(c.cloudService)}, bare ${lat(c.bareService)}; generator late p99 ` +
      `${ms(c.sendLagP99[0])} / ${ms(c.sendLagP99[1])}; non-200: ${c.failures[0]} / ${c.failures[1]}; load ${c.loadAverage.toFixed(1)}`,
    `    one at a time (closed loop, ${c.serialCloud.samples} requests): cloud ${lat(c.serialCloud)} ` +
      `(= ${c.serialCloudPerS.toFixed(0)} requests/s on one connection), bare ${lat(c.serialBare)}`,
    ...profileLines(`profile of the cloud process during the ${c.route} run`, c.profile),
  ];
}

/** The REST result as printed lines. */
export function formatRest(r: RestResult): string[] {
  return [
    `cloud REST at ${r.rate} requests/s, open loop (fixed schedule, latency from when each was due), ` +
      `${r.durationMs / 1000} s per route and server, keep-alive, generator in a child process; ${r.driver}, ` +
      `${r.check.venues} venues, ${r.check.devices} amps with real shadows in the one asked for`,
    ...restLines(r.venues),
    ...restLines(r.attributes),
    `  check: the attributes listed ${r.check.devices} amps, ${r.check.shadowsMatch ? 'each online with the shadow it published' : 'NOT matching what was published'}`,
  ];
}
