/**
 * Issue 19 "beyond the vendor's tool": the check before Save lists what would make the panel misbehave — a channel
 * in two groups of the same kind (or in two subgroups of one group), an amp offline or not found, a channel the
 * amp's model does not have, a source the amp's model does not offer.
 */
import { ampChannelKey, subgroupChannelConflicts, type TouchConfiguration } from '@rackside/protocol';
import { configAmps } from './offline-amps';
import { findTouchAmp, type TouchAmp } from './touch-amps';

export type TouchConflict =
  | { kind: 'channelInTwoGroups'; amp: string; channel: number; groups: string[] }
  | { kind: 'channelInTwoSubgroups'; group: string; amp: string; channel: number; subGroups: string[] }
  | { kind: 'ampOffline'; amp: string }
  | { kind: 'ampNotFound'; amp: string }
  | { kind: 'channelMissing'; group: string; amp: string; channel: number }
  | { kind: 'sourceUnavailable'; group: string; state: string; amp: string; channel: number; source: string };

interface ChannelUse {
  readonly ipAddress: string;
  readonly macAddress: string;
  readonly channel: number;
}

function uses(group: TouchConfiguration['groups'][number]): ChannelUse[] {
  if (group.type === 'volume')
    return group.amps.flatMap((a) =>
      Object.keys(a.channels).map((ch) => ({ ipAddress: a.ipAddress, macAddress: a.macAddress, channel: Number(ch) })),
    );
  const all = group.states.flatMap((s) => s.sources);
  return all.filter(
    (u, i) =>
      all.findIndex((o) => ampChannelKey(o.macAddress, o.channel) === ampChannelKey(u.macAddress, u.channel)) === i,
  );
}

/** Every conflict of a configuration against the amps found now; empty when it is sound. */
export function findConflicts(config: TouchConfiguration, amps: readonly TouchAmp[]): TouchConflict[] {
  const out: TouchConflict[] = [];
  const nameOf = (ref: { ipAddress: string; macAddress: string }) => findTouchAmp(amps, ref)?.name ?? ref.ipAddress;

  for (const ref of configAmps(config)) {
    const amp = findTouchAmp(amps, ref);
    if (!amp) out.push({ kind: 'ampNotFound', amp: ref.ipAddress });
    else if (!amp.online) out.push({ kind: 'ampOffline', amp: amp.name });
  }

  for (const type of ['volume', 'sourceSelect'] as const) {
    const owners = new Map<string, { use: ChannelUse; groups: string[] }>();
    for (const g of config.groups) {
      if (g.type !== type) continue;
      for (const use of uses(g)) {
        const key = ampChannelKey(use.macAddress, use.channel);
        const entry = owners.get(key) ?? { use, groups: [] };
        entry.groups.push(g.name);
        owners.set(key, entry);
      }
    }
    for (const { use, groups } of owners.values())
      if (groups.length > 1) out.push({ kind: 'channelInTwoGroups', amp: nameOf(use), channel: use.channel, groups });
  }

  for (const g of config.groups) {
    for (const use of uses(g)) {
      const model = findTouchAmp(amps, use)?.model;
      if (model && use.channel > model.channels)
        out.push({ kind: 'channelMissing', group: g.name, amp: nameOf(use), channel: use.channel });
    }
    if (g.type === 'volume') {
      for (const c of subgroupChannelConflicts(g)) {
        const ref = g.amps.find((a) => a.macAddress.toLowerCase() === c.macAddress) ?? {
          ipAddress: c.macAddress,
          macAddress: c.macAddress,
        };
        out.push({
          kind: 'channelInTwoSubgroups',
          group: g.name,
          amp: nameOf(ref),
          channel: c.channel,
          subGroups: c.subGroups,
        });
      }
      continue;
    }
    for (const s of g.states)
      for (const src of s.sources) {
        const amp = findTouchAmp(amps, src);
        if (amp?.model && !amp.sources.includes(src.source))
          out.push({
            kind: 'sourceUnavailable',
            group: g.name,
            state: s.name,
            amp: amp.name,
            channel: src.channel,
            source: src.source,
          });
      }
  }
  return out;
}
