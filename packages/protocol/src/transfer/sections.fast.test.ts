/** spec 3 / issue 17: export → import into the same amp changes nothing, for every model, state and ticks. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choicesOf } from '../device/field';
import { defaultState } from '../device/defaults';
import { isObj } from '../device/json';
import { MODELS, type ModelInfo } from '../device/models';
import type { DeviceState } from '../device/state-types';
import { urlSegments } from '../device/url';
import { walkFields } from '../device/walk';
import { AMP_TICKS, CHANNEL_TICKS, exportSettings, planImport, type TransferTicks } from './sections';

type Edit = readonly [field: number, pick: number, fraction: number, text: string];

/** The model's default state with some writable fields set to valid values. */
function randomState(model: ModelInfo, edits: readonly Edit[]): DeviceState {
  const fields = [...walkFields(model)].filter(({ field }) => !field.readOnly && !field.action);
  const state = structuredClone(defaultState(model)) as unknown as Record<string, unknown>;
  for (const [i, pick, fraction, text] of edits) {
    const { url, field, ctx } = fields[i % fields.length]!;
    const value =
      field.type === 'number'
        ? field.min + fraction * (field.max - field.min)
        : field.type === 'boolean'
          ? pick % 2 === 0
          : field.type === 'string'
            ? text.slice(0, field.maxLength)
            : choicesOf(field, ctx)[pick % choicesOf(field, ctx).length]!;
    const segs = urlSegments(url);
    let cur: unknown = state;
    for (const k of segs.slice(0, -1)) cur = (cur as Record<string, unknown>)[k];
    if (isObj(cur)) cur[segs[segs.length - 1]!] = value;
  }
  return state as unknown as DeviceState;
}

const edits = fc.array(
  fc.tuple(fc.nat(), fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), fc.string({ maxLength: 40 })),
  { maxLength: 25 },
);
const ticks: fc.Arbitrary<TransferTicks> = fc.record(
  Object.fromEntries([...AMP_TICKS, ...CHANNEL_TICKS].map((t) => [t, fc.boolean()])) as Record<
    keyof TransferTicks,
    fc.Arbitrary<boolean>
  >,
);

describe('export → import round trip (property)', () => {
  it.each(MODELS.map((m) => [m.id, m] as const))('%s: importing its own export changes nothing', (_id, model) => {
    fc.assert(
      fc.property(edits, ticks, (e, t) => {
        const state = randomState(model, e);
        const file = JSON.parse(JSON.stringify(exportSettings(state, model, t))) as ReturnType<typeof exportSettings>;
        expect(planImport(file, state, model, t)).toEqual({ sets: [], changes: [], unsupported: [] });
      }),
      { numRuns: 40 },
    );
  });

  it('importing into a default amp of the same model and exporting again gives the same file', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MODELS), edits, ticks, (model, e, t) => {
        const file = exportSettings(randomState(model, e), model, t);
        const target = structuredClone(defaultState(model)) as unknown as Record<string, unknown>;
        const plan = planImport(file, target as unknown as DeviceState, model, t);
        expect(plan.unsupported).toEqual([]);
        for (const { path, value } of plan.sets) {
          const segs = urlSegments(path);
          let cur: unknown = target;
          for (const k of segs.slice(0, -1)) cur = (cur as Record<string, unknown>)[k];
          (cur as Record<string, unknown>)[segs[segs.length - 1]!] = value;
        }
        expect(exportSettings(target as unknown as DeviceState, model, t)).toEqual(file);
      }),
      { numRuns: 300 },
    );
  });
});
