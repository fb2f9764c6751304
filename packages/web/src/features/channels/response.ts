/**
 * The filters of a channel's blocks as the frequency-response plot needs them (spec 2 §2): only enabled filters,
 * with any value being dragged (a preview, by field URL) in place of the device's.
 */
import { parseFirCoefficients, type AmpChannelState } from '@rackside/protocol';
import {
  crossoverShape,
  eqFilter,
  firShelfFilters,
  type ResponseFilter,
} from '../../shared/ui/frequency-response-math';
import type { PreviewValues } from './preview-store';

type IirFilter = AmpChannelState['outputEqFilters'][string];
type FirFilter = NonNullable<AmpChannelState['inputFirEqFilters']>[string];

const channelUrl = (channel: number) => `/amp/channels/${channel}`;

/** Overlays previewed values on an object's number fields. */
function withPreview<T extends object>(obj: T, url: string, preview: PreviewValues): T {
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(obj));
  for (const key of Object.keys(out)) {
    const v = preview[`${url}/${key}`];
    if (v !== undefined) out[key] = v;
  }
  return out as T;
}

const sortedEntries = <T>(rec: Record<string, T> | undefined): [string, T][] =>
  Object.entries(rec ?? {}).sort(([a], [b]) => Number(a) - Number(b));

function iirFilters(
  group: Record<string, IirFilter> | undefined,
  url: string,
  preview: PreviewValues,
): ResponseFilter[] {
  return sortedEntries(group).flatMap(([key, raw]) => {
    const f = withPreview(raw, `${url}/${key}`, preview);
    const r = f.enable ? eqFilter(f.type, f) : undefined;
    return r ? [r] : [];
  });
}

function firFilters(
  group: Record<string, FirFilter> | undefined,
  url: string,
  preview: PreviewValues,
): ResponseFilter[] {
  return sortedEntries(group).flatMap(([key, raw]) => {
    const f = withPreview(raw, `${url}/${key}`, preview);
    return f.enable ? firShelfFilters(f.type, f) : [];
  });
}

/** Input EQ: the 8 IIR then 16 FIR input filters. */
export function inputEqResponse(ch: AmpChannelState, channel: number, preview: PreviewValues): ResponseFilter[] {
  const base = channelUrl(channel);
  return [
    ...iirFilters(ch.inputIirEqFilters, `${base}/inputIirEqFilters`, preview),
    ...firFilters(ch.inputFirEqFilters, `${base}/inputFirEqFilters`, preview),
  ];
}

/** Equalizer: the 8 output filters. */
export const outputEqResponse = (ch: AmpChannelState, channel: number, preview: PreviewValues): ResponseFilter[] =>
  iirFilters(ch.outputEqFilters, `${channelUrl(channel)}/outputEqFilters`, preview);

/** spec 2 §2: a custom FIR is active when the low-pass carries coefficients. */
export const hasCustomFir = (ch: AmpChannelState | undefined): boolean =>
  (ch?.crossover.lowPassFilter.customFirCoeffs ?? '').trim() !== '';

/** Crossover: band gain, the high-pass, and the low-pass (or the custom FIR that replaces it). */
export function crossoverResponse(ch: AmpChannelState, channel: number, preview: PreviewValues): ResponseFilter[] {
  const base = `${channelUrl(channel)}/crossover`;
  const band = withPreview(ch.crossover.bandGainAndDelay, `${base}/bandGainAndDelay`, preview);
  const out: ResponseFilter[] = [{ kind: 'gain', gain: band.gain }];
  const hp = withPreview(ch.crossover.highPassFilter, `${base}/highPassFilter`, preview);
  const hpShape = hp.enable ? crossoverShape(hp.type) : undefined;
  if (hpShape) out.push({ kind: 'highPass', ...hpShape, frequency: hp.frequency });
  const lp = withPreview(ch.crossover.lowPassFilter, `${base}/lowPassFilter`, preview);
  const fir = hasCustomFir(ch) ? parseFirCoefficients(lp.customFirCoeffs ?? '') : undefined;
  if (fir?.ok && fir.coefficients.length > 0) {
    out.push({ kind: 'fir', coefficients: fir.coefficients });
  } else {
    const lpShape = lp.enable ? crossoverShape(lp.type) : undefined;
    if (lpShape) out.push({ kind: 'lowPass', ...lpShape, frequency: lp.frequency });
  }
  return out;
}
