/**
 * spec 3 §2/§4: which parts of the amp's tree each Import/Export tick carries, the export of those parts, and the plan
 * of an import (what to set, what the target amp lacks, what will change), by model. Pure: no I/O.
 */
import { choicesOf, isValidValue } from '../device/field';
import { deepEqual, getAt, isObj } from '../device/json';
import type { ModelInfo } from '../device/models';
import type { DeviceState } from '../device/state-types';
import { resolveUrl, urlSegments } from '../device/url';
import { walkFields } from '../device/walk';
import { TUNINGS_FILE_VERSION, type TransferFile, type TransferValue } from './file';

/** spec 3 §2: the amp-level ticks. */
export const AMP_TICKS = ['network', 'amp', 'channels', 'gpio'] as const;
/** spec 3 §2: the channel-level ticks; each refines the `channels` tick and carries nothing without it. */
export const CHANNEL_TICKS = [
  'inputs',
  'channelName',
  'hizLowz',
  'smartPowerBridge',
  'signalGenerator',
  'crossoverDelay',
  'eq',
  'limiters',
  'loadMonitoringPilotTone',
] as const;
/** One tick of the dialog. */
export type TransferTick = (typeof AMP_TICKS)[number] | (typeof CHANNEL_TICKS)[number];
/** Which ticks are on. */
export type TransferTicks = Readonly<Record<TransferTick, boolean>>;
/** Every tick on: what a locked file imports, since its ticks are hidden (spec 3 §2). */
export const ALL_TICKS: TransferTicks = Object.fromEntries(
  [...AMP_TICKS, ...CHANNEL_TICKS].map((t) => [t, true]),
) as Record<TransferTick, boolean>;

const CHANNEL_TICK_SET: ReadonlySet<string> = new Set(CHANNEL_TICKS);

// Channel subtree → tick, by the first one or two segments under /amp/channels/{n}. spec 2 §3: super8 is the field
// behind the Smart Power Bridge button. Fields no channel-level tick names (mute, enable, fader) ride on `channels`.
const CHANNEL_BLOCKS: Readonly<Record<string, TransferTick>> = {
  'output/name': 'channelName',
  'output/hiZLoZ': 'hizLowz',
  'output/hiZHpfEnable': 'hizLowz',
  'output/hiZHpfFrequency': 'hizLowz',
  'output/super8': 'smartPowerBridge',
  'inputSelector/signalGeneratorEnable': 'signalGenerator',
  'inputSelector/signalGeneratorFader': 'signalGenerator',
  output: 'channels',
  inputSelector: 'inputs',
  inputDelay: 'crossoverDelay',
  crossover: 'crossoverDelay',
  outputEqFilters: 'eq',
  inputIirEqFilters: 'eq',
  inputFirEqFilters: 'eq',
  rmsLimiter: 'limiters',
  peakLimiter: 'limiters',
  loadMonitor: 'loadMonitoringPilotTone',
  pilotToneDetector: 'loadMonitoringPilotTone',
};

/** The tick that carries a device URL, or undefined for parts of the tree no transfer carries (/misc, /cloud, ...). */
export function tickOf(url: string): TransferTick | undefined {
  const s = urlSegments(url);
  if (s[0] === 'network') return 'network';
  if (s[0] === 'GPIO') return 'gpio';
  if (s[0] !== 'amp') return undefined;
  if (s[1] === 'channels') return CHANNEL_BLOCKS[`${s[3]}/${s[4]}`] ?? CHANNEL_BLOCKS[s[3] ?? ''];
  if (s[1] === 'inputs') return 'inputs';
  if (s[1] === 'powerSupply' && s[2]?.startsWith('outputPort')) return 'gpio'; // the GPIO output port (spec 2 §6)
  return 'amp';
}

/** True when these ticks carry this URL: its tick is on, and for a channel-level tick `channels` is on too. */
export function carries(ticks: TransferTicks, url: string): boolean {
  const t = tickOf(url);
  return t !== undefined && ticks[t] && (!CHANNEL_TICK_SET.has(t) || ticks.channels);
}

type Section = 'network' | 'amp' | 'channels' | 'inputs' | 'GPIO';

/** Where a device URL's value sits in the file: /amp/channels/{n}/… under channels, /amp/inputs/… under inputs. */
function fileLocation(segments: readonly string[]): { section: Section; rest: string[] } | undefined {
  const [top, second, ...more] = segments;
  if (top === 'network' || top === 'GPIO') return { section: top, rest: segments.slice(1) };
  if (top !== 'amp' || second === undefined) return undefined;
  if (second === 'channels') return { section: 'channels', rest: more };
  if (second === 'inputs') return { section: 'inputs', rest: more };
  return { section: 'amp', rest: segments.slice(1) };
}

const SECTION_ROOT: Readonly<Record<Section, string>> = {
  network: '/network',
  amp: '/amp',
  channels: '/amp/channels',
  inputs: '/amp/inputs',
  GPIO: '/GPIO',
};

/** Writes `value` at `path` under `into`, making the objects on the way. */
export function putAt(into: Record<string, TransferValue>, path: readonly string[], value: TransferValue): void {
  let cur = into;
  for (const k of path.slice(0, -1)) {
    const next = cur[k];
    cur = isObj(next) ? next : (cur[k] = {});
  }
  cur[path[path.length - 1]!] = value;
}

/** Options of an export: a speaker tuning export carries version 2 (spec 3 §3). */
export interface ExportOptions {
  readonly tunings?: boolean;
}

/**
 * spec 3 §3: the file of an amp's settings under these ticks: every writable field the ticks carry, at its current
 * value. The four sections are always written (empty when not ticked); GPIO only when the model has it and it is
 * ticked. Signing is signTransferFile's.
 */
export function exportSettings(
  state: DeviceState,
  model: ModelInfo,
  ticks: TransferTicks,
  options: ExportOptions = {},
): TransferFile {
  const sections: Record<Section, Record<string, TransferValue>> = {
    network: {},
    amp: {},
    channels: {},
    inputs: {},
    GPIO: {},
  };
  let hasGpio = false;
  for (const { url, field } of walkFields(model)) {
    if (field.readOnly || field.action || !carries(ticks, url)) continue;
    const segments = urlSegments(url);
    const value = getAt(state, segments);
    const at = fileLocation(segments);
    if (value === undefined || at === undefined) continue;
    putAt(sections[at.section], at.rest, value as TransferValue);
    if (at.section === 'GPIO') hasGpio = true;
  }
  const { GPIO, ...rest } = sections;
  return {
    ...(options.tunings ? { version: TUNINGS_FILE_VERSION } : {}),
    ...rest,
    channels: rest.channels as TransferFile['channels'],
    ...(hasGpio ? { GPIO } : {}),
  };
}

/**
 * Why an item of a file cannot be imported into the target model (spec 3 §4): the capability it lacks, a channel or
 * input it does not have, a filter type or input source it does not offer, or a value no field accepts.
 */
export type UnsupportedReason =
  | 'advancedDsp'
  | 'customFir'
  | 'pilotToneV2'
  | 'gpio'
  | 'dot1x'
  | 'micGain'
  | 'danteOnRamp'
  | 'attackTime'
  | 'filterType'
  | 'potLockout'
  | 'wifi'
  | 'channel'
  | 'input'
  | 'value';

/** One item of the file the target drops: the shortest URL the target lacks (or the field whose value it refuses). */
export interface UnsupportedItem {
  readonly item: string;
  readonly reason: UnsupportedReason;
}
/** One write of an import. */
export interface PlannedSet {
  readonly path: string;
  readonly value: TransferValue;
}
/** One line of the preview: old → new, grouped by tick (block) and channel. */
export interface PlannedChange {
  readonly path: string;
  readonly group: TransferTick;
  readonly channel?: number;
  readonly before: unknown;
  readonly after: TransferValue;
}
/** What an import would do: only the writes that change something, what is dropped, and the preview. */
export interface ImportPlan {
  readonly sets: PlannedSet[];
  readonly unsupported: UnsupportedItem[];
  readonly changes: PlannedChange[];
}

/** spec 3 §4: the result line for an unsupported item. */
export const unsupportedMessage = (item: string): string => `${item} value is unsupported`;

function* leaves(value: TransferValue, url: string): Generator<{ url: string; value: TransferValue }> {
  if (isObj(value)) for (const [k, v] of Object.entries(value)) yield* leaves(v, `${url}/${k}`);
  else yield { url, value };
}

/** spec 3 §4: "Dante and Digital inputs are remapped": Dante n ↔ Digital n when the target has the other kind only. */
function remapNetworkInput(name: string, target: ModelInfo): string {
  const m = /^(Dante|Digital)\b/.exec(name);
  if (!m) return name;
  const has = m[1] === 'Dante' ? target.danteInputs > 0 : target.digitalInputs > 0;
  const other = m[1] === 'Dante' ? target.digitalInputs > 0 : target.danteInputs > 0;
  return !has && other ? name.replace(m[1]!, m[1] === 'Dante' ? 'Digital' : 'Dante') : name;
}
const remapUrl = (url: string, target: ModelInfo): string =>
  url.replace(/^\/amp\/inputs\/(dante|digital)\//, (_whole, kind: string) => {
    const mapped = remapNetworkInput(kind === 'dante' ? 'Dante' : 'Digital', target);
    return `/amp/inputs/${mapped.toLowerCase()}/`;
  });

/** The reason a URL the target lacks is dropped, by what gates it in the device tree (device/tree.ts `when`). */
function missingReason(url: string, target: ModelInfo): UnsupportedReason {
  const s = urlSegments(url);
  if (s[1] === 'channels' && Number(s[2]) > target.channels) return 'channel';
  if (s[1] === 'inputs') return /micGain|inputType/.test(url) ? 'micGain' : 'input';
  if (/inputIirEqFilters|inputFirEqFilters/.test(url)) return 'advancedDsp';
  if (url.includes('customFirCoeffs')) return 'customFir';
  if (/pilotToneDetector\/input/.test(url)) return 'pilotToneV2';
  if (s[0] === 'GPIO' || url.includes('outputPort')) return 'gpio';
  if (url.includes('dot1x')) return 'dot1x';
  if (url.includes('danteOnRamp')) return 'danteOnRamp';
  if (url.includes('attackTime')) return 'attackTime';
  if (/PotLockout|PotAttn/.test(url)) return 'potLockout';
  if (s[1] === 'wifi') return 'wifi';
  return 'value';
}
/** The reason a value the target's field refuses is dropped. */
function refusedReason(url: string): UnsupportedReason {
  if (/crossover\/(low|high)PassFilter\/type$/.test(url)) return 'filterType';
  if (/inputSelector\/(primary|secondary)$/.test(url)) return 'input';
  if (url.endsWith('danteOnRamp')) return 'danteOnRamp';
  return 'value';
}

/** The shortest prefix of a URL the target model lacks (the whole channel, the whole EQ bank, ...). */
function missingPrefix(url: string, target: ModelInfo): string {
  const s = urlSegments(url);
  for (let i = 1; i <= s.length; i++) {
    const prefix = '/' + s.slice(0, i).join('/');
    if (!resolveUrl(target, prefix).ok) return prefix;
  }
  return url;
}

/**
 * spec 3 §4: the plan of importing a file into an amp of `targetModel` now in `targetState`, under these ticks. What the
 * target lacks (capability, channel, input, filter type, input source) is dropped and listed once under the shortest
 * URL it lacks; Dante and digital inputs are remapped onto the kind the target has; values equal to the amp's are not
 * set. Signature and locked properties are checked before (verifyTransferFile).
 */
export function planImport(
  file: TransferFile,
  targetState: DeviceState,
  targetModel: ModelInfo,
  ticks: TransferTicks,
): ImportPlan {
  const sets: PlannedSet[] = [];
  const changes: PlannedChange[] = [];
  const unsupported = new Map<string, UnsupportedItem>();
  const drop = (item: string, reason: UnsupportedReason) => {
    if (!unsupported.has(item)) unsupported.set(item, { item, reason });
  };
  const sections: [Section, TransferValue | undefined][] = [
    ['network', file.network],
    ['amp', file.amp],
    ['channels', file.channels],
    ['inputs', file.inputs],
    ['GPIO', file.GPIO],
  ];
  for (const [section, tree] of sections) {
    if (tree === undefined) continue;
    for (const leaf of leaves(tree, SECTION_ROOT[section])) {
      if (!carries(ticks, leaf.url)) continue;
      const url = remapUrl(leaf.url, targetModel);
      const r = resolveUrl(targetModel, url);
      if (!r.ok || r.kind !== 'field') {
        drop(r.ok ? url : missingPrefix(url, targetModel), missingReason(url, targetModel));
        continue;
      }
      const { field, ctx } = r;
      let value = leaf.value;
      if (field.type === 'enum' && typeof value === 'string') {
        const mapped = remapNetworkInput(value, targetModel);
        if (choicesOf(field, ctx).includes(mapped)) value = mapped;
      }
      if (field.readOnly || field.action || !isValidValue(field, ctx, value)) {
        drop(url, refusedReason(url));
        continue;
      }
      const before = getAt(targetState, urlSegments(url));
      if (deepEqual(before, value)) continue;
      sets.push({ path: url, value });
      const s = urlSegments(url);
      changes.push({
        path: url,
        group: tickOf(url)!,
        ...(s[1] === 'channels' ? { channel: Number(s[2]) } : {}),
        before,
        after: value,
      });
    }
  }
  return { sets, unsupported: [...unsupported.values()], changes };
}
