import { getModel } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { completeAmpState } from './channel-tab-props';

describe('complete amp state', () => {
  it('fills what the amp has not reported with the model’s defaults', () => {
    const state = completeAmpState(getModel('704D'), { channels: { '2': { output: { name: 'Sub' } } } });
    expect(state.channels['2']?.output.name).toBe('Sub');
    expect(state.channels['2']?.output.fader).toBe(0);
    expect(state.channels['4']?.crossover.lowPassFilter.type).toBe('Linkwitz-Riley 24dB/oct');
    expect(state.signalGenerator.type).toBe('Pink Noise');
  });
});
