/** The fan-out's lines as `npm run bench` prints them. */
import { ms, verdict, x } from '../stats';
import { FANOUT_TARGET_MS, FANOUT_TARGET_RATIO, type FanoutResult } from './fanout';

export function formatFanout(r: FanoutResult): string[] {
  const out: string[] = [];
  out.push(
    `notify fan-out — ${r.clients} DeviceClients subscribed to '/', one set per round, ${r.rounds} rounds, ` +
      `physics ${r.physics}, fader notify ${r.notifyBytes} B`,
  );
  for (const p of ['p50', 'p99'] as const) {
    const ratio = p === 'p50' ? r.ratioSpreadP50 : r.ratioSpreadP99;
    const ok = r.spread.p99 < FANOUT_TARGET_MS && ratio <= FANOUT_TARGET_RATIO;
    const target = p === 'p99' ? `, target ≤ ${FANOUT_TARGET_RATIO} and < ${FANOUT_TARGET_MS} ms) ${verdict(ok)}` : ')';
    out.push(
      `  fan-out first→last client ${p} ${ms(r.spread[p])} (bare ws broadcast ${ms(r.bareSpread[p])}, ` +
        `ratio ${x(ratio)}${target}   [JSON broadcast ${ms(r.jsonSpread[p])}, ratio to it ${x(r.spread[p] / r.jsonSpread[p])}; ` +
        `amp → raw ws subscribers ${ms(r.rawSpread[p])}, ratio to bare ${x(r.rawSpread[p] / r.bareSpread[p])}]`,
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
