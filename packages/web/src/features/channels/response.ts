/**
 * The filters of a channel's blocks as the frequency-response plot needs them (spec 2 §2): only enabled filters,
 * with any value being dragged (a preview, by field URL) in place of the device's; and the channel's one combined
 * response (input EQ × crossover × output EQ, in magnitude and phase: issue 18).
 */
import { parseFirCoefficients, type AmpChannelState, type ModelInfo } from '@rackside/protocol';
import {
  combinedResponse,
  crossoverShape,
  eqFilter,
  firShelfFilters,
  logFrequencies,
  type ComplexCurve,
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

// the same text gives the same array, so the plot's per-array cache of the FIR's response holds across renders
const parsedFirs = new Map<string, readonly number[] | undefined>();
function firCoefficients(text: string): readonly number[] | undefined {
  if (parsedFirs.has(text)) return parsedFirs.get(text);
  const parsed = parseFirCoefficients(text);
  const coefficients = parsed.ok && parsed.coefficients.length > 0 ? parsed.coefficients : undefined;
  if (parsedFirs.size >= 16) parsedFirs.clear();
  parsedFirs.set(text, coefficients);
  return coefficients;
}

/**
 * Crossover: band gain, polarity, the high-pass, and the low-pass (or the custom FIR that replaces it). The band delay
 * is left out unless asked for: it would only wrap the drawn phase.
 */
export function crossoverResponse(
  ch: AmpChannelState,
  channel: number,
  preview: PreviewValues,
  options: { delay?: boolean } = {},
): ResponseFilter[] {
  const base = `${channelUrl(channel)}/crossover`;
  const band = withPreview(ch.crossover.bandGainAndDelay, `${base}/bandGainAndDelay`, preview);
  const out: ResponseFilter[] = [{ kind: 'gain', gain: band.gain }];
  if (band.invert) out.push({ kind: 'polarity' });
  if (options.delay && band.delay > 0) out.push({ kind: 'delay', ms: band.delay });
  const hp = withPreview(ch.crossover.highPassFilter, `${base}/highPassFilter`, preview);
  const hpShape = hp.enable ? crossoverShape(hp.type) : undefined;
  if (hpShape) out.push({ kind: 'highPass', ...hpShape, frequency: hp.frequency });
  const lp = withPreview(ch.crossover.lowPassFilter, `${base}/lowPassFilter`, preview);
  const fir = hasCustomFir(ch) ? firCoefficients(lp.customFirCoeffs ?? '') : undefined;
  if (fir) {
    out.push({ kind: 'fir', coefficients: fir });
  } else {
    const lpShape = lp.enable ? crossoverShape(lp.type) : undefined;
    if (lpShape) out.push({ kind: 'lowPass', ...lpShape, frequency: lp.frequency });
  }
  return out;
}

/** The whole channel's chain: input EQ, crossover (with the custom FIR only where the model has one), output EQ. */
export function channelFilters(
  ch: AmpChannelState,
  model: ModelInfo,
  channel: number,
  preview: PreviewValues = {},
  options: { delay?: boolean } = {},
): ResponseFilter[] {
  const crossover = crossoverResponse(model.caps.customFir ? ch : withoutFir(ch), channel, preview, options);
  return [...inputEqResponse(ch, channel, preview), ...crossover, ...outputEqResponse(ch, channel, preview)];
}

const withoutFir = (ch: AmpChannelState): AmpChannelState => ({
  ...ch,
  crossover: { ...ch.crossover, lowPassFilter: { ...ch.crossover.lowPassFilter, customFirCoeffs: '' } },
});

/** The plot's grid: 200 points on a log axis, 20 Hz-20 kHz (cheap enough for 8 channels redrawn on a drag). */
export const RESPONSE_GRID: readonly number[] = logFrequencies(200);

/** The combined response of a channel (magnitude and phase) on a grid, with previewed values in place. */
export const channelResponse = (
  ch: AmpChannelState,
  model: ModelInfo,
  channel: number,
  preview: PreviewValues = {},
  frequencies: readonly number[] = RESPONSE_GRID,
): ComplexCurve => combinedResponse(channelFilters(ch, model, channel, preview), frequencies);

export type { ResponseOverlay } from '../../shared/ui/frequency-response-math';
