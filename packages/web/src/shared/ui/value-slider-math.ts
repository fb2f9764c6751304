/** Number handling of the value slider: step precision, display conversion and entry (spec 2 §5). */
import { delayFromMs, delayToMs, snapToBounds, type DelayUnit, type SliderBounds } from '@rackside/protocol';

/** The number of decimals a step needs (0.1 → 1, 0.01 → 2, 1 → 0). */
export function decimalsOf(step: number): number {
  if (!Number.isFinite(step) || step <= 0 || step >= 1) return 0;
  return Math.min(6, Math.ceil(-Math.log10(step) - 1e-9));
}

/** Rounds a value to the step grid, without binary noise (-12.300000001 → -12.3). */
export function quantize(value: number, step: number): number {
  if (!Number.isFinite(step) || step <= 0) return value;
  return Number((Math.round(value / step) * step).toFixed(decimalsOf(step)));
}

/** spec 2 §5: a value written by the slider or the entry dialog: snapped to a near bound, then on the step grid. */
export const settle = (value: number, bounds: SliderBounds): number =>
  snapToBounds(quantize(snapToBounds(value, bounds), bounds.step), bounds);

/** How a device value shows: delays in the user's unit (spec 2 §5), other values as they are. */
export interface DisplayScale {
  toDisplay(value: number): number;
  fromDisplay(value: number): number;
  decimals: number;
}

/** The display scale of a field with this step, converting milliseconds to `delayUnit` when given. */
export function displayScale(step: number, delayUnit?: DelayUnit): DisplayScale {
  if (!delayUnit) return { toDisplay: (v) => v, fromDisplay: (v) => v, decimals: decimalsOf(step) };
  return {
    toDisplay: (v) => delayFromMs(v, delayUnit),
    fromDisplay: (v) => delayToMs(v, delayUnit),
    decimals: decimalsOf(delayFromMs(step, delayUnit)),
  };
}

/** A value as text with the scale's decimals. */
export const formatValue = (value: number, scale: DisplayScale): string =>
  scale.toDisplay(value).toFixed(scale.decimals);

/**
 * The keyboard's big step (PageUp/PageDown, Shift+arrow) in the field's own units: 1 dB on a fader, 1 ms on a delay,
 * 1 Hz on a linear frequency; on a logarithmic slider, 1 of its 100 positions (issue 18: MUI's default of 10 moved a
 * live fader 10 dB at a key press). A slider's `pageStep` prop overrides it; docs/user-guide.md tells users.
 */
export const PAGE_STEP = 1;

/** The big keyboard step of a slider: `pageStep`, never finer than the field's own step. */
export const pageStepOf = (step: number, pageStep: number = PAGE_STEP): number => Math.max(step, pageStep);
