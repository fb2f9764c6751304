/**
 * Field schemas as the `info` reply gives them (spec 2 §7; protocol infoAt), read with zod so a schema from a real
 * amp and one from the protocol's tree look the same to the tabs.
 */
import { z } from 'zod';
import {
  defaultState,
  getAt,
  infoAt,
  urlSegments,
  type AmpState,
  type ModelInfo,
  type SliderBounds,
} from '@rackside/protocol';

const common = { readOnly: z.boolean().optional(), log: z.boolean().optional() };

/** A field's schema by its URL ('/amp/channels/1/output/fader'), or undefined when the model lacks the field. */
export type InfoLookup = (url: string) => FieldSchema | undefined;

/** One field's schema: {type, unit, min, max, step, choices, maxLength, default, readOnly, log}. */
export const FieldSchemaSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('number'),
    min: z.number(),
    max: z.number(),
    step: z.number(),
    unit: z.string().optional(),
    default: z.number(),
    ...common,
  }),
  z.object({ type: z.literal('enum'), choices: z.array(z.string()), default: z.string(), ...common }),
  z.object({ type: z.literal('boolean'), default: z.boolean(), ...common }),
  z.object({ type: z.literal('string'), maxLength: z.number(), default: z.string(), ...common }),
]);
export type FieldSchema = z.infer<typeof FieldSchemaSchema>;
export type NumberSchema = Extract<FieldSchema, { type: 'number' }>;
export type EnumSchema = Extract<FieldSchema, { type: 'enum' }>;

/** Reads one field schema out of an `info` reply value, or undefined when it is not a field schema. */
export function parseFieldSchema(value: unknown): FieldSchema | undefined {
  const r = FieldSchemaSchema.safeParse(value);
  return r.success ? r.data : undefined;
}

/** An InfoLookup answering from the protocol's tree for a model (the same schemas an amp's `info` returns). */
export function treeInfo(model: ModelInfo): InfoLookup {
  const cache = new Map<string, FieldSchema | undefined>();
  return (url) => {
    if (!cache.has(url)) cache.set(url, parseFieldSchema(infoAt(model, url)));
    return cache.get(url);
  };
}

/** An InfoLookup over an `info /` reply held by the client. */
export const replyInfo =
  (reply: unknown): InfoLookup =>
  (url) =>
    parseFieldSchema(getAt(reply, urlSegments(url)));

export const numberSchema = (info: InfoLookup, url: string): NumberSchema | undefined => {
  const s = info(url);
  return s?.type === 'number' ? s : undefined;
};
export const enumSchema = (info: InfoLookup, url: string): EnumSchema | undefined => {
  const s = info(url);
  return s?.type === 'enum' ? s : undefined;
};
export const boundsOf = (s: NumberSchema): SliderBounds => ({ min: s.min, max: s.max, step: s.step });

/** The value at a URL under `/amp` ('/amp/channels/1/output/fader'). */
export function valueAt(state: AmpState, url: string): unknown {
  const [root, ...rest] = urlSegments(url);
  return root === 'amp' ? getAt(state, rest) : undefined;
}

/** Splits a field URL into its object URL and field name: '/amp/channels/1/output' and 'fader'. */
export function splitFieldUrl(url: string): { objectUrl: string; name: string } {
  const segments = [...urlSegments(url)];
  const name = segments.pop() ?? '';
  return { objectUrl: '/' + segments.join('/'), name };
}

/** `/amp` for a model, every field at its default: what a tab shows before the amp's data arrived. */
export function defaultAmpState(model: ModelInfo): AmpState {
  const amp = defaultState(model).amp;
  if (!amp) throw new Error(`model ${model.id} is not an amp`);
  return amp;
}
