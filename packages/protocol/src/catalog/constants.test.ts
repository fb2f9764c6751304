import { describe, expect, it } from 'vitest';
import {
  APP_VERSION,
  CENTIMETERS_PER_MS,
  CHANNEL_PAIRS,
  CLOUD_CONNECTION_REFRESH_THRESHOLD_MS,
  FEET_PER_MS,
  FIRMWARE_COUNTDOWN_START_S,
  FIRMWARE_STARTING_ABOVE_S,
  INCHES_PER_MS,
  LANGUAGES,
  MAX_FIR_COEFFICIENTS,
  METERS_PER_MS,
  RECONNECT_DELAY_MS,
  REMOVED_DEVICE_HIDDEN_MS,
  REPLY_TIMEOUT_MS,
  SLIDER_THROTTLE_MS,
  SOURCE_STATES_MAX,
  SUBSCRIPTION_PERIOD_CLOUD_MS,
  SUBSCRIPTION_PERIOD_LOCAL_MS,
  TOUCH_SYNC_MS,
  VENUE_POLL_MS,
} from './constants';

describe('constants', () => {
  it('pins spec 1 §9 values', () => {
    expect(VENUE_POLL_MS).toBe(10_000);
    expect(CLOUD_CONNECTION_REFRESH_THRESHOLD_MS).toBe(600_000);
    expect(REMOVED_DEVICE_HIDDEN_MS).toBe(20_000);
    expect(APP_VERSION).toBe('2.0.0-311');
    expect(LANGUAGES).toEqual(['en', 'es', 'zh']);
    expect(CHANNEL_PAIRS).toEqual(['1-2', '3-4', '5-6', '7-8']);
    expect([METERS_PER_MS, CENTIMETERS_PER_MS, FEET_PER_MS, INCHES_PER_MS]).toEqual([0.343, 34.3, 1.125, 13.5]);
  });

  it('pins spec 2 §9 values', () => {
    expect(RECONNECT_DELAY_MS).toBe(5000);
    expect(REPLY_TIMEOUT_MS).toBe(10_000);
    expect([SUBSCRIPTION_PERIOD_CLOUD_MS, SUBSCRIPTION_PERIOD_LOCAL_MS]).toEqual([400, 100]);
    expect(SLIDER_THROTTLE_MS).toBe(50);
    expect(MAX_FIR_COEFFICIENTS).toBe(2048);
  });

  it('pins spec 3 §9 values', () => {
    expect(FIRMWARE_COUNTDOWN_START_S).toBe(300);
    expect(FIRMWARE_STARTING_ABOVE_S).toBe(240);
    expect(TOUCH_SYNC_MS).toBe(50_000);
    expect(SOURCE_STATES_MAX).toBe(4);
  });
});
