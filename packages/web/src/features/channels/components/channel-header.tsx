/** The head of a channel column: number and name, status, mute, output fader and output level (spec 2 §6 named permissions). */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { UAC_PERMISSIONS } from '@rackside/protocol';
import { useChannelsText } from '../i18n';
import type { FieldContext } from '../../../device/fields/types';
import { FieldSlider } from './fields/field-slider';
import { LiveMeter } from './fields/live-meter';
import { FieldSwitch } from './fields/field-switch';

export function ChannelHeader({ ctx, channel }: { ctx: FieldContext; channel: number }) {
  const { t, choice } = useChannelsText();
  const ch = ctx.state.channels[String(channel)];
  if (!ch) return null;
  const out = `/amp/channels/${channel}/output`;
  const status = ch.output.status;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
      <Typography variant="h5" component="h2">
        {t('view.channelNamed', { n: channel, name: ch.output.name })}
      </Typography>
      <Chip
        size="small"
        color={status === 'Ok' ? 'success' : status === 'Faulted' ? 'error' : 'default'}
        label={t('view.status', { status: choice(status) })}
      />
      <FieldSwitch ctx={ctx} url={`${out}/mute`} permission={UAC_PERMISSIONS.channelOutputMute} />
      <Box sx={{ flex: 1, minWidth: 200, maxWidth: 360 }}>
        <FieldSlider ctx={ctx} url={`${out}/fader`} permission={UAC_PERMISSIONS.channelOutputGain} />
      </Box>
      <LiveMeter
        ctx={ctx}
        url={`/amp/channels/${channel}/levels/level_db`}
        clipUrl={`${out}/clip`}
        label={t('fields.level')}
        orientation="horizontal"
        showScale={false}
      />
    </Box>
  );
}
