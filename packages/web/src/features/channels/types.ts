/** The props every channel tab takes: the amp as data plus three functions, so tabs know nothing of the store. */
import type { ModelInfo } from '@rackside/protocol';
import type { FieldContext } from '../../device/fields/types';
import type { ResponseOverlay } from './response';

/** The props of one channel tab. */
export interface ChannelTabProps extends FieldContext {
  readonly ampId: string;
  readonly channel: number;
  readonly model: ModelInfo;
  /** spec 2 §6: cloud mode (the FIR editor is unavailable). */
  readonly cloud: boolean;
  /** spec 2 §2 Inputs: a GPIO is in manual override (both input modes disabled). */
  readonly gpioManualOverride: boolean;
  /** issue 18: curves drawn over this channel's response (linked channels), computed with channelResponse. */
  readonly responseOverlays?: readonly ResponseOverlay[] | undefined;
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
