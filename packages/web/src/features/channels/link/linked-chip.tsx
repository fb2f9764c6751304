/** Issue 18: in a linked channel's column, which channels are linked ('Linked: 1, 2') and an Unlink button. */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { linkStore, useAmpLinks, type LinkStore } from './link-store';
import { useLinksText } from './links-i18n';
import { LinkIcon } from './link-icon';

export function LinkedChip({
  ampId,
  channel,
  store = linkStore,
}: {
  ampId: string;
  channel: number;
  store?: LinkStore;
}) {
  const { t } = useLinksText();
  const { channels } = useAmpLinks(ampId, store);
  if (!channels.includes(channel)) return null;
  const list = channels.join(', ');
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
      <Chip size="small" color="info" icon={<LinkIcon />} label={t('link.chip', { channels: list })} />
      <Button size="small" onClick={() => store.unlink(ampId)} aria-label={t('link.unlinkLabel', { channels: list })}>
        {t('link.unlink')}
      </Button>
    </Stack>
  );
}
