/** The fan-out's lines as `npm run bench` prints them. */
import { ms, verdict, x } from '../stats';
import { FANOUT_TARGET_MS, FANOUT_TARGET_RATIO, type FanoutResult } from './fanout';

export function formatFanout(r: FanoutResult): string[] {
  const out: string[] = [];
  out.push(
    `notify fan-out — ${r.clients} subscribers to '/', one set per round, ${r.rounds} rounds, ` +
      `physics ${r.physics}, fader notify ${r.notifyBytes} B` +
      (r.physics === 'running' ? `; the baselines broadcast the amp's last notify, ${r.baselineBytes} B (median)` : ''),
  );
  // issue 22's target: the amp's notify to raw ws subscribers against the bare broadcast to as many (FANOUT_TARGET_RATIO)
  for (const p of ['p50', 'p99'] as const) {
    const ratio = p === 'p50' ? r.ratioRawP50 : r.ratioRawP99;
    const target = p === 'p99' ? `, target ≤ ${FANOUT_TARGET_RATIO}) ${verdict(ratio <= FANOUT_TARGET_RATIO)}` : ')';
    out.push(
      `  fan-out first→last, amp → ${r.clients} raw ws subscribers, ${p} ${ms(r.rawSpread[p])} ` +
        `(bare ws broadcast ${ms(r.bareSpread[p])}, ratio ${x(ratio)}${target}`,
    );
  }
  // the brief's: the last DeviceClient within 5 ms of the first, the clients' own work in series on one core
  for (const p of ['p50', 'p99'] as const) {
    const ratio = p === 'p50' ? r.ratioSpreadP50 : r.ratioSpreadP99;
    const target = p === 'p99' ? `, target < ${FANOUT_TARGET_MS} ms ${verdict(r.spread.p99 < FANOUT_TARGET_MS)}` : '';
    out.push(
      `  fan-out first→last, ${r.clients} DeviceClients in one process, ${p} ${ms(r.spread[p])}${target}   ` +
        `[bare ws broadcast ratio ${x(ratio)}; JSON broadcast ${ms(r.jsonSpread[p])}, ratio to it ` +
        `${x(r.spread[p] / r.jsonSpread[p])}]`,
    );
  }
  for (const p of ['p50', 'p99'] as const)
    out.push(
      `  end to end set → last client ${p} ${ms(r.endToEnd[p])} (first client ${ms(r.firstReceipt[p])}, ` +
        `set reply ${ms(r.setReply[p])}; bare broadcast → last ${ms(r.bareEndToEnd[p])}; includes the 100 ms notify period)`,
    );
  out.push(
    `  check: every client got every value ${r.allDelivered ? 'yes' : 'NO'}; amp fader ${String(r.ampFader)} ` +
      `(last set ${r.lastSet})`,
  );
  return out;
}
