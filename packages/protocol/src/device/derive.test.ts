import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampAt,
  clampField,
  defaultState,
  infoAt,
  isValidValue,
  mergeDelta,
  normalizeUrl,
  resolveUrl,
  validateSet,
  walkFields,
} from './derive';
import { MODELS, getModel } from './models';

const m704 = getModel('704D');

describe('urls', () => {
  it('accepts a url with or without its leading slash (device-api-notes)', () => {
    expect(normalizeUrl('amp/deviceInfo')).toBe('/amp/deviceInfo');
    expect(resolveUrl(m704, 'amp/deviceInfo').ok).toBe(true);
    expect(resolveUrl(m704, '/').ok).toBe(true);
  });
  it('resolves every url the issue names on a model that has them', () => {
    const m = getModel('CDS-508-ADSP');
    const urls = [
      '/amp/deviceInfo',
      '/amp/powerSupply',
      '/amp/autoStandby',
      '/amp/signalGenerator',
      '/amp/inputs/analog/8',
      '/amp/inputs/digital/8',
      '/amp/channels/8/output',
      '/amp/channels/1/levels',
      '/amp/channels/1/inputSelector',
      '/amp/channels/1/inputDelay',
      '/amp/channels/1/crossover/bandGainAndDelay',
      '/amp/channels/1/crossover/lowPassFilter',
      '/amp/channels/1/crossover/highPassFilter',
      '/amp/channels/1/outputEqFilters/8',
      '/amp/channels/1/inputIirEqFilters/8',
      '/amp/channels/1/inputFirEqFilters/16',
      '/amp/channels/1/rmsLimiter',
      '/amp/channels/1/peakLimiter',
      '/amp/channels/1/loadMonitor',
      '/amp/channels/1/pilotToneDetector',
      '/network/ethernet',
      '/network/wifi',
      '/network/apConfig',
      '/misc',
      '/logs',
      '/cloud',
      '/GPIO/1',
      '/UAC',
      '/lockedProperties',
      '/discovery',
      '/NSTProxy',
    ];
    for (const u of urls) expect(resolveUrl(m, u), u).toMatchObject({ ok: true });
  });
  it('refuses urls a model lacks, naming the bad segment', () => {
    expect(resolveUrl(getModel('352N'), '/amp/channels/3/output')).toMatchObject({ ok: false });
    expect(resolveUrl(getModel('352N_G'), '/network/wifi')).toMatchObject({ ok: false });
    expect(resolveUrl(getModel('704N'), '/amp/inputs/dante/1')).toMatchObject({ ok: false });
    expect(resolveUrl(getModel('704N'), '/amp/channels/1/inputFirEqFilters/1')).toMatchObject({ ok: false });
    const r = resolveUrl(m704, '/amp/chanels/1');
    expect(r.ok === false && r.message).toContain("'chanels'");
  });
});

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

describe('info', () => {
  it('describes a field with type, unit, range, step and default', () => {
    expect(infoAt(m704, '/amp/channels/1/output/fader')).toEqual({
      type: 'number',
      unit: 'dB',
      min: -80,
      max: 0,
      step: 0.1,
      default: 0,
    });
    expect(infoAt(m704, '/amp/channels/1/rmsLimiter')).toMatchObject({
      threshold: { min: 10, max: 140, unit: 'V' },
      attackTime: { min: 1000, max: 10000, unit: 'ms' },
    });
    expect(infoAt(m704, '/amp/channels/1/output')).toMatchObject({
      hiZLoZ: { type: 'enum', choices: ['HiZ-70V', 'HiZ-100V', 'LoZ'], default: 'LoZ' },
      fault: { readOnly: true },
    });
  });
  it('offers only the model’s own input sources', () => {
    const choices = (infoAt(getModel('352N'), '/amp/channels/1/inputSelector/primary') as { choices: string[] })
      .choices;
    expect(choices).toEqual(['Analog 1', 'Analog 2', 'Analog 1+2']);
    const dante = (infoAt(m704, '/amp/channels/1/inputSelector/primary') as { choices: string[] }).choices;
    expect(dante).toContain('Dante 8');
    expect(dante).toContain('Dante 7+8');
    expect(dante).not.toContain('Analog 5');
  });
});

describe('set validation', () => {
  it('clamps out-of-range numbers and accepts several fields in one set', () => {
    expect(validateSet(m704, 'amp/channels/1/output', { fader: -100, mute: true })).toEqual({
      ok: true,
      patch: { amp: { channels: { '1': { output: { fader: -80, mute: true } } } } },
      actions: [],
    });
    expect(validateSet(m704, '/amp/channels/1/peakLimiter', { threshold: 500 })).toMatchObject({
      patch: { amp: { channels: { '1': { peakLimiter: { threshold: 198 } } } } },
    });
  });
  it('refuses unknown fields, wrong types, bad choices and read-only writes with a clear message', () => {
    expect(validateSet(m704, '/amp/channels/1/output', { fadr: 1 })).toMatchObject({ ok: false, code: 'unknown' });
    expect(validateSet(m704, '/amp/channels/1/output', { fader: 'loud' })).toMatchObject({
      ok: false,
      code: 'type',
      message: '/amp/channels/1/output/fader expects a number, got string',
    });
    expect(validateSet(m704, '/amp/signalGenerator', { type: 'Brown Noise' })).toMatchObject({
      ok: false,
      code: 'choice',
    });
    expect(validateSet(m704, '/amp/channels/1/output', { fault: false })).toMatchObject({
      ok: false,
      code: 'readOnly',
      message: '/amp/channels/1/output/fault is read-only',
    });
    expect(validateSet(m704, '/amp/channels/1/output', { mute: true, fault: false })).toMatchObject({ ok: false });
  });
  it('separates write-only actions from stored fields', () => {
    const r = validateSet(m704, '/misc', { clearLogs: true, findMe: true });
    expect(r).toMatchObject({ ok: true, patch: { misc: { findMe: true } } });
    expect(r.ok && r.actions).toEqual([{ segments: ['misc'], name: 'clearLogs', value: true }]);
  });
  it('validates free-form nodes with their schema', () => {
    expect(validateSet(m704, '/UAC', { key: 'k', roles: { installer: { eq: 1 } } })).toMatchObject({ ok: true });
    expect(validateSet(m704, '/UAC', { key: 'k', roles: { installer: { eq: 7 } } })).toMatchObject({ ok: false });
    expect(validateSet(m704, '/lockedProperties', { groups: {} })).toMatchObject({ ok: false, code: 'readOnly' });
  });
});

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

describe('mergeDelta', () => {
  it('reports only what actually changed', () => {
    const s = defaultState(m704) as unknown as Record<string, unknown>;
    expect(mergeDelta(s, { amp: { channels: { '1': { output: { mute: false } } } } })).toBeUndefined();
    expect(mergeDelta(s, { amp: { channels: { '1': { output: { mute: true, fader: 0 } } } } })).toEqual({
      amp: { channels: { '1': { output: { mute: true } } } },
    });
  });
});

describe('hostile keys', () => {
  it('never merges a JSON "__proto__" key into a prototype', () => {
    const target: Record<string, unknown> = { amp: {} };
    const delta = JSON.parse('{"__proto__": {"polluted": true}, "amp": {"__proto__": {"polluted": true}}}') as object;
    mergeDelta(target, delta);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(target.amp)).toBe(Object.prototype);
  });
});
