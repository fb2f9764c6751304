/** Delay unit conversion of spec 2 §5: the console shows delays in the user's unit; the amp speaks milliseconds. */
import {
  CENTIMETERS_PER_MS,
  DELAY_UNITS,
  FEET_PER_MS,
  INCHES_PER_MS,
  METERS_PER_MS,
  type DelayUnit,
} from '../catalog/constants';

/** spec 1 §9 / spec 2 §5: how many of each unit one millisecond of delay is. */
export const DELAY_UNIT_PER_MS: Readonly<Record<DelayUnit, number>> = {
  Milliseconds: 1,
  Meters: METERS_PER_MS,
  Centimeters: CENTIMETERS_PER_MS,
  Feet: FEET_PER_MS,
  Inches: INCHES_PER_MS,
};

/** spec 1 §1: true for a delay unit name, so a stored preference can be checked before use. */
export const isDelayUnit = (v: unknown): v is DelayUnit => (DELAY_UNITS as readonly unknown[]).includes(v);

/** spec 2 §5: converts a delay in milliseconds to the given unit (0.343 m, 34.3 cm, 1.125 ft, 13.5 in per ms). */
export const delayFromMs = (ms: number, unit: DelayUnit): number => ms * DELAY_UNIT_PER_MS[unit];

/** spec 2 §5: converts a delay given in a unit back to milliseconds. */
export const delayToMs = (value: number, unit: DelayUnit): number => value / DELAY_UNIT_PER_MS[unit];
