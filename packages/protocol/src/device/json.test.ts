import { describe, expect, it } from 'vitest';
import { defaultState } from './defaults';
import { mergeDelta } from './json';
import { getModel } from './models';

const m704 = getModel('704D');

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
