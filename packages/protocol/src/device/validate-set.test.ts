import { describe, expect, it } from 'vitest';
import { getModel } from './models';
import { validateSet } from './validate-set';

const m704 = getModel('704D');

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
