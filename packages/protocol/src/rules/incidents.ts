/**
 * What an amp's reported state says is wrong right now, as incident conditions (issue 15; cloud/incidents.ts): the
 * fault and warning rules of spec 2 §4 (rules/status.ts) split into one condition per cause and channel, each with a
 * stable key (`channelFault:1`, `powerSupplyFault`) so that the cloud opens an incident once per condition, updates
 * it while the condition's detail changes, and resolves it when the condition is gone. And which lines of the amp's
 * event log are new since the cloud last looked (each one an Info incident).
 */
import type { IncidentConditionType } from '../cloud/incidents';
import { logLines } from './dashboard';
import { channelsOf, hasMissingEnabledInput, isChannelFaulted, type DeviceStatusView } from './status';

/** spec 2 §4: load monitor statuses that do not warn (as rules/status.ts). */
const LOAD_MONITOR_OK: readonly string[] = ['Ok', 'Low Signal'];

/** A condition derived from state (offline and log events come from elsewhere). */
export type StateConditionType = Exclude<IncidentConditionType, 'offline' | 'event'>;

/** One condition an amp's state shows now. */
export interface ActiveCondition {
  /** Unique per amp: the type, and the channel for channel conditions (`loadMonitor:2`). */
  readonly key: string;
  readonly type: StateConditionType;
  readonly channel?: number;
  /** The amp's own status word when it says more than the type (a load monitor's 'Short'). */
  readonly detail?: string;
  /** spec 1 §3 severity: faults are Critical, warnings Warning. */
  readonly severity: 'Critical' | 'Warning';
}

const SEVERITY_OF: Readonly<Record<StateConditionType, ActiveCondition['severity']>> = {
  channelFault: 'Critical',
  powerSupplyFault: 'Critical',
  thermal: 'Warning',
  loadMonitor: 'Warning',
  pilotTone: 'Warning',
  inputMissing: 'Warning',
  powerNotOk: 'Warning',
};

/** The key of a condition: its type, with `:{channel}` for a channel's. */
export const conditionKey = (type: IncidentConditionType, channel?: number): string =>
  channel === undefined ? type : `${type}:${channel}`;

function condition(type: StateConditionType, channel?: number, detail?: string): ActiveCondition {
  return {
    key: conditionKey(type, channel),
    type,
    severity: SEVERITY_OF[type],
    ...(channel === undefined ? {} : { channel }),
    ...(detail === undefined ? {} : { detail }),
  };
}

/**
 * The conditions a (partial) reported state shows, amp-wide first, then by channel: a channel's output Faulted and
 * the power supply's fault flag (Critical); a channel's output thermal, its load monitor enabled and testing with a
 * status other than Ok/Low Signal, its pilot tone enabled and testing with a status other than Ok, an enabled input
 * not present, and the power supply not ok (Warning). Whatever the state leaves out raises nothing.
 */
export function activeConditions(reported: DeviceStatusView | undefined): ActiveCondition[] {
  const out: ActiveCondition[] = [];
  const ps = reported?.amp?.powerSupply;
  if (ps?.fault === true) out.push(condition('powerSupplyFault'));
  if (ps?.powerOk === false) out.push(condition('powerNotOk'));
  for (const { channelNumber: n, channel: ch } of channelsOf(reported)) {
    if (isChannelFaulted(ch)) out.push(condition('channelFault', n));
    if (ch.output?.thermal === true) out.push(condition('thermal', n));
    const lm = ch.loadMonitor;
    if (lm?.enable === true && lm.testing === true && lm.status !== undefined && !LOAD_MONITOR_OK.includes(lm.status))
      out.push(condition('loadMonitor', n, lm.status));
    const pt = ch.pilotToneDetector;
    if (pt?.enable === true && pt.testing === true && pt.status !== undefined && pt.status !== 'Ok')
      out.push(condition('pilotTone', n, pt.status));
    if (hasMissingEnabledInput(ch)) {
      const primary = pt?.inputEnablePrimary === true && pt.inputPresentPrimary === false;
      const secondary = pt?.inputEnableSecondary === true && pt.inputPresentSecondary === false;
      out.push(
        condition(
          'inputMissing',
          n,
          primary && secondary ? 'primary and secondary' : primary ? 'primary' : 'secondary',
        ),
      );
    }
  }
  return out;
}

/** New lines of an event log, how many lines it holds now and its newest line (what to remember as seen). */
export interface NewEventLines {
  readonly lines: string[];
  readonly count: number;
  readonly last: string | null;
}

/**
 * The lines of an amp's event log not seen before, given how many lines were seen and the newest of them
 * (`seen` undefined: the amp was never looked at, so its history is taken as seen, not news). The log grew when the
 * line at the seen count's place is the one seen last: the lines after it are new. Otherwise a full log dropped its
 * oldest lines as it appended (the amp keeps 200): the new lines follow the latest copy of the line seen last. When
 * that line is gone altogether the log was cleared since: every line it holds came after the clear. Without a
 * remembered line (older state) only the count is compared.
 */
export function newEventLines(
  log: string | undefined,
  seen: number | undefined,
  lastSeen?: string | null,
): NewEventLines {
  const lines = logLines(log);
  const found = (from: number) => ({ lines: lines.slice(from), count: lines.length, last: lines.at(-1) ?? null });
  if (seen === undefined || seen < 0) return found(lines.length);
  if (lastSeen === undefined || lastSeen === null) return lines.length < seen ? found(0) : found(seen);
  if (seen > 0 && seen <= lines.length && lines[seen - 1] === lastSeen) return found(seen);
  return found(lines.lastIndexOf(lastSeen) + 1);
}
