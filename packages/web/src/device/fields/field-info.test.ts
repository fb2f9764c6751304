import { getModel, infoAt } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { defaultAmpState, parseFieldSchema, replyInfo, splitFieldUrl, treeInfo, valueAt } from './field-info';

describe('field schemas', () => {
  const model = getModel('704D');

  it('reads min, max, step, unit and log from the tree', () => {
    expect(treeInfo(model)('/amp/channels/1/outputEqFilters/1/frequency')).toEqual({
      type: 'number',
      unit: 'Hz',
      min: 20,
      max: 20000,
      step: 1,
      default: 1000,
      log: true,
    });
  });

  it('gives the model’s choices and nothing for absent fields', () => {
    const info = treeInfo(model);
    const type = info('/amp/channels/1/crossover/lowPassFilter/type');
    expect(type?.type === 'enum' && type.choices).not.toContain('Linear Phase BrickWall');
    expect(info('/amp/channels/1/peakLimiter/attackTime')).toBeUndefined();
    expect(info('/amp/channels/1/inputIirEqFilters/1/gain')).toBeUndefined();
  });

  it('reads an info reply the same way', () => {
    const reply = infoAt(model, '/');
    expect(replyInfo(reply)('/amp/channels/2/output/fader')).toEqual(treeInfo(model)('/amp/channels/2/output/fader'));
    expect(parseFieldSchema({ type: 'record' })).toBeUndefined();
  });

  it('reads and splits field URLs under /amp', () => {
    const state = defaultAmpState(model);
    expect(valueAt(state, '/amp/channels/3/output/name')).toBe('Channel 3');
    expect(valueAt(state, '/network/ethernet/ip')).toBeUndefined();
    expect(splitFieldUrl('/amp/channels/1/output/fader')).toEqual({
      objectUrl: '/amp/channels/1/output',
      name: 'fader',
    });
  });
});
