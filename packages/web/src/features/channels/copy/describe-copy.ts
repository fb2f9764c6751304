/**
 * A copy preview's lines for a human (issue 18): 'EQ band 2 gain' and '0.0 → +6.0 dB'. The place and field come
 * from the url, the decimals, sign and unit from the field's schema, as the change history writes them.
 */
import { urlSegments, type PlannedChange } from '@rackside/protocol';
import type { FieldSchema, InfoLookup } from '../../../device/fields/field-info';
import { formatFieldNumber } from '../../../device/fields/format-number';

/** A place of a channel's block, by the part (or crossover filter) a field is in: an i18n key and its number. */
export interface CopyPlace {
  readonly key:
    'outputEqFilters' | 'highPassFilter' | 'lowPassFilter' | 'bandGainAndDelay' | 'rmsLimiter' | 'peakLimiter';
  readonly n?: string;
}

const PLACES: ReadonlySet<string> = new Set([
  'outputEqFilters',
  'highPassFilter',
  'lowPassFilter',
  'bandGainAndDelay',
  'rmsLimiter',
  'peakLimiter',
]);

/** Where in the channel a field of a copied block is, and its field name. */
export function placeOfField(url: string): { place: CopyPlace | undefined; field: string } {
  const s = urlSegments(url);
  const field = s[s.length - 1] ?? '';
  const [, , , part, sub] = s;
  if (part === 'outputEqFilters') return { place: { key: part, ...(sub ? { n: sub } : {}) }, field };
  const key = part === 'crossover' ? sub : part;
  return { place: key && PLACES.has(key) ? { key: key as CopyPlace['key'] } : undefined, field };
}

/** Texts longer than this are cut (a custom FIR's coefficients). */
export const COPY_TEXT_MAX = 24;

/** How a value shows: a number with its field's decimals (signed when the range spans zero), on/off, a choice. */
export interface ValueTexts {
  readonly language: string;
  readonly on: string;
  readonly off: string;
  /** An enum value as shown ('LP Shelf 12dB/oct' → 'Low shelf 12 dB/oct'). */
  readonly choice: (value: string) => string;
}

export function formatCopyValue(value: unknown, schema: FieldSchema | undefined, o: ValueTexts): string {
  if (typeof value === 'boolean') return value ? o.on : o.off;
  if (typeof value === 'number') return formatFieldNumber(value, schema, o.language);
  if (value === undefined || value === null) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (schema?.type === 'enum') return o.choice(text);
  return text.length > COPY_TEXT_MAX ? `${text.slice(0, COPY_TEXT_MAX - 1)}…` : text;
}

/** One change's values and unit, formatted. */
export function describeValues(
  change: Pick<PlannedChange, 'path' | 'before' | 'after'>,
  info: InfoLookup,
  o: ValueTexts,
): { from: string; to: string; unit: string | undefined } {
  const schema = info(change.path);
  return {
    from: formatCopyValue(change.before, schema, o),
    to: formatCopyValue(change.after, schema, o),
    unit: schema?.type === 'number' ? schema.unit : undefined,
  };
}
