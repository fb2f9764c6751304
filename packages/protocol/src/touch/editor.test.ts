import { describe, expect, it } from 'vitest';
import { getModel } from '../device/models';
import {
  applyTouchImport,
  canAddSourceState,
  channelsInOtherGroups,
  isValidGroupRename,
  isValidSubgroupName,
  newVolumeGroup,
  parseTouchConfigFile,
  touchSourcesFor,
} from './editor';
import { ampChannelKey } from './subgroups';
import type { TouchConfiguration } from './schema';

const mac = '00:1a:2b:3c:4d:5e';
const ip = '192.168.1.20';

describe('touch editor names and limits (spec 3 §5)', () => {
  it('allows group renames of 1 to 50 characters', () => {
    expect(isValidGroupRename('Bar')).toBe(true);
    expect(isValidGroupRename('x'.repeat(50))).toBe(true);
    expect(isValidGroupRename('x'.repeat(51))).toBe(false);
    expect(isValidGroupRename('  ')).toBe(false);
  });

  it('allows subgroup names of 1 to 60 characters', () => {
    expect(isValidSubgroupName('x'.repeat(60))).toBe(true);
    expect(isValidSubgroupName('x'.repeat(61))).toBe(false);
    expect(isValidSubgroupName('')).toBe(false);
  });

  it('disables adding a fifth state', () => {
    expect(canAddSourceState({ states: [1, 2, 3] })).toBe(true);
    expect(canAddSourceState({ states: [1, 2, 3, 4] })).toBe(false);
  });

  it('creates volume groups with the default range 80', () => {
    expect(newVolumeGroup('Bar')).toEqual({ type: 'volume', name: 'Bar', range: 80, amps: [], subGroups: [] });
  });

  it('offers only single inputs of the model as sources', () => {
    expect(touchSourcesFor(getModel('352N'))).toEqual(['Analog 1', 'Analog 2']);
    expect(touchSourcesFor(getModel('64D'))).toContain('Dante 4');
  });
});

describe('channel picker (spec 3 §5)', () => {
  const config: TouchConfiguration = {
    name: 'Lobby panel',
    groups: [
      { ...newVolumeGroup('Bar'), amps: [{ ipAddress: ip, macAddress: mac, channels: { '1': { offset: 0 } } }] },
      { ...newVolumeGroup('Patio'), amps: [{ ipAddress: ip, macAddress: mac, channels: { '2': { offset: -6 } } }] },
      {
        type: 'sourceSelect',
        name: 'Inputs',
        states: [{ name: 'Mic', sources: [{ ipAddress: ip, macAddress: mac, channel: 3, source: 'Analog 1' }] }],
      },
    ],
  };

  it('disables channels used by other groups of the same kind', () => {
    expect([...channelsInOtherGroups(config, 0)]).toEqual([ampChannelKey(mac, 2)]);
    expect([...channelsInOtherGroups(config, 2)]).toEqual([]);
  });
});

describe('touch import (spec 3 §4/§5)', () => {
  it('reports failed to import settings for bad JSON or a file failing the schema', () => {
    expect(parseTouchConfigFile('{nope')).toEqual({ ok: false, message: 'failed to import settings' });
    expect(parseTouchConfigFile('{"groups": []}')).toEqual({ ok: false, message: 'failed to import settings' });
  });

  it('keeps the current name, drops the version and groups of other types', () => {
    const text = JSON.stringify({
      version: 3,
      name: 'Other panel',
      groups: [newVolumeGroup('Bar'), { type: 'scene', name: 'x' }, { type: 'sourceSelect', name: 'In', states: [] }],
    });
    const parsed = parseTouchConfigFile(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const imported = applyTouchImport({ name: 'Lobby panel' }, parsed.file);
    expect(imported).toEqual({
      name: 'Lobby panel',
      groups: [newVolumeGroup('Bar'), { type: 'sourceSelect', name: 'In', states: [] }],
    });
    expect(imported).not.toHaveProperty('version');
  });
});
