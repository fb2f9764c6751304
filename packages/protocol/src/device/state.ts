/** Short names for the generated state types. */
import type { DeepPartial } from './schema';
import type { AmpChannelState, DeviceState } from './state-types';

/** One channel, `/amp/channels/{n}`. */
export type ChannelState = AmpChannelState;
/** A `set` payload or a `notify` delta. */
export type DeviceDelta = DeepPartial<DeviceState>;
