import type * as z from 'zod/mini';
import type { ModelInfo } from './models';

/** Where a node or field sits, given to capability predicates, key lists and per-item defaults. */
export interface TreeContext {
  readonly model: ModelInfo;
  /** Keys of the collections above this point, outermost first (e.g. channel '3', filter '5'). */
  readonly keys: readonly string[];
}

/** A rule saying whether a node or field exists on a given model. */
export type Presence = (ctx: TreeContext) => boolean;

/** Units a number field may carry; the console formats by unit (delays convert by user preference). */
export type Unit = 'dB' | 'dBFS' | 'V' | 'A' | 'W' | 'Hz' | 'ms' | 's' | 'min' | 'ohm' | 'oct' | 'degC' | '%' | 'dBm';

interface FieldCommon {
  /** The amp never accepts a `set` of this field; it changes on its own. */
  readonly readOnly?: boolean;
  /** A write-only trigger (`set /misc {"clearLogs": true}`): accepted by `set`, never stored nor reported. */
  readonly action?: boolean;
  /** Absent on models for which this answers false. */
  readonly when?: Presence;
  /** Sliders for this field should be logarithmic (spec 2 §5). */
  readonly log?: boolean;
}

export interface NumberField extends FieldCommon {
  readonly type: 'number';
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly default: number;
  readonly unit?: Unit;
}
export interface BooleanField extends FieldCommon {
  readonly type: 'boolean';
  readonly default: boolean;
}
export interface StringField extends FieldCommon {
  readonly type: 'string';
  readonly maxLength: number;
  readonly default: string;
  /** Per-item default (a channel's name depends on its number). */
  readonly defaultFor?: (ctx: TreeContext) => string;
}
export interface EnumField<C extends string = string> extends FieldCommon {
  readonly type: 'enum';
  /** Choices spelled exactly as the spec and the device API notes spell them. */
  readonly choices: readonly C[];
  /** A narrower list on some models (input sources depend on the channel count); each entry must be in `choices`. */
  readonly choicesFor?: (ctx: TreeContext) => readonly C[];
  readonly default: C;
}
export type Field = NumberField | BooleanField | StringField | EnumField;
export type FieldType = Field['type'];

export interface ObjectNode {
  readonly kind: 'object';
  readonly fields: Readonly<Record<string, Field>>;
  readonly children: Readonly<Record<string, Node>>;
  readonly when?: Presence;
}
export interface CollectionNode {
  readonly kind: 'collection';
  /** The keys this collection has on a model, as strings ('1'..'8'): they depend on the model alone (kept per model). */
  readonly keys: (ctx: TreeContext) => readonly string[];
  readonly item: Node;
  readonly when?: Presence;
}
/** A node whose content is free-form but typed by a zod schema (discovery lists, UAC roles, locked groups). */
export interface RecordNode {
  readonly kind: 'record';
  readonly schema: z.ZodMiniType;
  readonly default: () => unknown;
  readonly readOnly?: boolean;
  readonly when?: Presence;
}
export type Node = ObjectNode | CollectionNode | RecordNode;

// ---------- builders (keep literal types so state types can be inferred) ----------

type NumberOpts = Omit<NumberField, 'type'>;
/** A number field with its range, step, unit and default. */
export const num = <const O extends NumberOpts>(o: O) => ({ type: 'number', ...o }) as const satisfies NumberField;
/** A read-only number (a meter, a reading). */
export const reading = <const O extends Omit<NumberOpts, 'readOnly' | 'default'> & { default?: number }>(o: O) =>
  ({ type: 'number', readOnly: true, default: o.default ?? o.min, ...o }) as const satisfies NumberField;
/** A boolean field. */
export const bool = <const O extends Omit<BooleanField, 'type'>>(o: O) =>
  ({ type: 'boolean', ...o }) as const satisfies BooleanField;
/** A read-only boolean flag (fault, clip, ...), false by default. */
export const flag = <const O extends Omit<BooleanField, 'type' | 'default' | 'readOnly'>>(o?: O) =>
  ({ type: 'boolean', readOnly: true, default: false, ...o }) as const satisfies BooleanField;
/** A string field with its maximum length. */
export const str = <const O extends Omit<StringField, 'type'>>(o: O) =>
  ({ type: 'string', ...o }) as const satisfies StringField;
/** An enum field with its choices. */
export const oneOf = <const C extends string, const O extends Omit<EnumField<C>, 'type' | 'choices'>>(
  choices: readonly C[],
  o: O,
) => ({ type: 'enum', choices, ...o }) as const;
/** An object node: leaf fields, then child nodes. */
export const obj = <
  const F extends Record<string, Field>,
  const C extends Record<string, Node> = Record<never, Node>,
  const W extends { when?: Presence } = Record<never, never>,
>(
  fields: F,
  children?: C,
  extra?: W,
) => ({ kind: 'object', fields, children: (children ?? {}) as C, ...(extra as W) }) as const;
/** A collection keyed '1'..'n' (n from the model). */
export const coll = <const I extends Node, const W extends { when?: Presence } = Record<never, never>>(
  keys: (ctx: TreeContext) => readonly string[],
  item: I,
  extra?: W,
) => ({ kind: 'collection', keys, item, ...(extra as W) }) as const;
/** A free-form node typed by a zod schema. */
export const rec = <
  S extends z.ZodMiniType,
  const W extends { when?: Presence; readOnly?: boolean } = Record<never, never>,
>(
  schema: S,
  def: () => z.infer<S>,
  extra?: W,
) => ({ kind: 'record', schema, default: def, ...(extra as W) }) as const;

/** Keys '1'..'n'. */
export const range = (n: number): string[] => Array.from({ length: Math.max(0, n) }, (_, i) => String(i + 1));

/** Recursively optional: the shape of a `set` payload or a `notify` delta. */
export type DeepPartial<T> = T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
