/**
 * spec 3 §2/§4 "Speaker tunings": one channel's tuning as a version 2 transfer file, the field URLs a locked tuning
 * locks, moving a tuning onto another channel, and the locked property groups that block its import. Pure: no I/O.
 *
 * A tuning file is channel-neutral: its `channels` holds one channel keyed "1" and its locked properties name
 * /amp/channels/1/…, whatever channel it was exported from; importing it into channel m retargets "1" (or whatever
 * single key a hand-made file uses) to m. The signature covers the file as written, so it is verified before the
 * retarget (docs/transfer-file.md "Speaker tunings").
 */
import { getAt } from '../device/json';
import type { ModelInfo } from '../device/models';
import type { DeviceState } from '../device/state-types';
import { resolveUrl, urlSegments } from '../device/url';
import { walkFields } from '../device/walk';
import { TUNINGS_FILE_VERSION, type TransferFile, type TransferValue } from './file';
import {
  ALL_TICKS,
  planImport,
  putAt,
  tickOf,
  type ImportPlan,
  type TransferTick,
  type TransferTicks,
} from './sections';

/**
 * The channel-level ticks a speaker tuning carries: what shapes the loudspeaker's response and protects it (crossover
 * and delay, EQ, limiters). Left out on purpose: inputs and the signal generator (routing, not the speaker), the channel
 * name and the fader/mute (the installation's), Hi-Z/Lo-Z and Smart Power Bridge (the wiring and the amp's output
 * stage: a tuning must not re-wire an output) and load monitoring/pilot tone (measured per installation).
 */
export const TUNING_TICKS = ['crossoverDelay', 'eq', 'limiters'] as const;
/** One tick of a tuning export. */
export type TuningTick = (typeof TUNING_TICKS)[number];
/** Which tuning ticks are on. */
export type TuningTicks = Readonly<Record<TuningTick, boolean>>;
/** Every tuning tick on: what an import carries (a tuning import has no ticks). */
export const ALL_TUNING_TICKS: TuningTicks = { crossoverDelay: true, eq: true, limiters: true };

/** What a tuning reads of the amp: `/amp` (the channel tabs hold it complete, the rest of the tree is not needed). */
export type TuningState = Pick<DeviceState, 'amp'>;

/** The channel key a tuning file uses (spec 3 §9: one channel, channel-neutral). */
export const TUNING_FILE_CHANNEL = '1';

const channelRoot = (channel: number | string) => `/amp/channels/${channel}`;
const under = (url: string, root: string) => url === root || url.startsWith(root + '/');

const isTuningTick = (t: TransferTick | undefined, ticks: TuningTicks): boolean =>
  t !== undefined && (TUNING_TICKS as readonly string[]).includes(t) && ticks[t as TuningTick];

/** The settings-transfer ticks of a tuning: `channels` (which channel-level ticks need) and the ticked tuning ticks. */
export function transferTicksOf(ticks: TuningTicks): TransferTicks {
  const off = Object.fromEntries(Object.keys(ALL_TICKS).map((t) => [t, false])) as Record<TransferTick, boolean>;
  return { ...off, channels: true, ...ticks };
}

/**
 * The writable field URLs of one channel that a tuning under these ticks carries: what the tuning exports, and what
 * a locked export gives `lock` (spec 3 §4).
 */
export function tuningProperties(model: ModelInfo, channel: number, ticks: TuningTicks): string[] {
  const root = channelRoot(channel);
  const out: string[] = [];
  for (const { url, field } of walkFields(model)) {
    if (field.readOnly || field.action || !under(url, root)) continue;
    if (isTuningTick(tickOf(url), ticks)) out.push(url);
  }
  return out;
}

/**
 * spec 3 §3/§9: a speaker tuning export: version 2, the channel's tuning fields (tuningProperties) at their current
 * values under `channels["1"]`, the other sections empty. Locking and signing are the caller's (lockTuningFile).
 */
export function exportTuning(state: TuningState, model: ModelInfo, channel: number, ticks: TuningTicks): TransferFile {
  const tree: Record<string, TransferValue> = {};
  const depth = urlSegments(channelRoot(channel)).length;
  for (const url of tuningProperties(model, channel, ticks)) {
    const segments = urlSegments(url);
    const value = getAt(state, segments);
    if (value !== undefined) putAt(tree, segments.slice(depth), value as TransferValue);
  }
  return {
    version: TUNINGS_FILE_VERSION,
    network: {},
    amp: {},
    channels: { [TUNING_FILE_CHANNEL]: tree },
    inputs: {},
  };
}

/** A URL of channel `from` as the same URL of channel `to`; undefined for a URL outside channel `from`. */
function moveUrl(url: string, from: number | string, to: number | string): string | undefined {
  const root = channelRoot(from);
  return under(url, root) ? channelRoot(to) + url.slice(root.length) : undefined;
}

/**
 * The file of a locked export (unsigned: sign it with signTransferFile and the amp's MAC): the tuning plus the group
 * `lock` returned, its properties (this amp's channel URLs) named on the file's channel "1".
 */
export function lockTuningFile(
  file: TransferFile,
  channel: number,
  group: { readonly groupId: string; readonly key: string; readonly properties: readonly string[] },
): TransferFile {
  const properties = group.properties
    .map((p) => moveUrl(p, channel, TUNING_FILE_CHANNEL))
    .filter((p): p is string => p !== undefined);
  return { ...file, lockedProperties: { groups: { [group.groupId]: { key: group.key, properties } } } };
}

/**
 * A tuning file moved onto channel `toChannel`: its single channel subtree re-keyed and its locked properties' URLs
 * renamed. Undefined when the file is no tuning: not version 2, not exactly one channel, or a locked property outside
 * that channel. Verify the signature first: the signature covers the file as exported.
 */
export function retargetTuning(file: TransferFile, toChannel: number): TransferFile | undefined {
  if (file.version !== TUNINGS_FILE_VERSION) return undefined;
  const keys = Object.keys(file.channels);
  const from = keys[0];
  if (keys.length !== 1 || from === undefined) return undefined;
  const groups: NonNullable<TransferFile['lockedProperties']>['groups'] = {};
  for (const [id, g] of Object.entries(file.lockedProperties?.groups ?? {})) {
    const properties = g.properties.map((p) => moveUrl(p, from, toChannel));
    if (properties.some((p) => p === undefined)) return undefined;
    groups[id] = { key: g.key, properties: properties as string[] };
  }
  const { lockedProperties, signature: _signature, deviceId: _deviceId, ...rest } = file;
  return {
    ...rest,
    channels: { [String(toChannel)]: file.channels[from]! },
    ...(lockedProperties ? { lockedProperties: { groups } } : {}),
  };
}

/**
 * The plan of importing a (retargeted) tuning into an amp: planImport restricted to the tuning's fields of that
 * channel, so a hand-made file cannot slip a fader, a name or another channel in.
 */
export function planTuningImport(
  file: TransferFile,
  state: TuningState,
  model: ModelInfo,
  channel: number,
): ImportPlan {
  // a tuning reads and writes /amp/channels only, so the rest of the tree is never looked at
  const plan = planImport(file, state as DeviceState, model, transferTicksOf(ALL_TUNING_TICKS));
  const ok = (url: string) => under(url, channelRoot(channel)) && isTuningTick(tickOf(url), ALL_TUNING_TICKS);
  return {
    sets: plan.sets.filter((s) => ok(s.path)),
    changes: plan.changes.filter((c) => ok(c.path)),
    unsupported: plan.unsupported.filter((u) => ok(u.item)),
  };
}

/**
 * The `lock` a (retargeted) locked tuning asks of the target amp: the file's key and its properties that the target's
 * model has (a field an ADSP tuning locks does not exist on a smaller model, and `lock` refuses unknown URLs).
 */
export function tuningLockOf(file: TransferFile, model: ModelInfo): { key: string; properties: string[] } | undefined {
  const groups = Object.values(file.lockedProperties?.groups ?? {});
  if (groups.length === 0) return undefined;
  // a tuning export holds one group; a hand-made file with more is merged under the first key (all lock together)
  const properties = [...new Set(groups.flatMap((g) => g.properties))].filter((p) => {
    const r = resolveUrl(model, p);
    return r.ok && r.kind === 'field';
  });
  return { key: groups[0]!.key, properties };
}

/** `/lockedProperties` as the amp reports it (partial, as notifications build it). */
export type LockedPropertiesLike =
  | {
      readonly groups?: Readonly<Record<string, { readonly properties?: readonly (string | undefined)[] } | undefined>>;
    }
  | undefined;

/**
 * spec 3 §4: the locked property groups on a channel. `one` can be unlocked or reset; `many` blocks an import ("Please
 * unlock all locked channel properties."); `notUnlockable` is a group on the channel that also locks properties
 * elsewhere, which resetting would reset too ("Please unlock all locked properties.").
 */
export type ChannelLocks =
  | { readonly kind: 'none' }
  | { readonly kind: 'one'; readonly groupId: string }
  | { readonly kind: 'many'; readonly groupIds: readonly string[] }
  | { readonly kind: 'notUnlockable'; readonly groupIds: readonly string[] };

/** spec 3 §4: classifies the groups touching a channel (a property in it, or a property holding the whole channel). */
export function channelLockedGroups(lockedProperties: LockedPropertiesLike, channel: number): ChannelLocks {
  const root = channelRoot(channel);
  const touching: string[] = [];
  const outside: string[] = [];
  for (const [id, g] of Object.entries(lockedProperties?.groups ?? {})) {
    const props = (g?.properties ?? []).filter((p): p is string => typeof p === 'string');
    if (!props.some((p) => under(p, root) || under(root, p))) continue;
    touching.push(id);
    if (props.some((p) => !under(p, root))) outside.push(id);
  }
  if (touching.length === 0) return { kind: 'none' };
  if (touching.length > 1) return { kind: 'many', groupIds: touching };
  if (outside.length > 0) return { kind: 'notUnlockable', groupIds: outside };
  return { kind: 'one', groupId: touching[0]! };
}

/**
 * spec 3 §4: why the groups on a channel block a tuning import, or undefined (none, or one to reset first); the texts
 * are catalog/errors.ts TUNING_MESSAGES `unlockChannelProperties` and `unlockProperties`.
 */
export function importBlock(locks: ChannelLocks): 'manyGroups' | 'notUnlockable' | undefined {
  switch (locks.kind) {
    case 'many':
      return 'manyGroups';
    case 'notUnlockable':
      return 'notUnlockable';
    case 'none':
    case 'one':
      return undefined;
  }
}
