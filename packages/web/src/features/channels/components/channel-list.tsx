/** The channels list of narrow screens (spec 2 §2): one entry per channel, opening its page. */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { AmpState } from '@rackside/protocol';
import { useChannelsText } from '../i18n';

export function ChannelList({ state, onOpen }: { state: AmpState; onOpen: (channel: number) => void }) {
  const { t, choice } = useChannelsText();
  const channels = Object.entries(state.channels).sort(([a], [b]) => Number(a) - Number(b));
  return (
    <List aria-label={t('pager.label')}>
      {channels.map(([n, ch]) => (
        <ListItem key={n} divider disablePadding>
          <ListItemButton onClick={() => onOpen(Number(n))}>
            <ListItemText
              primary={t('view.channelNamed', { n, name: ch.output.name })}
              secondary={t('view.status', { status: choice(ch.output.status) })}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
