/** The component of each channel tab (spec 2 §2). */
import type { ComponentType } from 'react';
import type { ChannelTab, ChannelTabProps } from '../types';
import { CrossoverTab } from './crossover/crossover-tab';
import { EqualizerTab } from './equalizer/equalizer-tab';
import { InputEqTab } from './input-eq/input-eq-tab';
import { InputsTab } from './inputs/inputs-tab';
import { LimiterTab } from './limiter/limiter-tab';
import { LoadMonitorTab } from './load-monitor/load-monitor-tab';
import { SettingsTab } from './settings/settings-tab';
import { SignalGeneratorTab } from './signal-generator/signal-generator-tab';

export const TAB_COMPONENTS: Readonly<Record<ChannelTab, ComponentType<ChannelTabProps>>> = {
  inputs: InputsTab,
  settings: SettingsTab,
  'signal-generator': SignalGeneratorTab,
  'input-eq': InputEqTab,
  crossover: CrossoverTab,
  equalizer: EqualizerTab,
  limiter: LimiterTab,
  'load-monitor': LoadMonitorTab,
};

/** spec 2 §2: the signal generator is the amp's, shown once rather than per channel column. */
export const AMP_LEVEL_TABS: readonly ChannelTab[] = ['signal-generator'];

/** spec 2 §2: Input EQ exists only on models with input filters. */
export const hasInputEq = (props: Pick<ChannelTabProps, 'info'>, channel: number): boolean =>
  props.info(`/amp/channels/${channel}/inputIirEqFilters/1/enable`) !== undefined;
