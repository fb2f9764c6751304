import { describe, expect, it } from 'vitest';
import { inputSourcesFor } from '../device/choices';
import { CHOSEN } from '../device/chosen';
import { getModel } from '../device/models';
import { analogPairsFor, channelPairOf, hasMixerInput } from './capabilities';

describe('capabilities (spec 2 §6)', () => {
  it('offers a mixer input from the threshold firmware on', () => {
    const amp = getModel('704D');
    expect(hasMixerInput(amp, CHOSEN.mixerInputFirmwareThreshold)).toBe(true);
    expect(hasMixerInput(amp, '9.0.0.0')).toBe(true);
    expect(hasMixerInput(amp, '1.0.0.0')).toBe(false);
    expect(hasMixerInput(amp, 'not a version')).toBe(false);
    expect(hasMixerInput(getModel('CST-7'), '9.0.0.0')).toBe(false);
  });

  it('adds analog pairs at channel counts 2, 4, 6, 8', () => {
    expect(analogPairsFor(1)).toEqual([]);
    expect(analogPairsFor(2)).toEqual(['Analog 1+2']);
    expect(analogPairsFor(4)).toEqual(['Analog 1+2', 'Analog 3+4']);
    expect(analogPairsFor(8)).toHaveLength(4);
  });

  it('agrees with the input sources the tree offers', () => {
    for (const id of ['352N', '704D', 'CDS-508']) {
      const m = getModel(id);
      expect(inputSourcesFor(m).filter((s) => s.startsWith('Analog') && s.includes('+'))).toEqual(
        analogPairsFor(m.channels),
      );
    }
  });

  it('maps channels to their pair', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(channelPairOf)).toEqual([
      '1-2',
      '1-2',
      '3-4',
      '3-4',
      '5-6',
      '5-6',
      '7-8',
      '7-8',
    ]);
  });
});
