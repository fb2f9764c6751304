import { describe, expect, it } from 'vitest';
import { defaultState } from './defaults';
import { isValidValue } from './field';
import { MODELS, getModel } from './models';
import { walkFields } from './walk';

describe('default state of a new amp', () => {
  it('has the channels, inputs and filters of its model', () => {
    const s = defaultState(getModel('124D'));
    expect(Object.keys(s.amp!.channels)).toEqual(['1', '2', '3', '4']);
    expect(Object.keys(s.amp!.inputs.dante!)).toEqual(['1', '2', '3', '4']); // spec 2 §6: 4 Dante channels
    expect(Object.keys(s.amp!.channels['1']!.outputEqFilters)).toHaveLength(8);
    const d = defaultState(getModel('704D'));
    expect(Object.keys(d.amp!.inputs.dante!)).toHaveLength(8); // other D models: 8
    const c = defaultState(getModel('CDS-508'));
    expect(Object.keys(c.amp!.inputs.digital!)).toHaveLength(8);
    expect(Object.keys(c.amp!.channels['1']!.inputFirEqFilters!)).toHaveLength(16);
    expect(c.amp!.channels['3']!.output.name).toBe('Channel 3');
    expect(c.amp!.deviceInfo.modelID).toBe('Connect Series Model CDS-508');
  });
  it('leaves out Wi-Fi on N_G and D_G models (spec 2 §5)', () => {
    expect(defaultState(getModel('352N_G')).network.wifi).toBeUndefined();
    expect(defaultState(getModel('352N')).network.wifi).toBeDefined();
  });
  it('gives every field a value its own schema accepts, on every model', () => {
    for (const model of MODELS) {
      const state = defaultState(model);
      for (const { url, field, ctx } of walkFields(model)) {
        if (field.action) continue;
        const v = url
          .split('/')
          .filter(Boolean)
          .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], state);
        expect(isValidValue(field, ctx, v), `${model.id} ${url}`).toBe(true);
      }
    }
  });
});
