/** The lines run.ts prints for the remote relay benches (issue 13). */
import { kb, mb, ms, verdict, x } from '../stats';
import { REMOTE_NOTIFY_TARGET_MS, type RemoteNotifyResult } from './notify';
import {
  REMOTE_ROUND_TRIP_TARGET_RATIO,
  type Placement,
  type RemoteRoundTripCase,
  type RemoteRoundTripResult,
} from './round-trip';
import type { RemoteSessionsResult } from './sessions';

const PLACEMENT: Record<Placement, string> = {
  apart: 'the amp, the clients (the browser) and the cloud with its broker in three processes, as in use',
  'amp-apart': 'the amp in a process of its own, the clients with the cloud and the broker',
  'one-loop': 'clients, cloud, broker and amp on one event loop',
};

export function formatRemoteRoundTrip(r: RemoteRoundTripResult): string[] {
  const lines = [
    `remote round trip — DeviceClient → cloud relay → broker (${r.broker === 'embedded' ? 'embedded Aedes' : r.broker}) → amp agent, beside DeviceClient → the same amp's local ` +
      `WebSocket; ${r.iterations} per method and path, alternated, one in flight; ${r.sessions} relay sessions ` +
      `at ≤ ${r.perSessionRate}/s each; ` +
      PLACEMENT[r.placement],
  ];
  const one = (c: RemoteRoundTripCase) => {
    for (const p of ['p50', 'p99'] as const) {
      const ratio = p === 'p50' ? c.ratioP50 : c.ratioP99;
      const target =
        p === 'p50'
          ? `, target ≤ ${REMOTE_ROUND_TRIP_TARGET_RATIO}) ${verdict(ratio <= REMOTE_ROUND_TRIP_TARGET_RATIO)}`
          : ')';
      lines.push(
        `  ${c.method} /amp/channels/1/output ${p} remote ${ms(c.remote[p])} ` +
          `(direct ${ms(c.direct[p])}, ratio ${x(ratio)}${target}`,
      );
    }
  };
  one(r.get);
  one(r.set);
  lines.push(
    `  check: remote get equals the amp's state ${r.remoteGetMatchesAmp ? 'yes' : 'NO'}, direct ` +
      `${r.directGetMatchesAmp ? 'yes' : 'NO'}; remote set ${r.lastSet}: amp holds ${String(r.ampFader)}, ` +
      `direct get read ${String(r.directReadBack)}`,
  );
  return lines;
}

export function formatRemoteNotify(r: RemoteNotifyResult): string[] {
  const lines = [
    `remote notify — a fader change on the amp → a remote DeviceClient subscribed to '/', beside a local client on a ` +
      `${r.periodMs} ms session (the same batch of the same ticker); ${r.rounds} changes at random points of the period`,
  ];
  for (const p of ['p50', 'p99'] as const) {
    const ratio = p === 'p50' ? r.ratioAboveP50 : r.ratioAboveP99;
    const target =
      p === 'p99'
        ? `, target ≤ ${REMOTE_NOTIFY_TARGET_MS} ms) ${verdict(r.remoteAbove.p99 <= REMOTE_NOTIFY_TARGET_MS)}`
        : ')';
    lines.push(
      `  above the amp's ${r.periodMs} ms batching ${p} remote ${ms(r.remoteAbove[p])} ` +
        `(local ${ms(r.directAbove[p])}, ratio ${x(ratio)}${target}`,
    );
  }
  for (const p of ['p50', 'p99'] as const)
    lines.push(
      `  change → client ${p} remote ${ms(r.remoteEndToEnd[p])} (local ${ms(r.directEndToEnd[p])}; ` +
        `of which the amp's batching ${ms(r.batching[p])})`,
    );
  lines.push(
    `  check: every change reached both clients ${r.allDelivered ? 'yes' : 'NO'}; amp fader ${String(r.ampFader)} ` +
      `(last applied ${r.lastSet})`,
  );
  return lines;
}

export function formatRemoteSessions(r: RemoteSessionsResult): string[] {
  const d = (a: { rss: number; heapUsed: number }, b: { rss: number; heapUsed: number }) =>
    `heap ${mb(a.heapUsed - b.heapUsed)}, RSS ${mb(a.rss - b.rss)}`;
  const m = r.memory;
  return [
    `remote sessions — ${r.sessions} relay sessions on one cloud process (one user, ${r.amps} amps, each session ` +
      `subscribed to '/'), child process after gc; baseline: ${r.sessions} DeviceClients on the amps' local WebSockets`,
    `  memory per session heap ${kb(r.perRemote.heapUsed)} (direct ${kb(r.perDirect.heapUsed)}, ratio ` +
      `${x(r.ratioHeap)}); RSS ${kb(r.perRemote.rss)} (direct ${kb(r.perDirect.rss)}, ratio ${x(r.ratioRss)})`,
    `  relay path's own share per session (remote − direct): heap ${kb(r.perRemote.heapUsed - r.perDirect.heapUsed)}, ` +
      `RSS ${kb(r.perRemote.rss - r.perDirect.rss)}; external ${kb(r.perRemote.external)}`,
    `  whole deltas: remote ${d(m.remoteOpen, m.remoteBefore)}; direct ${d(m.directOpen, m.directBefore)} ` +
      `(process RSS ${mb(m.remoteOpen.rss)}: RSS moves by MBs on its own, heap is the steadier figure)`,
    `  get round trip with all ${r.sessions} open (each once per ${r.intervalMs} ms, ${r.measureMs / 1000} s) ` +
      `p50 ${ms(r.loaded.p50)}, p99 ${ms(r.loaded.p99)} (one session alone at ${r.aloneRate}/s p50 ` +
      `${ms(r.alone.p50)}, p99 ${ms(r.alone.p99)}; ratio p50 ${x(r.ratioP50)}, p99 ${x(r.ratioP99)}); max ${ms(r.loaded.max)}`,
    `  open: ${r.sessions} relay sessions in ${ms(r.openRemoteMs)} (credential, socket, subscribe; 10 at a time), ` +
      `direct ${ms(r.openDirectMs)}`,
    `  check: ${r.loaded.samples} requests answered, ${r.failed} failed; ${r.stillOpen}/${r.sessions} still connected; ` +
      `every session's last get equals its amp's state ${r.allMatchAmp ? 'yes' : 'NO'}`,
  ];
}
