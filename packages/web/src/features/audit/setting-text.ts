/**
 * A setting written through the relay, for a human (issue 21 audit timeline): "/amp/channels/1/output gain from
 * -6.0 dB to -3.0 dB". The path is the device API's (the object's URL, then the field), the values are formatted with
 * the field's schema from the protocol's tree (decimals, sign, unit), texts quoted, booleans on/off, secrets hidden.
 */
import { MODELS, urlSegments } from '@rackside/protocol';
import { formatFieldNumber, treeInfo, type FieldSchema, type InfoLookup } from '../../device/fields';
import type { AuditT } from './audit-i18n';

/** What the cloud records in place of a secret (cloud domains/audit/settings-tap.ts). */
const REDACTED = '[redacted]';
/** Text values longer than this are cut with an ellipsis (FIR coefficients are long). */
const TEXT_SHOWN_MAX = 40;

type Obj = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One field written: its URL, the value before (undefined: not seen) and after. */
export interface SettingLeaf {
  readonly url: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** The fields a set wrote: each leaf of `to` under `path`, with the same leaf of `from`. */
export function settingLeaves(path: string, from: unknown, to: unknown): SettingLeaf[] {
  if (!isObj(to)) return [{ url: path, before: from ?? undefined, after: to }];
  return Object.entries(to).flatMap(([key, value]) =>
    settingLeaves(`${path === '/' ? '' : path}/${key}`, isObj(from) ? from[key] : undefined, value),
  );
}

// the field schemas of every model (a field missing on one model is found on another); built when first asked
let lookups: InfoLookup[] | undefined;
function schemaOf(url: string): FieldSchema | undefined {
  lookups ??= MODELS.map(treeInfo);
  for (const lookup of lookups) {
    const schema = lookup(url);
    if (schema) return schema;
  }
  return undefined;
}

/** A value as shown: on/off, a number with the field's decimals and unit, a text quoted, a secret hidden. */
export function formatSettingValue(value: unknown, url: string, t: AuditT, language: string): string {
  if (value === REDACTED) return t('setting.hidden');
  if (typeof value === 'boolean') return t(value ? 'setting.on' : 'setting.off');
  if (value === undefined || value === null) return t('setting.empty');
  const schema = schemaOf(url);
  if (typeof value === 'number') {
    const number = formatFieldNumber(value, schema, language);
    const unit = schema?.type === 'number' ? schema.unit : undefined;
    if (unit === undefined) return number;
    const unitText = unit === 'ohm' || unit === 'degC' ? t(`setting.units.${unit}`) : unit;
    return t('setting.withUnit', { value: number, unit: unitText });
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (schema?.type === 'enum') return text;
  const cut = text.length > TEXT_SHOWN_MAX ? `${text.slice(0, TEXT_SHOWN_MAX - 1)}…` : text;
  return t('setting.quoted', { text: cut });
}

/** '/amp/channels/1/output/gain' → '/amp/channels/1/output gain': the object's URL, then the field. */
export function fieldPath(url: string): string {
  const segments = [...urlSegments(url)];
  const field = segments.pop();
  if (field === undefined) return '/';
  return segments.length === 0 ? `/${field}` : `/${segments.join('/')} ${field}`;
}

/** Every field of the set: "{path} from {before} to {after}" ("{path} to {after}" when before was not seen). */
export function settingChanges(path: string, from: unknown, to: unknown, t: AuditT, language: string): string[] {
  return settingLeaves(path, from, to).map((leaf) => {
    const at = fieldPath(leaf.url);
    const after = formatSettingValue(leaf.after, leaf.url, t, language);
    if (leaf.before === undefined || leaf.before === null) return t('setting.set', { path: at, to: after });
    return t('setting.change', { path: at, from: formatSettingValue(leaf.before, leaf.url, t, language), to: after });
  });
}
