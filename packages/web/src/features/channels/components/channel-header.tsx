/**
 * The head of a channel column: number and name, status (a Faulted channel's reason linking to the Faults page,
 * issue 18), mute, output fader and output level (spec 2 §6 named permissions). A long name wraps, never pushes the
 * column out of line.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { UAC_PERMISSIONS } from '@rackside/protocol';
import { useChannelsText } from '../i18n';
import type { FieldContext } from '../../../device/fields/types';
import { FieldSlider } from './fields/field-slider';
import { LiveMeter } from './fields/live-meter';
import { FieldSwitch } from './fields/field-switch';
import { ChannelFaultLink } from './channel-fault-link';

export interface ChannelHeaderProps {
  readonly ctx: FieldContext;
  readonly ampId: string;
  readonly channel: number;
  /** The amp's `/logs/faults`, for a Faulted channel's reason. */
  readonly faultsLog?: string | undefined;
}

export function ChannelHeader({ ctx, ampId, channel, faultsLog }: ChannelHeaderProps) {
  const { t, choice } = useChannelsText();
  const ch = ctx.state.channels[String(channel)];
  if (!ch) return null;
  const out = `/amp/channels/${channel}/output`;
  const status = ch.output.status;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
      <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {t('view.channelNamed', { n: channel, name: ch.output.name })}
      </Typography>
      <Chip
        size="small"
        color={status === 'Ok' ? 'success' : status === 'Faulted' ? 'error' : 'default'}
        label={t('view.status', { status: choice(status) })}
        sx={{
          maxWidth: '100%',
          height: 'auto',
          '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
        }}
      />
      <ChannelFaultLink ampId={ampId} state={ctx.state} channel={channel} faultsLog={faultsLog} />
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
