/** spec 3 §3: a channel can belong to only one subgroup of a volume group. */

/** The shape of a volume group these rules read (a parsed VolumeGroup fits). */
export interface SubgroupsView {
  readonly subGroups: readonly {
    readonly name: string;
    readonly amps: readonly {
      readonly ipAddress: string;
      readonly macAddress: string;
      readonly channels: readonly number[];
    }[];
  }[];
}

/** A channel claimed by more than one subgroup. */
export interface SubgroupChannelConflict {
  readonly macAddress: string;
  readonly channel: number;
  readonly subGroups: string[];
}

/** spec 3 §3: an amp channel's identity across groups: the amp's MAC address (case-insensitive) and the channel number. */
export const ampChannelKey = (macAddress: string, channel: number): string => `${macAddress.toLowerCase()}#${channel}`;

function owners(group: SubgroupsView): Map<string, { macAddress: string; channel: number; indexes: number[] }> {
  const map = new Map<string, { macAddress: string; channel: number; indexes: number[] }>();
  group.subGroups.forEach((sub, index) => {
    for (const amp of sub.amps) {
      for (const channel of amp.channels) {
        const key = ampChannelKey(amp.macAddress, channel);
        const entry = map.get(key) ?? { macAddress: amp.macAddress.toLowerCase(), channel, indexes: [] };
        if (!entry.indexes.includes(index)) entry.indexes.push(index);
        map.set(key, entry);
      }
    }
  });
  return map;
}

/** spec 3 §3: every channel that more than one subgroup of the group holds (empty when the rule is kept). */
export function subgroupChannelConflicts(group: SubgroupsView): SubgroupChannelConflict[] {
  return [...owners(group).values()]
    .filter((o) => o.indexes.length > 1)
    .map((o) => ({
      macAddress: o.macAddress,
      channel: o.channel,
      subGroups: o.indexes.map((i) => group.subGroups[i]?.name ?? String(i)),
    }));
}

/**
 * spec 3 §3: the amp channels (ampChannelKey) held by subgroups other than `subGroupIndex`, which the subgroup dialog
 * disables; pass null for a new subgroup.
 */
export function channelsTakenBySiblings(group: SubgroupsView, subGroupIndex: number | null): Set<string> {
  const taken = new Set<string>();
  for (const [key, o] of owners(group)) if (o.indexes.some((i) => i !== subGroupIndex)) taken.add(key);
  return taken;
}

/** spec 3 §3: true when the channel can be picked for this subgroup (no sibling subgroup holds it). */
export const isChannelFreeForSubgroup = (
  group: SubgroupsView,
  subGroupIndex: number | null,
  macAddress: string,
  channel: number,
): boolean => !channelsTakenBySiblings(group, subGroupIndex).has(ampChannelKey(macAddress, channel));
