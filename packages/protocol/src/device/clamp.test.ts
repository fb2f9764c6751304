import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampAt, mergeReceived } from './clamp';
import { defaultState } from './defaults';
import { getAt } from './json';
import { clampField, isValidValue } from './field';
import { getModel, MODELS } from './models';
import { walkFields } from './walk';

const m704 = getModel('704D');

describe('clamping values received from an amp (spec 2 §5)', () => {
  it('clamps floats, cuts strings, resets bad booleans and enums, drops unknown keys', () => {
    expect(
      clampAt(m704, '/', {
        amp: {
          channels: {
            '1': { output: { fader: 12, mute: 'yes', name: 'x'.repeat(40), hiZLoZ: 'HiZ-50V', junk: 1 } },
            '9': { output: { mute: true } },
          },
        },
      }),
    ).toEqual({
      amp: { channels: { '1': { output: { fader: 0, mute: false, name: 'x'.repeat(32), hiZLoZ: 'LoZ' } } } },
    });
  });

  const json = fc.jsonValue();
  it('turns any JSON value into a valid value of every field of the tree (property)', () => {
    const fields = [...walkFields(getModel('CDS-508-ADSP')), ...walkFields(getModel('352N_G'))];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: fields.length - 1 }), json, (i, v) => {
        const { field, ctx } = fields[i]!;
        return isValidValue(field, ctx, clampField(field, ctx, v));
      }),
      { numRuns: 5000 },
    );
  });
  it('leaves valid values unchanged (property)', () => {
    const fields = [...walkFields(m704)];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: fields.length - 1 }), json, (i, v) => {
        const { field, ctx } = fields[i]!;
        const once = clampField(field, ctx, v);
        return Object.is(clampField(field, ctx, once), once);
      }),
    );
  });
});

describe('merging a notify into a held tree (mergeReceived)', () => {
  const held = () => clampAt(m704, '/', defaultState(m704)) as Record<string, unknown>;

  it('reports what changed, clamped; the tree shares no object with what was received', () => {
    const tree = held();
    const notify = { amp: { channels: { '1': { output: { fader: -12.5, mute: true } } } } };
    const changed = mergeReceived(m704, tree, notify);
    expect(changed).toEqual(notify);
    notify.amp.channels['1'].output.fader = -3;
    expect(getAt(tree, ['amp', 'channels', '1', 'output', 'fader'])).toBe(-12.5);

    // out of range: clamped in the tree and in what is reported; unknown keys are in neither; unchanged: not reported
    const odd = { amp: { channels: { '1': { output: { fader: 40, mute: true, junk: 1 } }, '9': { output: {} } } } };
    expect(mergeReceived(m704, tree, odd)).toEqual({ amp: { channels: { '1': { output: { fader: 0 } } } } });
    expect(getAt(tree, ['amp', 'channels', '1', 'output'])).not.toHaveProperty('junk');
    expect(mergeReceived(m704, tree, odd)).toBeUndefined();
  });

  it('an undefined value (no JSON, only a caller can hand it over) changes nothing and is not reported', () => {
    const tree = held();
    const before = structuredClone(tree);
    for (const incoming of [
      { amp: { inputs: { analog: { '9': undefined } } } },
      { amp: { bogus: undefined } },
      { amp: { channels: { '1': { output: { fader: undefined } } } } },
    ])
      expect(mergeReceived(m704, tree, incoming), JSON.stringify(Object.keys(incoming.amp))).toBeUndefined();
    expect(tree).toEqual(before);
  });

  it('reports the value the tree holds where clamping gives -0 as 0 (equal by ===, told apart by Object.is)', () => {
    // JSON.parse('-0') is -0; a field whose minimum is 0 clamps it to 0, and that is what the tree holds and reports
    const tree = held();
    const path = ['amp', 'deviceInfo', 'numInputs'];
    mergeReceived(m704, tree, { amp: { deviceInfo: { numInputs: 4 } } });
    const changed = mergeReceived(m704, tree, JSON.parse('{"amp": {"deviceInfo": {"numInputs": -0}}}') as object);
    expect(Object.is(getAt(tree, path), 0)).toBe(true);
    expect(Object.is(getAt(changed, path), 0)).toBe(true);
  });

  it('a key that names a member on one model and not on another is judged per model', () => {
    // micGain exists only on models with the micGain capability: the places walked are kept per model
    const withMic = MODELS.find((m) => m.caps.micGain)!;
    const without = MODELS.find((m) => !m.caps.micGain)!;
    for (const model of [withMic, without, withMic]) {
      const tree = clampAt(model, '/', defaultState(model)) as Record<string, unknown>;
      const notify = { amp: { inputs: { analog: { '1': { micGain: 30 } } } } };
      expect(mergeReceived(model, tree, notify) !== undefined, model.id).toBe(model.caps.micGain);
    }
  });
});
