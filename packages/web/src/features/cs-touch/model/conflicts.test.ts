import { getModel, type TouchConfiguration } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { findConflicts } from './conflicts';
import { offlineAmpsOf } from './offline-amps';
import type { TouchAmp } from './touch-amps';

const amp = (n: number, modelId: string, online = true): TouchAmp => {
  const model = getModel(modelId);
  return {
    ampId: `10.0.0.${n}`,
    ipAddress: `10.0.0.${n}`,
    macAddress: `00:11:22:33:44:0${n}`,
    name: `Amp ${n}`,
    model,
    online,
    sources: ['Analog 1', 'Analog 2'],
  };
};
const ref = (a: TouchAmp) => ({ ipAddress: a.ipAddress, macAddress: a.macAddress });
const one = amp(1, '704D');
const two = amp(2, '704D');

describe('the check before save (issue 19)', () => {
  it('finds nothing in a sound configuration', () => {
    const config: TouchConfiguration = {
      name: 'x',
      groups: [
        {
          type: 'volume',
          name: 'V',
          range: 80,
          amps: [{ ...ref(one), channels: { '1': { offset: 0 } } }],
          subGroups: [],
        },
        {
          type: 'sourceSelect',
          name: 'S',
          states: [{ name: 'A', sources: [{ ...ref(one), channel: 1, source: 'Analog 2' }] }],
        },
      ],
    };
    expect(findConflicts(config, [one, two])).toEqual([]);
  });

  it('names a channel in two volume groups, an offline amp, an amp not found, a missing channel, an unavailable source', () => {
    const offline = { ...two, online: false };
    const ghost = { ipAddress: '10.0.0.9', macAddress: '00:11:22:33:44:09' };
    const config: TouchConfiguration = {
      name: 'x',
      groups: [
        {
          type: 'volume',
          name: 'V1',
          range: 80,
          amps: [{ ...ref(one), channels: { '1': { offset: 0 } } }],
          subGroups: [],
        },
        {
          type: 'volume',
          name: 'V2',
          range: 80,
          amps: [
            { ...ref(one), channels: { '1': { offset: 0 }, '9': { offset: 0 } } },
            { ...ref(offline), channels: { '2': { offset: 0 } } },
            { ...ghost, channels: { '1': { offset: 0 } } },
          ],
          subGroups: [],
        },
        {
          type: 'sourceSelect',
          name: 'S',
          states: [{ name: 'Mic', sources: [{ ...ref(one), channel: 2, source: 'Dante 7' }] }],
        },
      ],
    };
    expect(findConflicts(config, [one, offline])).toEqual(
      expect.arrayContaining([
        { kind: 'channelInTwoGroups', amp: 'Amp 1', channel: 1, groups: ['V1', 'V2'] },
        { kind: 'ampOffline', amp: 'Amp 2' },
        { kind: 'ampNotFound', amp: '10.0.0.9' },
        { kind: 'channelMissing', group: 'V2', amp: 'Amp 1', channel: 9 },
        { kind: 'sourceUnavailable', group: 'S', state: 'Mic', amp: 'Amp 1', channel: 2, source: 'Dante 7' },
      ]),
    );
    expect(offlineAmpsOf(config, [one, offline])).toEqual(['10.0.0.2', '10.0.0.9']);
  });

  it('matches amps by MAC address first, so an amp whose address changed is still found', () => {
    const moved = { ...one, ipAddress: '10.0.0.50' };
    const config: TouchConfiguration = {
      name: 'x',
      groups: [
        {
          type: 'volume',
          name: 'V',
          range: 80,
          amps: [{ ...ref(one), channels: { '1': { offset: 0 } } }],
          subGroups: [],
        },
      ],
    };
    expect(findConflicts(config, [moved])).toEqual([]);
  });
});
