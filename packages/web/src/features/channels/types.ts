/** The props every channel tab takes: the amp as data plus three functions, so tabs know nothing of the store. */
import type { AmpState, DelayUnit, ModelInfo, UacLevel } from '@rackside/protocol';
import type { FieldSchema } from './field-info';
import type { LiveSource } from './live';

/** A field's schema by its URL ('/amp/channels/1/output/fader'), or undefined when the model lacks the field. */
export type InfoLookup = (url: string) => FieldSchema | undefined;

/**
 * spec 2 §6: the access level of a named permission (UAC_PERMISSIONS values, for the output fader and mute) or of a
 * field URL (UAC roles and speaker-tuning locked properties). Guests get at most Readonly.
 */
export type AccessCheck = (permissionOrField: string) => UacLevel;

/**
 * A device `set` (spec 2 §7): url of the object, params its fields. The container reports failures
 * ('Failed to set device data'); tabs do not wait for it.
 */
export type DeviceWrite = (url: string, params: Record<string, unknown>) => Promise<unknown>;

/** What every field control reads and writes through. */
export interface FieldContext {
  /** `/amp` of the amp, complete (defaults filled in for parts not received yet). */
  readonly state: AmpState;
  readonly info: InfoLookup;
  readonly access: AccessCheck;
  readonly write: DeviceWrite;
  /** spec 2 §5: the user's delay unit; delays are shown in it. */
  readonly delayUnit: DelayUnit;
  /**
   * Where meters and signal flags are read live (issue 4); `state` may then hold older values of them. Without it,
   * they are read from `state`.
   */
  readonly live?: LiveSource | undefined;
}

/** The props of one channel tab. */
export interface ChannelTabProps extends FieldContext {
  readonly ampId: string;
  readonly channel: number;
  readonly model: ModelInfo;
  /** spec 2 §6: cloud mode (the FIR editor is unavailable). */
  readonly cloud: boolean;
  /** spec 2 §2 Inputs: a GPIO is in manual override (both input modes disabled). */
  readonly gpioManualOverride: boolean;
}

/** spec 2 §2: the channel tabs in order; the slugs are the route's {section}. */
export const CHANNEL_TABS = [
  'inputs',
  'settings',
  'signal-generator',
  'input-eq',
  'crossover',
  'equalizer',
  'limiter',
  'load-monitor',
] as const;
export type ChannelTab = (typeof CHANNEL_TABS)[number];

/** spec 2 §2: the dashboard's default tab. */
export const DEFAULT_CHANNEL_TAB: ChannelTab = 'inputs';

export const isChannelTab = (v: unknown): v is ChannelTab => (CHANNEL_TABS as readonly unknown[]).includes(v);
