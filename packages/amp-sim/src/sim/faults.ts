/**
 * Faults an operator can inject into an emulated amp (issue "amp emulator": short or open a channel's load,
 * overheat a channel, fail the power supply, drop an input, unplug the network, change firmware, raise a warning).
 * One zod schema serves the HTTP control route, the CLI flag and the physics.
 */
import { z } from 'zod';
import type { ModelInfo } from '@rackside/protocol';

/** Input kinds of `/amp/inputs`. */
export const INPUT_KINDS = ['analog', 'dante', 'digital'] as const;
/** One of `/amp/inputs/{kind}`. */
export type InputKind = (typeof INPUT_KINDS)[number];

const channel = z.number().int().min(1).max(8);
/** spec 2 §5: firmware versions are four dotted numbers. */
const FIRMWARE_VERSION = /^\d+\.\d+\.\d+\.\d+$/;

/** An injectable fault. `dropInput` without `n` drops every input of that kind; `clear` removes all faults. */
export const FaultSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('short'), channel }),
  z.strictObject({ type: z.literal('open'), channel }),
  z.strictObject({ type: z.literal('overheat'), channel }),
  z.strictObject({ type: z.literal('powerSupplyFail') }),
  z.strictObject({ type: z.literal('dropInput'), input: z.enum(INPUT_KINDS), n: channel.optional() }),
  z.strictObject({ type: z.literal('unplugNetwork'), seconds: z.number().positive().max(86400) }),
  z.strictObject({
    type: z.literal('firmware'),
    version: z.string().regex(FIRMWARE_VERSION, 'firmware version must be four dotted numbers, e.g. 1.6.0.0'),
  }),
  z.strictObject({
    type: z.literal('warning'),
    channel: channel.optional(),
    text: z.string().min(1).max(200).optional(),
  }),
  z.strictObject({ type: z.literal('clear') }),
]);
/** An injectable fault (see FaultSchema). */
export type Fault = z.infer<typeof FaultSchema>;
/** The type tag of a fault. */
export type FaultType = Fault['type'];

/** A zod error as one readable line: `channel: Too small: expected number to be >=1; ...`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

const countOf = (model: ModelInfo, kind: InputKind): number =>
  kind === 'analog' ? model.analogInputs : kind === 'dante' ? model.danteInputs : model.digitalInputs;

/** Why a fault cannot apply to this model (a channel or input it does not have), or undefined when it can. */
export function faultProblem(model: ModelInfo, fault: Fault): string | undefined {
  if (model.kind !== 'amp' && fault.type !== 'unplugNetwork' && fault.type !== 'clear') {
    return `${model.id} is not an amp: only unplugNetwork and clear apply`;
  }
  switch (fault.type) {
    case 'short':
    case 'open':
    case 'overheat':
    case 'warning':
      if (fault.channel !== undefined && fault.channel > model.channels) {
        return `channel ${fault.channel} does not exist: ${model.id} has channels 1-${model.channels}`;
      }
      return undefined;
    case 'dropInput': {
      const count = countOf(model, fault.input);
      if (count === 0) return `${model.id} has no ${fault.input} inputs`;
      if (fault.n !== undefined && fault.n > count) {
        return `${fault.input} input ${fault.n} does not exist: ${model.id} has ${fault.input} inputs 1-${count}`;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Throws a clear error when a fault cannot apply to this model. */
export function assertFaultFits(model: ModelInfo, fault: Fault): void {
  const problem = faultProblem(model, fault);
  if (problem) throw new Error(problem);
}

/**
 * True when `fault` matches `pattern`: the same type and every target field the pattern names
 * (`{type: 'dropInput', input: 'analog'}` matches every dropped analog input).
 */
export function faultMatches(pattern: Fault, fault: Fault): boolean {
  if (pattern.type !== fault.type) return false;
  const p = pattern as Record<string, unknown>;
  const f = fault as Record<string, unknown>;
  return Object.keys(p).every((k) => p[k] === undefined || p[k] === f[k]);
}

const targetOf = (f: Fault): string =>
  ['channel' in f ? f.channel : '', 'input' in f ? f.input : '', 'n' in f ? f.n : ''].join('/');

/** True when a newly injected fault replaces an active one (the same target, or the other state of a channel's load). */
export function supersedes(next: Fault, active: Fault): boolean {
  const load = (f: Fault) => (f.type === 'short' || f.type === 'open' ? f.channel : undefined);
  if (load(next) !== undefined && load(next) === load(active)) return true;
  return next.type === active.type && targetOf(next) === targetOf(active);
}

/** What the physics needs to know about the active faults. */
export interface ActiveFaults {
  readonly load: (channel: number) => 'normal' | 'short' | 'open';
  readonly overheated: (channel: number) => boolean;
  readonly warned: (channel: number) => boolean;
  readonly powerSupplyFail: boolean;
  /** A warning without a channel: the AC line sags below its low warning limit. */
  readonly lineSag: boolean;
  readonly dropped: (kind: InputKind, n: number) => boolean;
  /** Injected warnings that carry a text to show in the faults log. */
  readonly warnings: readonly Extract<Fault, { type: 'warning' }>[];
}

/** A query view of a list of active faults. */
export function activeFaults(list: readonly Fault[]): ActiveFaults {
  const has = (pred: (f: Fault) => boolean) => list.some(pred);
  const warnings = list.filter((f): f is Extract<Fault, { type: 'warning' }> => f.type === 'warning');
  return {
    load: (c) =>
      has((f) => f.type === 'short' && f.channel === c)
        ? 'short'
        : has((f) => f.type === 'open' && f.channel === c)
          ? 'open'
          : 'normal',
    overheated: (c) => has((f) => f.type === 'overheat' && f.channel === c),
    warned: (c) => warnings.some((f) => f.channel === c),
    powerSupplyFail: has((f) => f.type === 'powerSupplyFail'),
    lineSag: warnings.some((f) => f.channel === undefined),
    dropped: (kind, n) => has((f) => f.type === 'dropInput' && f.input === kind && (f.n === undefined || f.n === n)),
    warnings,
  };
}
