import { describe, expect, it } from 'vitest';
import {
  ampChannelKey,
  channelsTakenBySiblings,
  isChannelFreeForSubgroup,
  subgroupChannelConflicts,
} from './subgroups';

const A = '00:1A:2B:3C:4D:5E';
const B = '00:1a:2b:3c:4d:5f';
const sub = (name: string, ...amps: [string, number[]][]) => ({
  name,
  amps: amps.map(([macAddress, channels]) => ({ ipAddress: '10.0.0.1', macAddress, channels })),
});

describe('one subgroup per channel (spec 3 §3)', () => {
  const group = { subGroups: [sub('Front', [A, [1, 2]]), sub('Rear', [A, [3]], [B, [1]])] };

  it('finds no conflict when every channel is in one subgroup', () => {
    expect(subgroupChannelConflicts(group)).toEqual([]);
  });

  it('reports a channel held by two subgroups, matching MACs case-insensitively', () => {
    const bad = { subGroups: [...group.subGroups, sub('Fill', [A.toLowerCase(), [2]])] };
    expect(subgroupChannelConflicts(bad)).toEqual([
      { macAddress: A.toLowerCase(), channel: 2, subGroups: ['Front', 'Fill'] },
    ]);
  });

  it('does not count a channel listed twice in the same subgroup', () => {
    expect(subgroupChannelConflicts({ subGroups: [sub('Front', [A, [1, 1]])] })).toEqual([]);
  });

  it('disables channels held by sibling subgroups in the dialog', () => {
    const taken = channelsTakenBySiblings(group, 0);
    expect([...taken].sort()).toEqual([ampChannelKey(A, 3), ampChannelKey(B, 1)].sort());
    expect(isChannelFreeForSubgroup(group, 0, A, 1)).toBe(true);
    expect(isChannelFreeForSubgroup(group, 0, A, 3)).toBe(false);
    expect(isChannelFreeForSubgroup(group, null, A, 1)).toBe(false);
    expect(isChannelFreeForSubgroup(group, null, A, 4)).toBe(true);
  });
});
