/**
 * Every business and time constant of spec 1 §9, spec 2 §9 and spec 3 §9, named once with its unit.
 * Values the specs leave "not shown" come from CHOSEN (device/chosen.ts).
 */
import { CHOSEN } from '../device/chosen';

// ---- spec 1 §9: cloud accounts, venues, contacts ----

/** spec 1 §9: the venue list polls every 10 s while the venues screen is open. */
export const VENUE_POLL_MS = 10_000;
/** spec 1 §9 / spec 2 §9: device data is fresh if updated less than 15 s ago. */
export const FRESH_DEVICE_DATA_MS = 15_000;
/** spec 1 §9: the cloud session refreshes every minute. */
export const CLOUD_AUTH_REFRESH_MS = 60_000;
/** spec 1 §9: a cloud connection is refreshed when under 600000 ms remain before its credentials expire. */
export const CLOUD_CONNECTION_REFRESH_THRESHOLD_MS = 600_000;
/** spec 1 §9: a removed amp stays hidden from cloud listings for 20000 ms. */
export const REMOVED_DEVICE_HIDDEN_MS = 20_000;
/** spec 1 §9 / spec 2 §9: the mute-all local count overrides server state for 15 s in cloud mode. */
export const MUTE_ALL_OVERRIDE_MS = 15_000;
/** spec 1 §9 / spec 3 §9: firmware countdowns tick every 1000 ms. */
export const FIRMWARE_COUNTDOWN_TICK_MS = 1000;
/** spec 1 §9: the copy-token toast shows for 2000 ms. */
export const COPY_TOAST_MS = 2000;
/** spec 1 §9 / spec 2 §2: notice snackbars auto-hide after 2 s. */
export const SNACKBAR_AUTO_HIDE_MS = 2000;
/** spec 1 §9 / spec 2 §2: error snackbars auto-hide after 5000 ms. */
export const ERROR_SNACKBAR_AUTO_HIDE_MS = 5000;
/** spec 1 §9 / spec 2 §9: the default debounce and throttle. */
export const DEFAULT_DEBOUNCE_MS = 250;
/** spec 1 §9 / spec 2 §9: slider changes are throttled to one per 50 ms. */
export const SLIDER_THROTTLE_MS = 50;
/** spec 1 §9 / spec 2 §9: passwords have at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** spec 1 §5: the special characters a password must contain one of. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';
/** spec 1 §9 / spec 2 §9: the narrow/wide layout breakpoint. */
export const NARROW_BREAKPOINT_PX = 768;
/** spec 1 §9 / spec 2 §9: the interface languages. */
export const LANGUAGES = ['en', 'es', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
/** spec 1 §2 / spec 2 §9: the local-storage key holding the chosen language (null means auto-detect). */
export const LANGUAGE_STORAGE_KEY = 'LANGUAGE';
/** spec 1 §9: the delay units, Milliseconds first (the default). */
export const DELAY_UNITS = ['Milliseconds', 'Meters', 'Centimeters', 'Feet', 'Inches'] as const;
export type DelayUnit = (typeof DELAY_UNITS)[number];
/** spec 1 §1: the delay unit used until the user picks another. */
export const DEFAULT_DELAY_UNIT: DelayUnit = 'Milliseconds';
/** spec 1 §9 / spec 2 §5: meters of delay per millisecond (the distance sound travels). */
export const METERS_PER_MS = 0.343;
/** spec 1 §9 / spec 2 §5: centimeters of delay per millisecond. */
export const CENTIMETERS_PER_MS = 34.3;
/** spec 1 §9 / spec 2 §5: feet of delay per millisecond. */
export const FEET_PER_MS = 1.125;
/** spec 1 §9 / spec 2 §5: inches of delay per millisecond. */
export const INCHES_PER_MS = 13.5;
/** spec 1 §1 / spec 1 §9 / spec 2 §9: the application version. */
export const APP_VERSION = '2.0.0-311';
/** spec 1 §9 / spec 2 §6: a mixer input needs this firmware or newer (the value is "not shown": CHOSEN). */
export const MIXER_INPUT_FIRMWARE_THRESHOLD: string = CHOSEN.mixerInputFirmwareThreshold;
/** spec 2 §6 / §9: UAC role checks apply from this firmware version (the value is "not shown": CHOSEN). */
export const UAC_FIRMWARE_THRESHOLD: string = CHOSEN.uacFirmwareThreshold;
/** spec 1 §9 / spec 2 §9: amp channel pairs, one per amp board. */
export const CHANNEL_PAIRS = ['1-2', '3-4', '5-6', '7-8'] as const;
/** spec 1 §9: time units the interface formats durations in. */
export const TIME_UNITS = ['ms', 's', 'min', 'hour', 'day', 'week'] as const;

// ---- spec 2 §9: per-amp control and the device API ----

/** spec 2 §9: a cancelled local socket waits 5000 ms before reconnecting. */
export const RECONNECT_DELAY_MS = 5000;
/** spec 2 §7 / §9: a device request times out after 10000 ms without a reply. */
export const REPLY_TIMEOUT_MS = 10_000;
/** spec 2 §7 / §9: notification batching period in cloud mode. */
export const SUBSCRIPTION_PERIOD_CLOUD_MS = 400;
/** spec 2 §7 / §9: notification batching period in local mode. */
export const SUBSCRIPTION_PERIOD_LOCAL_MS = 100;
/** spec 2 §4 / §9: sensor polling asks the device to publish every 50 s while the page is visible. */
export const SENSOR_POLL_MS = 50_000;
/** spec 2 §4 / §9: each sensor-publish request lasts 60 s. */
export const SENSOR_PUBLISH_MS = 60_000;
/** spec 2 §7: the same duration as the `/cloud sensorPublishDuration` wire value, in seconds. */
export const SENSOR_PUBLISH_DURATION_S = 60;
/** spec 2 §4 / §9: sensor polling stops after more than one hour. */
export const SENSOR_POLL_STOP_AFTER_MS = 3_600_000;
/** spec 2 §4 / §9: amp summaries refresh every 15000 ms. */
export const AMP_SUMMARY_REFRESH_MS = 15_000;
/** spec 2 §4 / §9: 64 ms between amps within one summary refresh. */
export const AMP_SUMMARY_STAGGER_MS = 64;
/** spec 2 §7: the device API port added to a host without one. */
export const DEVICE_API_PORT = 1234;
/** spec 2 §9: the default local host port in development. */
export const DEV_LOCAL_PORT = 9002;
/** spec 2 §9: output EQ filters per channel. */
export const OUTPUT_EQ_FILTER_COUNT = 8;
/** spec 2 §9: input IIR EQ filters per channel. */
export const INPUT_IIR_FILTER_COUNT = 8;
/** spec 2 §9: input FIR EQ filters per channel (labelled 9 to 24). */
export const INPUT_FIR_FILTER_COUNT = 16;
/** spec 2 §5 / §9: at most 2048 custom FIR coefficients per channel (96 kHz). */
export const MAX_FIR_COEFFICIENTS = 2048;
/** spec 2 §2 / §9: from this width the channel pager shows 2 channels. */
export const PAGER_TWO_CHANNELS_MIN_WIDTH_PX = 1120;
/** spec 2 §2 / §9: from this width the channel pager shows 4 channels (when there are 4). */
export const PAGER_FOUR_CHANNELS_MIN_WIDTH_PX = 1820;
/** spec 2 §2 / §9: amp list cards have a fixed height. */
export const AMP_LIST_ITEM_HEIGHT_PX = 156;
/** spec 2 §2: the virtual amp list renders 2 cards beyond the viewport. */
export const AMP_LIST_OVERSCAN = 2;
/** spec 2 §2 / §9: the amp list pane width on wide screens. */
export const AMP_LIST_PANE_WIDTH_PX = 400;
/** spec 2 §2 / §9: the FIR editor opens after a 1000 ms press on a phone-sized screen. */
export const LONG_PRESS_MS = 1000;
/** spec 2 §5 / §9: the access-point password hint asks for at least 8 characters. */
export const AP_PASSWORD_MIN_LENGTH = 8;
/** spec 2 §2: Wi-Fi icon thresholds in dBm, weakest boundary first. */
export const WIFI_SIGNAL_THRESHOLDS_DBM = [-80, -70, -60] as const;
/** spec 2 §2 / §9: the top of the level meter scale. */
export const METER_MAX_DB = 0;
/** spec 2 §2 / §9: the bottom of the level meter scale; below it the meter shows empty. */
export const METER_MIN_DB = -60;
/** spec 2 §2: level meter scale steps. */
export const METER_STEP_DB = 6;
/** spec 2 §4: after a dot1x upload ends, parsing waits 250 ms before success. */
export const DOT1X_PARSING_DELAY_MS = 250;

// ---- spec 3 §9: import/export, tunings, local firmware, touch panels ----

/** spec 3 §4 / §9: a successful local firmware upload starts a 300 s countdown. */
export const FIRMWARE_COUNTDOWN_START_S = 300;
/** spec 3 §4 / §9: 'Starting' shows while more than 240 s remain and the device reports None. */
export const FIRMWARE_STARTING_ABOVE_S = 240;
/** spec 3 §4: the countdown value meaning failed or stopped. */
export const FIRMWARE_COUNTDOWN_STOPPED = -1;
/** spec 3 §4 / §9: export generation waits 250 ms. */
export const EXPORT_DELAY_MS = 250;
/** spec 3 §4 / §9: an upload waits 250 ms in parsing before success. */
export const UPLOAD_PARSING_DELAY_MS = 250;
/** spec 3 §4 / §9: wait for the locked-property shadow change. */
export const LOCKED_PROPERTY_WAIT_MS = 5000;
/** spec 3 §4 / §9: the touch socket reconnects 5 s after a failure. */
export const TOUCH_RECONNECT_DELAY_MS = 5000;
/** spec 3 §4 / §9: touch controllers are synced every 50000 ms. */
export const TOUCH_SYNC_MS = 50_000;
/** spec 3 §3 / §9: speaker tuning exports carry version 2. */
export const TUNING_EXPORT_VERSION = 2;
/** spec 3 §2 / §9: the speaker tuning download name. */
export const TUNING_EXPORT_FILE_NAME = 'speaker-tunings';
/** spec 3 §4 / §9: the touch configuration download name. */
export const TOUCH_EXPORT_FILE_NAME = 'cs-touch-export.json';
/** spec 3 §5 / §9: group and subgroup rename allows at most 50 characters. */
export const GROUP_NAME_MAX_LENGTH = 50;
/** spec 3 §5 / §9: volume subgroup names hold at most 60 characters. */
export const SUBGROUP_NAME_MAX_LENGTH = 60;
/** spec 3 §5 / §9: a source-select group holds at most 4 states. */
export const SOURCE_STATES_MAX = 4;
/** spec 3 §5 / §9: the volume group range slider minimum. */
export const VOLUME_RANGE_MIN_DB = 0;
/** spec 3 §5 / §9: the volume group range slider maximum. */
export const VOLUME_RANGE_MAX_DB = 80;
/** spec 3 §5 / §9: the volume group range slider step. */
export const VOLUME_RANGE_STEP_DB = 0.1;
/** spec 3 §5 / §9: the range of a new volume group. */
export const DEFAULT_VOLUME_RANGE_DB = 80;
/** spec 3 §5 / §9: the lowest per-channel offset. */
export const CHANNEL_OFFSET_MIN_DB = -80;
/** spec 3 §5 / §9: the highest per-channel offset. */
export const CHANNEL_OFFSET_MAX_DB = 0;
/** spec 3 §5 / §9: the per-channel offset step. */
export const CHANNEL_OFFSET_STEP_DB = 0.1;
/** spec 3 §5 / §9: the offset of a newly added channel. */
export const DEFAULT_CHANNEL_OFFSET_DB = 0;
/** spec 3 §2 / §9: the touch editor's layout switches at 1200 px. */
export const TOUCH_LAYOUT_BREAKPOINT_PX = 1200;
/** spec 2 §7 / spec 3 §9: device-side encryption IV length. */
export const ENCRYPTION_IV_BYTES = 12;
/** spec 2 §7 / spec 3 §9: device-side encryption tag length. */
export const ENCRYPTION_TAG_BITS = 128;
/** spec 2 §7 / spec 3 §9: the size of the fixed public key passwords are encrypted with. */
export const ENCRYPTION_KEY_BITS = 2048;
