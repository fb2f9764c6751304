/**
 * A change of the undo history described for a human (issue 18): "Ch 2 EQ band 3 gain +6.0 → +3.0 dB",
 * "Ch 1 mute off → on", "Device name "A" → "B"". The place comes from the url, the field's label from the 'undo'
 * namespace, the number of decimals, the unit and enum-or-text from the field's schema (protocol tree or `info`).
 */
import { urlSegments } from '@rackside/protocol';
import type { HistoryEntry } from '../../../device';
import { formatFieldNumber, type FieldSchema, type InfoLookup } from '../../../device/fields';
import type { UndoTranslate } from './undo-i18n';

export interface DescribeOptions {
  readonly t: UndoTranslate;
  /** The amp's field schemas; undefined while its model is not known (plain numbers, no unit). */
  readonly info?: InfoLookup | undefined;
  /** For the numbers' decimal separator. */
  readonly language: string;
}

/** One field of a change: its url and its values before and after. */
interface Leaf {
  readonly url: string;
  readonly before: unknown;
  readonly after: unknown;
}

type Obj = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text values longer than this are cut with an ellipsis (a name is short; FIR coefficients are not). */
export const TEXT_SHOWN_MAX = 24;
/** Collection parts of a channel, each named with its item's number ('EQ band 3'). */
const NUMBERED_PARTS = new Set(['outputEqFilters', 'inputIirEqFilters', 'inputFirEqFilters']);
/** Parts of a channel whose fields are named as the channel's own ('Ch 1 fader', 'Ch 1 input delay'). */
const PLAIN_PARTS = new Set(['output', 'levels', 'inputDelay']);

function leavesOf(url: string, before: unknown, after: Obj): Leaf[] {
  return Object.entries(after).flatMap(([key, value]) => {
    const at = `${url === '/' ? '' : url}/${key}`;
    const was = isObj(before) ? before[key] : undefined;
    return isObj(value) ? leavesOf(at, was, value) : [{ url: at, before: was, after: value }];
  });
}

/** 'lineLowLimitWarning' → 'line low limit warning': a field the 'undo' namespace does not name. */
const words = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** Where a field lives, from its object's url segments: 'Ch 2 EQ band 3', 'Ch 1', 'Device', 'Analog input 2'. */
export function placeOf(segments: readonly string[], t: UndoTranslate): string {
  const [root, a, b, c, d] = segments;
  if (root === undefined) return '';
  const named = (key: string, n?: string) => t(`places.${key}`, { n, defaultValue: n ? `${key} ${n}` : key });
  if (root === 'amp' && a === 'channels' && b !== undefined) {
    if (c === undefined || PLAIN_PARTS.has(c)) return t('places.channel', { n: b });
    let part = named(c);
    if (NUMBERED_PARTS.has(c) && d !== undefined) part = named(c, d);
    else if (c === 'crossover') part = named(d ?? 'bandGainAndDelay');
    return t('places.channelPart', { n: b, part });
  }
  if (root === 'amp' && a === 'inputs' && b !== undefined) return named(b, c);
  if ((root === 'amp' || root === 'network') && a !== undefined) return named(a);
  if (root === 'GPIO') return named(root, a);
  return t(`places.${root}`, { defaultValue: segments.join(' ') });
}

/** One value as shown: on/off, a number with the field's decimals (signed when the range spans zero), a text quoted. */
export function formatValue(value: unknown, schema: FieldSchema | undefined, o: DescribeOptions): string {
  if (typeof value === 'boolean') return o.t(value ? 'on' : 'off');
  if (typeof value === 'number') return formatFieldNumber(value, schema, o.language);
  if (value === undefined || value === null) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (schema?.type === 'enum') return text;
  const cut = text.length > TEXT_SHOWN_MAX ? `${text.slice(0, TEXT_SHOWN_MAX - 1)}…` : text;
  return o.t('quoted', { text: cut });
}

/** One field's change: '{place} {field} {from} → {to} {unit}'. */
function describeLeaf(leaf: Leaf, o: DescribeOptions): string {
  const segments = [...urlSegments(leaf.url)];
  const name = segments.pop() ?? '';
  const field = o.t(`fields.${name}`, { defaultValue: words(name) });
  const target = o.t('target', { place: placeOf(segments, o.t), field }).trim();
  const schema = o.info?.(leaf.url);
  const from = formatValue(leaf.before, schema, o);
  const to = formatValue(leaf.after, schema, o);
  const unit = schema?.type === 'number' ? schema.unit : undefined;
  if (unit === undefined) return o.t('change', { target, from, to });
  return o.t('changeWithUnit', { target, from, to, unit: o.t(`units.${unit}`, { defaultValue: unit }) });
}

/** A history entry for a human: its first changed field, and how many more it changed ('… and 3 more'). */
export function describeChange(entry: Pick<HistoryEntry, 'url' | 'before' | 'after'>, o: DescribeOptions): string {
  const all = leavesOf(entry.url, entry.before, entry.after);
  const changed = all.filter((l) => JSON.stringify(l.before) !== JSON.stringify(l.after));
  const [first, ...rest] = changed.length > 0 ? changed : all;
  if (!first) return placeOf(urlSegments(entry.url), o.t);
  const text = describeLeaf(first, o);
  return rest.length === 0 ? text : o.t('more', { first: text, n: rest.length });
}
