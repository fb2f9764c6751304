import { List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAmpSummary } from '../../devices';

/** Until the channel tabs arrive: the amp's channels, read-only, from the live (subscribed) state. */
export function ChannelsPlaceholder({ ampId }: { ampId: string }) {
  const { t } = useTranslation('amp-detail');
  const channels = useAmpSummary(ampId)?.channelSummaries ?? [];
  return (
    <Stack spacing={1} sx={{ p: 2, maxWidth: 640 }}>
      <Typography variant="h6" component="h2">
        {t('channels.heading')}
      </Typography>
      <List dense aria-label={t('channels.heading')}>
        {channels.map((c) => (
          <ListItem key={c.channelId} divider>
            <ListItemText
              primary={c.channelName || t('channels.unnamed', { n: c.channelNumber })}
              secondary={t('channels.channel', { n: c.channelNumber })}
            />
            <Typography variant="body2" color={c.isMuted ? 'warning.main' : 'text.secondary'}>
              {t(c.isMuted ? 'channels.muted' : 'channels.live')}
            </Typography>
          </ListItem>
        ))}
      </List>
      <Typography color="textSecondary">{t('channels.coming')}</Typography>
    </Stack>
  );
}
