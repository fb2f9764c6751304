/**
 * Which channels of each amp are linked (issue 18), with each other and with the same channel on other amps (a link
 * across amps is kept on every amp of it, so it works from each), and the last linked write some of them did not
 * take. Kept by amp
 * id for the session (leaving the channel view and coming back keeps the links; a reload forgets them), outside Redux:
 * only the channel view reads it (useSyncExternalStore).
 */
import { useSyncExternalStore } from 'react';

/**
 * Why a linked channel did not take a change: locked (UAC or speaker tuning), a field its model lacks, refused, or
 * (another amp) not connected or protected with the user not signed in to it.
 */
export type SkipReason = 'locked' | 'missing' | 'refused' | 'offline' | 'guest';

/** The channels of another amp that did not take a linked write, and why (its name as it was then). */
export interface OtherAmpRefusal {
  readonly ampId: string;
  readonly name: string;
  readonly channels: readonly number[];
  readonly reason: SkipReason;
}

/** The channels of the last linked write that did not take it, by reason; `channels` may be empty (only others). */
export interface LinkRefusal {
  readonly id: number;
  readonly channels: readonly number[];
  readonly reason: SkipReason;
  readonly others?: readonly OtherAmpRefusal[] | undefined;
}

/**
 * One amp's links: its linked channels (sorted; none, or two and more), by channel number the other amps whose same
 * channel is linked with it, and the last refusal to show.
 */
export interface AmpLinks {
  readonly channels: readonly number[];
  readonly across: Readonly<Record<number, readonly string[]>>;
  readonly refusal?: LinkRefusal | undefined;
}

export const NO_LINKS: AmpLinks = { channels: [], across: {} };

export interface LinkStore {
  readonly linksOf: (ampId: string) => AmpLinks;
  /** Links these channels (fewer than two unlinks). */
  readonly link: (ampId: string, channels: readonly number[]) => void;
  /** Unlinks the amp's channels from each other (links across amps stay). */
  readonly unlink: (ampId: string) => void;
  /**
   * Links channel `channel` of this amp with the same channel of `others` (exactly these: each leaves the link it
   * was in for that channel); no others: this amp leaves the link.
   */
  readonly linkAcross: (ampId: string, channel: number, others: readonly string[]) => void;
  /** This amp leaves its links across amps (of one channel, or of all). */
  readonly unlinkAcross: (ampId: string, channel?: number) => void;
  /** A linked write that these channels (of this amp, and of others) did not take. */
  readonly refused: (
    ampId: string,
    channels: readonly number[],
    reason: SkipReason,
    others?: readonly OtherAmpRefusal[],
  ) => void;
  readonly dismissRefusal: (ampId: string) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createLinkStore(): LinkStore {
  const amps = new Map<string, AmpLinks>();
  const listeners = new Set<() => void>();
  let nextId = 1;
  const notify = () => {
    for (const l of [...listeners]) l();
  };
  const put = (ampId: string, links: AmpLinks) => {
    amps.set(ampId, links);
    notify();
  };
  const linksOf = (ampId: string) => amps.get(ampId) ?? NO_LINKS;
  // the other amps linked at a channel, set without notifying (a change across amps touches several)
  const setAcross = (ampId: string, channel: number, peers: readonly string[]) => {
    const links = linksOf(ampId);
    const rest = Object.entries(links.across).filter(([n]) => Number(n) !== channel);
    amps.set(ampId, { ...links, across: Object.fromEntries(peers.length > 0 ? [...rest, [channel, peers]] : rest) });
  };
  const leave = (ampId: string, channel: number) => {
    for (const peer of linksOf(ampId).across[channel] ?? [])
      setAcross(
        peer,
        channel,
        (linksOf(peer).across[channel] ?? []).filter((a) => a !== ampId),
      );
    setAcross(ampId, channel, []);
  };
  return {
    linksOf,
    link: (ampId, channels) => {
      const sorted = [...new Set(channels)].sort((a, b) => a - b);
      put(ampId, { ...linksOf(ampId), channels: sorted.length >= 2 ? sorted : [] });
    },
    unlink: (ampId) => put(ampId, { channels: [], across: linksOf(ampId).across }),
    linkAcross: (ampId, channel, others) => {
      const group = [...new Set([ampId, ...others])];
      for (const a of group) leave(a, channel);
      if (group.length >= 2)
        for (const a of group)
          setAcross(
            a,
            channel,
            group.filter((x) => x !== a),
          );
      notify();
    },
    unlinkAcross: (ampId, channel) => {
      const channels = channel === undefined ? Object.keys(linksOf(ampId).across).map(Number) : [channel];
      for (const n of channels) leave(ampId, n);
      notify();
    },
    refused: (ampId, channels, reason, others) => {
      put(ampId, {
        ...linksOf(ampId),
        refusal: {
          id: nextId++,
          channels: [...channels].sort((a, b) => a - b),
          reason,
          ...(others && others.length > 0 ? { others } : {}),
        },
      });
    },
    dismissRefusal: (ampId) => {
      const { refusal, ...links } = linksOf(ampId);
      if (refusal) put(ampId, links);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The console's links (one store for the page's lifetime). */
export const linkStore: LinkStore = createLinkStore();

/**
 * Every place a change to `channel` of `ampId` goes while linked, by amp (the amp itself first): its channels linked
 * with it, the same channel on the amps linked across, and on from there (a linked channel of a linked amp is linked).
 */
export function linkedPlaces(
  linksOf: (ampId: string) => AmpLinks,
  ampId: string,
  channel: number,
): ReadonlyMap<string, readonly number[]> {
  const seen = new Map<string, Set<number>>();
  const queue: [string, number][] = [];
  const visit = (amp: string, n: number) => {
    let channels = seen.get(amp);
    if (!channels) seen.set(amp, (channels = new Set()));
    if (channels.has(n)) return;
    channels.add(n);
    queue.push([amp, n]);
  };
  visit(ampId, channel);
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [amp, n] = next;
    const links = linksOf(amp);
    if (links.channels.includes(n)) for (const m of links.channels) visit(amp, m);
    for (const peer of links.across[n] ?? []) visit(peer, n);
  }
  return new Map([...seen].map(([amp, channels]) => [amp, [...channels].sort((a, b) => a - b)]));
}

/** One amp's links, re-rendering when they change. */
export function useAmpLinks(ampId: string, store: LinkStore = linkStore): AmpLinks {
  return useSyncExternalStore(store.subscribe, () => store.linksOf(ampId));
}
