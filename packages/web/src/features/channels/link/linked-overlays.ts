/**
 * Issue 18: the combined response curves of the channels linked with a channel, drawn over its own plot (Input EQ,
 * Crossover, Equalizer), so linked channels that drifted apart show it.
 */
import { useCallback, useMemo } from 'react';
import type { AmpState, ModelInfo } from '@rackside/protocol';
import { channelResponse, type ResponseOverlay } from '../response';
import { linkStore, useAmpLinks, type LinkStore } from './link-store';
import { useLinksText } from './links-i18n';

/** The curves of the linked channels, by channel (computed once per state change). */
export function linkedCurves(
  state: AmpState,
  model: ModelInfo,
  linked: readonly number[],
  label: (n: number) => string,
): ReadonlyMap<number, ResponseOverlay> {
  const out = new Map<number, ResponseOverlay>();
  for (const n of linked) {
    const ch = state.channels[String(n)];
    if (ch) out.set(n, { id: `linked-${n}`, label: label(n), curve: channelResponse(ch, model, n) });
  }
  return out;
}

/** For a channel, the overlays of the other channels linked with it (undefined when it is not linked). */
export function useLinkedOverlays(
  ctx: { readonly ampId: string; readonly state: AmpState; readonly model: ModelInfo },
  store: LinkStore = linkStore,
): (channel: number) => readonly ResponseOverlay[] | undefined {
  const { t } = useLinksText();
  const linked = useAmpLinks(ctx.ampId, store).channels;
  const { state, model } = ctx;
  const curves = useMemo(
    () => linkedCurves(state, model, linked, (n) => t('link.overlay', { n })),
    [state, model, linked, t],
  );
  return useCallback(
    (channel) =>
      linked.includes(channel) ? [...curves].filter(([n]) => n !== channel).map(([, overlay]) => overlay) : undefined,
    [curves, linked],
  );
}
