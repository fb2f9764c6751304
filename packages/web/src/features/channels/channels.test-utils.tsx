/** Test fixtures of the channel view: a model's default amp, its tree schemas, full access and a recording write. */
import { getModel, UAC_LEVELS, type AmpState, type UacLevel } from '@rackside/protocol';
import { vi, type Mock } from 'vitest';
import { defaultAmpState, treeInfo } from '../../device/fields/field-info';
import type { ChannelTabProps } from './types';

export type WriteMock = Mock<(url: string, params: Record<string, unknown>) => Promise<unknown>>;

export interface Fixture extends ChannelTabProps {
  write: WriteMock;
}

/** Props for channel 1 of a model; `edit` adjusts the default state. */
export function fixture(
  modelId: string,
  options: { edit?: (amp: AmpState) => void; access?: (key: string) => UacLevel; channel?: number } & Partial<
    Pick<ChannelTabProps, 'cloud' | 'gpioManualOverride' | 'delayUnit'>
  > = {},
): Fixture {
  const model = getModel(modelId);
  const state = defaultAmpState(model);
  options.edit?.(state);
  return {
    ampId: '127.0.1.1',
    channel: options.channel ?? 1,
    model,
    state,
    info: treeInfo(model),
    access: options.access ?? (() => UAC_LEVELS.Write),
    write: vi.fn<(url: string, params: Record<string, unknown>) => Promise<unknown>>(() => Promise.resolve()),
    delayUnit: options.delayUnit ?? 'Milliseconds',
    cloud: options.cloud ?? false,
    gpioManualOverride: options.gpioManualOverride ?? false,
  };
}

/** The channel of a fixture's state (throws when absent, so tests read plainly). */
export function channelOf(state: AmpState, n = 1) {
  const ch = state.channels[String(n)];
  if (!ch) throw new Error(`no channel ${n}`);
  return ch;
}
