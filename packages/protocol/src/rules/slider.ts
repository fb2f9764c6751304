/** Slider and number-entry rules of spec 2 §5. */

/** A slider's range as the device's field info gives it. */
export interface SliderBounds {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

/** spec 2 §5: a value within one step of a bound snaps to that bound (out-of-range values clamp to it). */
export function snapToBounds(value: number, { min, max, step }: SliderBounds): number {
  const within = step - Math.abs(step) * 1e-9; // a value exactly one step away is a real step, not a snap
  if (value <= min || value - min < within) return min;
  if (value >= max || max - value < within) return max;
  return value;
}

/** spec 2 §5: the outcome of the 'enter new value' dialog's text. */
export type EntryCheck = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'valid'; value: number };

/** spec 2 §5: an entry is valid within min and max inclusive; an empty entry cancels; anything else disables Save. */
export function checkEntry(text: string, { min, max }: Pick<SliderBounds, 'min' | 'max'>): EntryCheck {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  const value = Number(t);
  return Number.isFinite(value) && value >= min && value <= max ? { kind: 'valid', value } : { kind: 'invalid' };
}

/** spec 2 §5: Save (and Enter) is allowed unless the entry is invalid; an empty one cancels. */
export const canSaveEntry = (check: EntryCheck): boolean => check.kind !== 'invalid';

/** spec 2 §5: the value at a logarithmic slider position 0-100 for a range min..max (min > 0). */
export function logPositionToValue(position: number, { min, max }: Pick<SliderBounds, 'min' | 'max'>): number {
  const p = Math.min(100, Math.max(0, position));
  return min * Math.pow(max / min, p / 100);
}

/** spec 2 §5: the logarithmic slider position 0-100 of a value in min..max (min > 0), clamped. */
export function valueToLogPosition(value: number, { min, max }: Pick<SliderBounds, 'min' | 'max'>): number {
  const v = Math.min(max, Math.max(min, value));
  return (100 * Math.log(v / min)) / Math.log(max / min);
}

/** spec 2 §5: moving one end of a range slider never passes the other (low stays at or below high). */
export function moveRangeEnd(range: readonly [number, number], end: 'low' | 'high', value: number): [number, number] {
  const [low, high] = range;
  return end === 'low' ? [Math.min(value, high), high] : [low, Math.max(value, low)];
}
