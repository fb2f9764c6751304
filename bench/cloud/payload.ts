/**
 * The reported shadow the cloud benchmark's agents publish (bench/cloud/agents.ts), as a text template: a real
 * amp's shadow (reportedFromState of an emulated 704D at boot, ~9.8 KB) or a small one, with `ts` first (the
 * bare broker's subscriber reads it from the first bytes) and one fader value that changes with every publish.
 */
import { Amp, bootState, fleetIdentity } from '@rackside/amp-sim';
import { getModel, reportedFromState } from '@rackside/protocol';

/** The payloads the agents can publish. */
export type ShadowPayload = 'amp' | 'small';

const TS_MARK = 1_111_111_111_111;
const VALUE_MARK = -12.3456789;

/** A shadow as a template: `${before}${ts}${middle}${value}${after}` is one reported payload. */
export interface ShadowTemplate {
  readonly before: string;
  readonly middle: string;
  readonly after: string;
}

export function shadowTemplate(kind: ShadowPayload): ShadowTemplate {
  let reported: Record<string, unknown>;
  if (kind === 'amp') {
    const identity = fleetIdentity(getModel('704D'), 0, '127.0.0.1');
    const amp = new Amp(identity);
    amp.apply(bootState(identity), 'amp');
    const { ts: _ts, ...rest } = reportedFromState(amp.state, 0);
    reported = { ts: TS_MARK, ...rest };
    const output = (reported.amp as { channels?: Record<string, { output?: Record<string, unknown> }> } | undefined)
      ?.channels?.['1']?.output;
    if (!output) throw new Error('the 704D shadow has no /amp/channels/1/output');
    output.fader = VALUE_MARK;
  } else {
    reported = { ts: TS_MARK, misc: { deviceName: 'bench amp', benchValue: VALUE_MARK } };
  }
  const text = JSON.stringify(reported);
  const [before, rest] = text.split(String(TS_MARK)) as [string, string];
  const [middle, after] = rest.split(String(VALUE_MARK)) as [string, string];
  return { before, middle, after };
}

/** One payload of the template. */
export const fillShadow = (t: ShadowTemplate, ts: number, value: number): string =>
  `${t.before}${ts}${t.middle}${value}${t.after}`;
