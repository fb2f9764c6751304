import { getModel } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { defaultAmpState } from '../../../device/fields/field-info';
import { channelResponse } from '../response';
import { linkedCurves } from './linked-overlays';

describe('linked channels’ curves over a channel’s response (issue 18)', () => {
  it('computes each linked channel’s own combined response, labelled', () => {
    const model = getModel('CDS-508');
    const state = defaultAmpState(model);
    const band = state.channels['2']!.outputEqFilters['1']!;
    Object.assign(band, { enable: true, type: 'Parametric', frequency: 1000, q: 1, gain: 9 });
    const curves = linkedCurves(state, model, [1, 2, 9], (n) => `Linked channel ${n}`);
    expect([...curves.keys()]).toEqual([1, 2]); // a channel the amp does not have is left out
    expect(curves.get(2)?.label).toBe('Linked channel 2');
    expect(curves.get(2)?.curve).toEqual(channelResponse(state.channels['2']!, model, 2));
    expect(curves.get(2)?.curve).not.toEqual(curves.get(1)?.curve);
  });
});
