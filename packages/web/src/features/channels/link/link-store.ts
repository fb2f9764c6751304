/**
 * Which channels of each amp are linked (issue 18), and the last linked write some of them did not take. Kept by amp
 * id for the session (leaving the channel view and coming back keeps the links; a reload forgets them), outside Redux:
 * only the channel view reads it (useSyncExternalStore).
 */
import { useSyncExternalStore } from 'react';

/** Why a linked channel did not take a change: locked (UAC or speaker tuning), a field its model lacks, refused. */
export type SkipReason = 'locked' | 'missing' | 'refused';

/** The channels of the last linked write that did not take it, by reason. */
export interface LinkRefusal {
  readonly id: number;
  readonly channels: readonly number[];
  readonly reason: SkipReason;
}

/** One amp's links: its linked channels (sorted; none, or two and more) and the last refusal to show. */
export interface AmpLinks {
  readonly channels: readonly number[];
  readonly refusal?: LinkRefusal | undefined;
}

export const NO_LINKS: AmpLinks = { channels: [] };

export interface LinkStore {
  readonly linksOf: (ampId: string) => AmpLinks;
  /** Links these channels (fewer than two unlinks). */
  readonly link: (ampId: string, channels: readonly number[]) => void;
  readonly unlink: (ampId: string) => void;
  /** A linked write that these channels did not take. */
  readonly refused: (ampId: string, channels: readonly number[], reason: SkipReason) => void;
  readonly dismissRefusal: (ampId: string) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createLinkStore(): LinkStore {
  const amps = new Map<string, AmpLinks>();
  const listeners = new Set<() => void>();
  let nextId = 1;
  const put = (ampId: string, links: AmpLinks) => {
    amps.set(ampId, links);
    for (const l of [...listeners]) l();
  };
  const linksOf = (ampId: string) => amps.get(ampId) ?? NO_LINKS;
  return {
    linksOf,
    link: (ampId, channels) => {
      const sorted = [...new Set(channels)].sort((a, b) => a - b);
      put(ampId, { channels: sorted.length >= 2 ? sorted : [] });
    },
    unlink: (ampId) => put(ampId, NO_LINKS),
    refused: (ampId, channels, reason) => {
      put(ampId, {
        ...linksOf(ampId),
        refusal: { id: nextId++, channels: [...channels].sort((a, b) => a - b), reason },
      });
    },
    dismissRefusal: (ampId) => {
      const links = linksOf(ampId);
      if (links.refusal) put(ampId, { channels: links.channels });
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The console's links (one store for the page's lifetime). */
export const linkStore: LinkStore = createLinkStore();

/** One amp's links, re-rendering when they change. */
export function useAmpLinks(ampId: string, store: LinkStore = linkStore): AmpLinks {
  return useSyncExternalStore(store.subscribe, () => store.linksOf(ampId));
}
