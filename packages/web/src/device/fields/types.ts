/** What every field control reads and writes through: the amp as data plus three functions, store-agnostic. */
import type { AmpState, DelayUnit, UacLevel } from '@rackside/protocol';
import type { InfoLookup } from './field-info';
import type { LiveSource } from './live';

/**
 * spec 2 §6: the access level of a named permission (UAC_PERMISSIONS values, for the output fader and mute) or of a
 * field URL (UAC roles and speaker-tuning locked properties). Guests get at most Readonly.
 */
export type AccessCheck = ((permissionOrField: string) => UacLevel) & {
  /** spec 3 §3: the field URL is in a locked speaker-tuning group (Locked whatever the user's role). */
  readonly tuningLocked?: (url: string) => boolean;
};

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
