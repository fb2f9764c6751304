/**
 * Copying a block of one channel (output EQ, crossover, limiters) to other channels of the same amp (issue 18), planned
 * with the speaker tunings' machinery (protocol transfer/tunings.ts): the source channel's block exported as a tuning,
 * moved onto each target and planned against the amp as the console shows it. So the preview lists exactly what an
 * import would write: only fields that change, nothing the model lacks. Pure: no I/O.
 */
import {
  batchSets,
  exportTuning,
  planTuningImport,
  retargetTuning,
  tuningProperties,
  UAC_LEVELS,
  urlSegments,
  type AmpState,
  type ModelInfo,
  type PlannedChange,
  type TuningState,
  type TuningTicks,
} from '@rackside/protocol';
import type { AccessCheck } from '../../../device/fields/types';
import type { GroupWrite } from '../../../device/undo/recorded-writes';

/** The blocks that can be copied. */
export const COPY_BLOCKS = ['eq', 'crossover', 'limiters'] as const;
export type CopyBlock = (typeof COPY_BLOCKS)[number];

/** The parts of a channel (/amp/channels/{n}/{part}) each block copies. */
export const BLOCK_PARTS: Readonly<Record<CopyBlock, readonly string[]>> = {
  eq: ['outputEqFilters'],
  crossover: ['crossover'],
  limiters: ['rmsLimiter', 'peakLimiter'],
};

const NO_TICKS: TuningTicks = { eq: false, crossoverDelay: false, limiters: false };
/** The tuning tick carrying each block (it carries more: input EQ, input delay; BLOCK_PARTS narrows it). */
const BLOCK_TICKS: Readonly<Record<CopyBlock, TuningTicks>> = {
  eq: { ...NO_TICKS, eq: true },
  crossover: { ...NO_TICKS, crossoverDelay: true },
  limiters: { ...NO_TICKS, limiters: true },
};

/** True for a device URL inside this block of some channel. */
export function inBlock(block: CopyBlock, url: string): boolean {
  const [amp, channels, , part] = urlSegments(url);
  return amp === 'amp' && channels === 'channels' && part !== undefined && BLOCK_PARTS[block].includes(part);
}

/** What copying does to one target channel. */
export interface TargetPlan {
  readonly channel: number;
  /** The fields that change (current → new), in the tree's order. */
  readonly changes: readonly PlannedChange[];
  /** Fields that would change but are locked for this user (UAC role, speaker tuning): left as they are. */
  readonly locked: readonly PlannedChange[];
}

/** The plan of copying `block` of channel `source` onto each target (the source itself left out). */
export function planCopy(
  state: AmpState,
  model: ModelInfo,
  source: number,
  block: CopyBlock,
  targets: readonly number[],
  access: AccessCheck,
): TargetPlan[] {
  const amp: TuningState = { amp: state };
  const file = exportTuning(amp, model, source, BLOCK_TICKS[block]);
  return targets
    .filter((channel) => channel !== source)
    .map((channel) => {
      const moved = retargetTuning(file, channel);
      const all = moved
        ? planTuningImport(moved, amp, model, channel).changes.filter((c) => inBlock(block, c.path))
        : [];
      return {
        channel,
        changes: all.filter((c) => access(c.path) === UAC_LEVELS.Write),
        locked: all.filter((c) => access(c.path) !== UAC_LEVELS.Write),
      };
    });
}

/** The device writes of a copy: one `set` per object (an EQ band, a filter, a limiter) across every target. */
export function copyWrites(plans: readonly TargetPlan[]): GroupWrite[] {
  const sets = plans.flatMap((p) => p.changes.map((c) => ({ path: c.path, value: c.after })));
  return batchSets(sets).map(({ url, params }) => ({ url, params }));
}

/** The channel of a write's url (/amp/channels/{n}/…). */
export const channelOfWrite = (url: string): number => Number(urlSegments(url)[2]);

/** The writable fields of a block on one channel of the model (to tell a channel whose whole block is locked). */
export function blockFields(model: ModelInfo, channel: number, block: CopyBlock): string[] {
  return tuningProperties(model, channel, BLOCK_TICKS[block]).filter((url) => inBlock(block, url));
}

/** True when this user may write none of the block's fields on the channel (UAC role, speaker tuning lock). */
export function blockLocked(model: ModelInfo, channel: number, block: CopyBlock, access: AccessCheck): boolean {
  return blockFields(model, channel, block).every((url) => access(url) !== UAC_LEVELS.Write);
}
