/**
 * The reported state the notification bench's agents publish to raise a fault (bench/cloud/agents.ts, op `fault`):
 * the real 704D shadow of bench/cloud/payload.ts with one channel's output Faulted (`status: 'Faulted'`, `fault:
 * true`), which the cloud's incident rules (packages/protocol/src/rules/incidents.ts, spec 2 §4) read as a Critical
 * channelFault incident. `ts` (the publish time, ms since the epoch) comes first, as in every bench payload.
 */
import { fillShadow, shadowTemplate } from '../cloud/payload';

/** The channel the bench faults. */
export const FAULT_CHANNEL = 1;

interface ReportedChannels {
  readonly amp?: { readonly channels?: Record<string, { output?: Record<string, unknown> } | undefined> };
}

/** A function of the publish time giving the faulted shadow's text (~9.8 KB). */
export function faultedShadow(channel = FAULT_CHANNEL): (ts: number) => string {
  const reported = JSON.parse(fillShadow(shadowTemplate('amp'), 0, -20)) as ReportedChannels & { ts?: number };
  const output = reported.amp?.channels?.[String(channel)]?.output;
  if (output === undefined) throw new Error(`the 704D shadow has no /amp/channels/${channel}/output`);
  output.status = 'Faulted';
  output.fault = true;
  const { ts: _ts, ...rest } = reported;
  const tail = JSON.stringify(rest).slice(1); // without its '{'
  return (ts) => `{"ts":${ts},${tail}`;
}
