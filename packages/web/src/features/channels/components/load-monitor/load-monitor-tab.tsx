/** spec 2 §2 Load monitor: enable, measured impedance, the high/low limit range, status OK / not OK, pilot tone. */
import Stack from '@mui/material/Stack';
import { valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { ChannelTabProps } from '../../types';
import { FieldSwitch } from '../fields/field-switch';
import { FieldFlag, FieldReadout, StatusChip } from '../fields/readouts';
import { Section } from '../section';
import { ImpedanceLimits } from './impedance-limits';
import { PilotTonePanel } from './pilot-tone-panel';

export function LoadMonitorTab(props: ChannelTabProps) {
  const { t } = useChannelsText();
  const base = `/amp/channels/${props.channel}`;
  const url = `${base}/loadMonitor`;
  return (
    <Stack sx={{ gap: 2 }}>
      <Section title={t('loadMonitor.title')}>
        <FieldSwitch ctx={props} url={`${url}/enable`} />
        <FieldReadout ctx={props} url={`${url}/measuredImpedance`} />
        <StatusChip status={valueAt(props.state, `${url}/status`)} />
        <FieldFlag ctx={props} url={`${url}/testing`} />
        <ImpedanceLimits ctx={props} url={url} />
      </Section>
      <PilotTonePanel ctx={props} url={`${base}/pilotToneDetector`} />
    </Stack>
  );
}
