/** The notification bench's result as the lines run.ts prints. */
import { ms, verdict, x, type Latency } from '../stats';
import { NOTIFY_P99_TARGET_MS, type ChannelResult, type NotificationsResult } from './notifications';

const s = (v: number): string => (Number.isFinite(v) ? `${(v / 1000).toFixed(2)} s` : '∞');
const lat = (l: Latency): string =>
  `p50 ${Number.isFinite(l.p50) ? ms(l.p50) : '∞'}, p99 ${Number.isFinite(l.p99) ? ms(l.p99) : '∞ (messages missing)'}, ` +
  `max ${Number.isFinite(l.max) ? ms(l.max) : '∞'}`;
const pctOf = (v: number): string => `${(v * 100).toFixed(v < 0.1 ? 1 : 0)} %`;

function channelLine(name: string, c: ChannelResult): string {
  const bare = c.bare;
  const base = bare
    ? ` | bare ${bare.arrived}/${bare.messages} in ${s(bare.totalMs)}` +
      `${bare.failed > 0 ? ` (${bare.failed} failed)` : ''}, ratio ${Number.isFinite(c.lastMs) && bare.totalMs > 0 ? x(c.lastMs / bare.totalMs) : '∞'}`
    : '';
  return (
    `  ${name}: ${c.delivered}/${c.expected} amps${c.duplicates > 0 ? `, ${c.duplicates} DUPLICATES` : ''}; ` +
    `fault → at the server ${lat(c.latency)}; first fault → last ${s(c.lastMs)}${base}`
  );
}

export function formatNotifications(r: NotificationsResult): string[] {
  const out: string[] = [];
  out.push(
    `fault notifications [${r.driver}] — ${r.amps} amps (mqtt.js agents in a child process, one venue) publish channel 1 ` +
      `Faulted within ${r.windowMs} ms (${r.published} published${r.publishFailed > 0 ? `, ${r.publishFailed} FAILED` : ''}, ` +
      `spread ${ms(r.publishSpreadMs)}); one contact (confirmed e-mail + phone, Critical) → ${2 * r.published} messages; ` +
      `cloud in this process (SMTP_URL, SMPP_URL to test servers here, NOTIFY_TICK_MS ${r.tickMs}, worker sends ` +
      `${r.workerSendConcurrency} at once); baselines: a nodemailer pool of ${r.workerSendConcurrency} connections, the ` +
      `cloud's SMPP sender alone with ${r.workerSendConcurrency} in flight`,
  );
  out.push(channelLine('e-mail (SMTP)', r.email));
  out.push(channelLine('SMS (SMPP)   ', r.sms));
  const alone = r.email.mailerAlone;
  if (alone && r.email.bare)
    out.push(
      `  the cloud's mailer alone (createSmtpMailer: a new SMTP connection per mail, ${alone.concurrency} at once): ` +
        `${alone.arrived}/${alone.messages} in ${s(alone.totalMs)}, ${x(alone.totalMs / Math.max(1, r.email.bare.totalMs))} × the pooled baseline`,
    );
  const bareBoth = r.email.bare && r.sms.bare ? r.email.bare.totalMs + r.sms.bare.totalMs : undefined;
  out.push(
    `  all ${2 * r.published} messages: fault → handed over ${lat(r.all)} (target p99 < ${s(NOTIFY_P99_TARGET_MS)}) ` +
      `${verdict(r.all.p99 < NOTIFY_P99_TARGET_MS)}; first fault → last message ${s(r.firstFaultToLastMs)}` +
      (bareBoth === undefined
        ? ''
        : ` (bare SMTP + bare SMPP one after the other ${s(bareBoth)}, ratio ${Number.isFinite(r.firstFaultToLastMs) ? x(r.firstFaultToLastMs / bareBoth) : '∞'})`),
  );
  out.push(`  where the time goes (per message, from the database's timestamps):`);
  for (const st of r.stages) out.push(`    ${st.what.padEnd(58)} ${lat(st.latency)} (${st.latency.samples})`);
  const states = Object.entries(r.rows)
    .filter(([k]) => k !== 'retried')
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  out.push(
    `  outbox rows: ${states || 'none'}; ${r.rows.retried} failed at least once; strays ${r.strays}; ` +
      `this process (cloud + test servers) first fault → last message: CPU ${pctOf(r.cpu)} of a core, ELU ${pctOf(r.elu)}`,
  );
  out.push(
    `  setup: register ${s(r.setup.registerMs)}, connect ${s(r.setup.connectMs)}, shadows stored and derived ` +
      `${s(r.setup.settleMs)}; load average ${r.loadAverage.toFixed(1)}`,
  );
  if (r.profile) {
    out.push(
      `  profile of this process from the first fault (${ms(r.profile.wallMs)}, busy ${pctOf(r.profile.busyShare)}):`,
    );
    out.push(`    by package: ${r.profile.byCategory.map((c) => `${c.what} ${pctOf(c.share)}`).join(', ')}`);
    out.push(`    top functions: ${r.profile.topFunctions.map((c) => `${c.what} ${pctOf(c.share)}`).join('; ')}`);
  }
  return out;
}
