/** The level meter scale of spec 2 §2: 0 to -60 dB in 6 dB steps; below -60 dB the meter is empty. */
import { METER_MAX_DB, METER_MIN_DB, METER_STEP_DB } from '@rackside/protocol';

/** The scale marks, top first: 0, -6, ..., -60. */
export const METER_TICKS_DB: readonly number[] = Array.from(
  { length: Math.floor((METER_MAX_DB - METER_MIN_DB) / METER_STEP_DB) + 1 },
  (_, i) => METER_MAX_DB - i * METER_STEP_DB,
);

/** The lit fraction 0..1 of a meter reading; below -60 dB (or not a number) it is empty, above 0 dB full. */
export function meterFill(db: number): number {
  if (!Number.isFinite(db) || db < METER_MIN_DB) return 0;
  return Math.min(1, (db - METER_MIN_DB) / (METER_MAX_DB - METER_MIN_DB));
}

/** The lit fraction at which a scale mark sits (0 at -60 dB, 1 at 0 dB). */
export const tickPosition = (db: number): number => (db - METER_MIN_DB) / (METER_MAX_DB - METER_MIN_DB);
