/** What one field of the tree offers, defaults to and accepts at a place (spec 2 §5). */
import type { Json } from './json';
import type { Field, TreeContext } from './schema';

/** The choices an enum field offers at this place on this model. */
export function choicesOf(field: Field & { type: 'enum' }, ctx: TreeContext): readonly string[] {
  return field.choicesFor ? field.choicesFor(ctx) : field.choices;
}

/** The default value of a field at this place. */
export function fieldDefault(field: Field, ctx: TreeContext): Json {
  if (field.type === 'string' && field.defaultFor) return field.defaultFor(ctx);
  if (field.type === 'enum') {
    const choices = choicesOf(field, ctx);
    return choices.includes(field.default) ? field.default : (choices[0] ?? field.default);
  }
  return field.default;
}

/** True when a value is one the field accepts as it is (no clamping needed). */
export function isValidValue(field: Field, ctx: TreeContext, v: unknown): boolean {
  switch (field.type) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) && v >= field.min && v <= field.max;
    case 'boolean':
      return typeof v === 'boolean';
    case 'string':
      return typeof v === 'string' && v.length <= field.maxLength;
    case 'enum':
      return typeof v === 'string' && choicesOf(field, ctx).includes(v);
  }
}

/** spec 2 §5: floats to min/max (default if not a number), strings cut to maxLength, booleans and enums reset to default if invalid. */
export function clampField(field: Field, ctx: TreeContext, v: unknown): Json {
  switch (field.type) {
    case 'number':
      return typeof v === 'number' && !Number.isNaN(v)
        ? Math.min(field.max, Math.max(field.min, v))
        : fieldDefault(field, ctx);
    case 'boolean':
      return typeof v === 'boolean' ? v : field.default;
    case 'string':
      return typeof v === 'string' ? v.slice(0, field.maxLength) : fieldDefault(field, ctx);
    case 'enum':
      return typeof v === 'string' && choicesOf(field, ctx).includes(v) ? v : fieldDefault(field, ctx);
  }
}
