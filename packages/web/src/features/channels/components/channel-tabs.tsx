/** The channel view's tab bar (spec 2 §2): tabs in spec order, Input EQ only where the model has it, FIR badge. */
import Badge from '@mui/material/Badge';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ChannelsKey } from '../i18n';
import { useChannelsText } from '../i18n';
import type { ChannelTab } from '../types';

const LABELS: Readonly<Record<ChannelTab, ChannelsKey>> = {
  inputs: 'tabs.inputs',
  settings: 'tabs.settings',
  'signal-generator': 'tabs.signalGenerator',
  'input-eq': 'tabs.inputEq',
  crossover: 'tabs.crossover',
  equalizer: 'tabs.equalizer',
  limiter: 'tabs.limiter',
  'load-monitor': 'tabs.loadMonitor',
};

export interface ChannelTabsProps {
  tabs: readonly ChannelTab[];
  value: ChannelTab;
  onChange: (tab: ChannelTab) => void;
  /** spec 2 §2: a custom FIR is active on a shown channel. */
  firActive: boolean;
  idPrefix: string;
}

export const tabId = (prefix: string, tab: ChannelTab) => `${prefix}-tab-${tab}`;
export const panelId = (prefix: string) => `${prefix}-panel`;

export function ChannelTabs({ tabs, value, onChange, firActive, idPrefix }: ChannelTabsProps) {
  const { t } = useChannelsText();
  return (
    <Tabs
      value={value}
      onChange={(_, v: ChannelTab) => onChange(v)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={t('tabs.label')}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab}
          value={tab}
          id={tabId(idPrefix, tab)}
          aria-controls={panelId(idPrefix)}
          // the badge is hidden from assistive technology, so the name says it
          aria-label={tab === 'crossover' && firActive ? t('tabs.crossoverWithFir') : undefined}
          label={
            tab === 'crossover' && firActive ? (
              <Badge color="secondary" badgeContent={t('tabs.firBadge')} sx={{ pr: 2 }}>
                {t(LABELS[tab])}
              </Badge>
            ) : (
              t(LABELS[tab])
            )
          }
        />
      ))}
    </Tabs>
  );
}
