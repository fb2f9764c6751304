/**
 * Why a channel is Faulted (issue 18), for its header: the amp's state says only 'Faulted' (spec 2 §4), so the reason
 * comes from what else it reports: a power-supply fault, else the channel's newest condition raised in the faults log
 * and not cleared since ('Channel 2: load short' … 'Channel 2: load short cleared'), else a thermal shutdown (the
 * output's thermal flag), else unknown (the Faults page has the rest).
 */
export type FaultReason =
  | { readonly kind: 'powerSupply' }
  | { readonly kind: 'logged'; readonly text: string }
  | { readonly kind: 'thermal' }
  | { readonly kind: 'unknown' };

/** What the reason is read from; partial data fits. */
export interface FaultFacts {
  readonly status: string | undefined;
  readonly thermal: boolean | undefined;
  readonly powerSupplyFault: boolean | undefined;
  /** `/logs/faults`: newline-separated lines, oldest first, each an ISO time then the text. */
  readonly faultsLog: string | undefined;
}

const STAMP = /^\S+\s+/;
const CLEARED = / cleared$/;

/** The conditions of channel `n` raised in the log and not cleared since, oldest first. */
export function openChannelConditions(log: string | undefined, n: number): string[] {
  const prefix = `Channel ${n}: `;
  const open: string[] = [];
  for (const line of (log ?? '').split(/\r?\n/)) {
    const text = line.replace(STAMP, '');
    if (!text.startsWith(prefix)) continue;
    const condition = text.slice(prefix.length).trim();
    const base = condition.replace(CLEARED, '');
    const at = open.indexOf(base);
    if (at >= 0) open.splice(at, 1);
    if (base === condition && condition !== '') open.push(condition);
  }
  return open;
}

/** The reason of a Faulted channel; undefined when the channel is not Faulted. */
export function channelFaultReason(facts: FaultFacts, n: number): FaultReason | undefined {
  if (facts.status !== 'Faulted') return undefined;
  if (facts.powerSupplyFault === true) return { kind: 'powerSupply' };
  const logged = openChannelConditions(facts.faultsLog, n).at(-1);
  if (logged !== undefined) return { kind: 'logged', text: logged };
  return facts.thermal === true ? { kind: 'thermal' } : { kind: 'unknown' };
}
