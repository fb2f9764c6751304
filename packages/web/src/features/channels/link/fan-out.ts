/**
 * Linked channels (issue 18): a write to a per-channel field of one linked channel, fanned out to the same path on
 * every other linked channel, and on the same channel of the amps linked across. Pure: which writes to make and which linked channels cannot take the change (a field the
 * model lacks, a field locked by UAC or a speaker tuning), decided before anything is written.
 */
import { resolveUrl, UAC_LEVELS, type ModelInfo } from '@rackside/protocol';
import type { AccessCheck } from '../../../device/fields/types';
import type { GroupWrite } from '../../../device/undo/recorded-writes';
import type { SkipReason } from './link-store';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const CHANNEL_URL = /^\/amp\/channels\/(\d+)(\/.*)?$/;

/**
 * Fields that stay per channel, by their path under the channel: a name names one output, and Smart Power Bridge
 * (super8) rewires the amp's output stage and asks first for the channel it is set on (docs/user-guide.md).
 */
export const PER_CHANNEL_FIELDS: readonly string[] = ['/output/name', '/output/super8'];

/** The channel of a url under /amp/channels/{n}, and the path under it ('/output'); undefined elsewhere. */
export function channelOfUrl(url: string): { channel: number; rest: string } | undefined {
  const m = CHANNEL_URL.exec(url);
  return m ? { channel: Number(m[1]), rest: m[2] ?? '' } : undefined;
}

/** The leaf paths of params at url ('/amp/channels/1/output' + {fader} → '/amp/channels/1/output/fader'). */
function leafUrls(url: string, params: Obj): string[] {
  return Object.entries(params).flatMap(([k, v]) => (isObj(v) ? leafUrls(`${url}/${k}`, v) : [`${url}/${k}`]));
}

/** The params without the per-channel fields (undefined when nothing is left). */
function linkable(rest: string, params: Obj): Obj | undefined {
  const out: Obj = {};
  for (const [k, v] of Object.entries(params)) {
    const path = `${rest}/${k}`;
    if (PER_CHANNEL_FIELDS.includes(path)) continue;
    if (isObj(v)) {
      const sub = linkable(path, v);
      if (sub) out[k] = sub;
    } else out[k] = v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** What a linked write does: the writes (the user's first) and the linked channels left out, with why. */
export interface FanOut {
  readonly writes: readonly GroupWrite[];
  readonly skipped: readonly { readonly channel: number; readonly reason: SkipReason }[];
}

/** What the fan-out checks a linked channel against: its amp's model and the user's access to each field. */
export interface FanOutContext {
  readonly model: ModelInfo;
  readonly access: AccessCheck;
}

/** The write of the shared params at `channel` (same path under it), or why that channel cannot take it. */
function writeAt(channel: number, rest: string, shared: Obj, ctx: FanOutContext): GroupWrite | SkipReason {
  const target = `/amp/channels/${channel}${rest}`;
  const leaves = leafUrls(target, shared);
  if (leaves.some((leaf) => !resolveUrl(ctx.model, leaf).ok)) return 'missing';
  if (leaves.some((leaf) => ctx.access(leaf) !== UAC_LEVELS.Write)) return 'locked';
  return { url: target, params: structuredClone(shared) };
}

/**
 * The writes of `set url params` with these channels linked, or undefined when it is a plain write (not under a linked
 * channel, fewer than two linked, or only per-channel fields). The user's own write comes first, unchanged.
 */
export function fanOut(url: string, params: Obj, linked: readonly number[], ctx: FanOutContext): FanOut | undefined {
  const at = channelOfUrl(url);
  if (!at || linked.length < 2 || !linked.includes(at.channel)) return undefined;
  const shared = linkable(at.rest, params);
  if (!shared) return undefined;
  const writes: GroupWrite[] = [{ url, params }];
  const skipped: { channel: number; reason: SkipReason }[] = [];
  for (const channel of linked) {
    if (channel === at.channel) continue;
    const w = writeAt(channel, at.rest, shared, ctx);
    if (typeof w === 'string') skipped.push({ channel, reason: w });
    else writes.push(w);
  }
  return { writes, skipped };
}

/**
 * Another amp a linked write goes to: its channels linked, and what to check them against, or why it takes nothing
 * ('offline': not connected; 'guest': a protected amp the user is not signed in to).
 */
export interface OtherAmpTarget {
  readonly ampId: string;
  readonly channels: readonly number[];
  readonly ctx: FanOutContext | 'offline' | 'guest';
}

/** What a linked write does on another amp: its writes (one group, one undo step there) and its channels left out. */
export interface OtherAmpFanOut extends FanOut {
  readonly ampId: string;
}

/**
 * Issue 18, linked across amps: the writes of `set url params` (made on a channel of another amp) on each of these
 * amps, at the same path under each of its linked channels; an amp not connected or not signed in to takes none. Empty for a
 * write that is not under a channel or only of per-channel fields.
 */
export function fanOutToAmps(url: string, params: Obj, targets: readonly OtherAmpTarget[]): OtherAmpFanOut[] {
  const at = channelOfUrl(url);
  const shared = at && linkable(at.rest, params);
  if (!at || !shared) return [];
  return targets.map(({ ampId, channels, ctx }) => {
    const writes: GroupWrite[] = [];
    const skipped: { channel: number; reason: SkipReason }[] = [];
    for (const channel of channels) {
      const w = typeof ctx === 'string' ? ctx : writeAt(channel, at.rest, shared, ctx);
      if (typeof w === 'string') skipped.push({ channel, reason: w });
      else writes.push(w);
    }
    return { ampId, writes, skipped };
  });
}
