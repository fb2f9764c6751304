import { describe, expect, it } from 'vitest';
import {
  SourceSelectGroupSchema,
  TouchConfigFileSchema,
  TouchIpAddressSchema,
  TouchMacAddressSchema,
  VolumeGroupSchema,
  VolumeSubGroupSchema,
} from './schema';

const amp = { ipAddress: '192.168.1.20', macAddress: '00:1A:2b:3C:4d:5E' };
const volume = {
  type: 'volume',
  name: 'Bar',
  range: 80,
  amps: [{ ...amp, channels: { '1': { offset: 0 }, '2': { offset: -80 } } }],
  subGroups: [
    { name: 'Left', amps: [{ ...amp, channels: [1] }] },
    { name: 'Right', amps: [{ ...amp, channels: [2] }] },
  ],
};
const state = (name: string) => ({ name, sources: [{ ...amp, channel: 1, source: 'Analog 1' }] });
const source = { type: 'sourceSelect', name: 'Inputs', states: [state('Mic'), state('Line')] };

describe('touch addresses (spec 3 §3)', () => {
  it('accepts a dotted quad with an optional port', () => {
    expect(TouchIpAddressSchema.safeParse('192.168.1.20').success).toBe(true);
    expect(TouchIpAddressSchema.safeParse('192.168.1.20:8080').success).toBe(true);
    for (const bad of ['192.168.1', '192.168.1.256', 'amp.local', '192.168.1.20:']) {
      expect(TouchIpAddressSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('accepts six hex pairs separated by colons', () => {
    expect(TouchMacAddressSchema.safeParse('00:1a:2B:3c:4D:5e').success).toBe(true);
    for (const bad of ['00-1a-2b-3c-4d-5e', '00:1a:2b:3c:4d', '00:1a:2b:3c:4d:5g', '001a2b3c4d5e']) {
      expect(TouchMacAddressSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('volume groups (spec 3 §3/§5)', () => {
  it('accepts a group with range 0-80 and offsets -80..0', () => {
    expect(VolumeGroupSchema.safeParse(volume).success).toBe(true);
    expect(VolumeGroupSchema.safeParse({ ...volume, range: 0 }).success).toBe(true);
  });

  it('refuses a range or offset out of bounds', () => {
    expect(VolumeGroupSchema.safeParse({ ...volume, range: 80.1 }).success).toBe(false);
    const loud = { ...volume, amps: [{ ...amp, channels: { '1': { offset: 0.5 } } }] };
    expect(VolumeGroupSchema.safeParse(loud).success).toBe(false);
    const deep = { ...volume, amps: [{ ...amp, channels: { '1': { offset: -80.1 } } }] };
    expect(VolumeGroupSchema.safeParse(deep).success).toBe(false);
    const badKey = { ...volume, amps: [{ ...amp, channels: { one: { offset: 0 } } }] };
    expect(VolumeGroupSchema.safeParse(badKey).success).toBe(false);
  });

  it('limits names: groups 50, subgroups 60', () => {
    expect(VolumeGroupSchema.safeParse({ ...volume, name: 'x'.repeat(50) }).success).toBe(true);
    expect(VolumeGroupSchema.safeParse({ ...volume, name: 'x'.repeat(51) }).success).toBe(false);
    expect(VolumeSubGroupSchema.safeParse({ name: 'x'.repeat(60), amps: [] }).success).toBe(true);
    expect(VolumeSubGroupSchema.safeParse({ name: 'x'.repeat(61), amps: [] }).success).toBe(false);
    expect(VolumeSubGroupSchema.safeParse({ name: '', amps: [] }).success).toBe(false);
  });

  it('refuses a channel in two subgroups', () => {
    const twice = { ...volume, subGroups: [...volume.subGroups, { name: 'Both', amps: [{ ...amp, channels: [2] }] }] };
    const r = VolumeGroupSchema.safeParse(twice);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain('Right, Both');
  });
});

describe('source-select groups (spec 3 §3/§5)', () => {
  it('holds at most 4 states', () => {
    expect(SourceSelectGroupSchema.safeParse(source).success).toBe(true);
    const four = { ...source, states: ['A', 'B', 'C', 'D'].map(state) };
    expect(SourceSelectGroupSchema.safeParse(four).success).toBe(true);
    expect(SourceSelectGroupSchema.safeParse({ ...four, states: [...four.states, state('E')] }).success).toBe(false);
  });

  it('needs a source entry with ip, channel, source and mac', () => {
    const noMac = {
      ...source,
      states: [{ name: 'A', sources: [{ ipAddress: amp.ipAddress, channel: 1, source: 'Analog 1' }] }],
    };
    expect(SourceSelectGroupSchema.safeParse(noMac).success).toBe(false);
  });
});

describe('touch configuration file (spec 3 §3)', () => {
  it('needs a version and groups', () => {
    expect(TouchConfigFileSchema.safeParse({ version: 1, groups: [volume, source] }).success).toBe(true);
    expect(TouchConfigFileSchema.safeParse({ groups: [volume] }).success).toBe(false);
    expect(TouchConfigFileSchema.safeParse({ version: '1', groups: [] }).success).toBe(false);
  });

  it('lets groups of other types through but not malformed known ones', () => {
    expect(TouchConfigFileSchema.safeParse({ version: 1, groups: [{ type: 'scene', x: 1 }] }).success).toBe(true);
    expect(TouchConfigFileSchema.safeParse({ version: 1, groups: [{ ...volume, range: 99 }] }).success).toBe(false);
  });
});
