/** An amp's firmware updates, newest first (GET /devices/{id}/firmware/history): rollouts' and single updates. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import type { FirmwareHistoryEntry } from '@rackside/protocol';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetFirmwareHistoryQuery } from '../api/rollouts-api';
import { CLOUD_UPDATE_NS } from '../cloud-update-i18n';
import { formatWhen } from '../rollout-format';

export interface HistoryAmp {
  readonly deviceId: string;
  readonly name: string;
}

export function HistoryDialog({ amp, onClose }: { amp: HistoryAmp | null; onClose: () => void }) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const titleId = useId();
  // the closing dialog keeps naming the amp it was about while it fades out
  const last = useRef<HistoryAmp | null>(null);
  if (amp !== null) last.current = amp;
  const shown = last.current;
  return (
    <Dialog open={amp !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('history.title', { name: shown?.name ?? '' })}</DialogTitle>
      <DialogContent>{amp !== null ? <HistoryList deviceId={amp.deviceId} /> : null}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('history.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function HistoryList({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const { data, isLoading } = useGetFirmwareHistoryQuery(deviceId);
  if (isLoading) return <Typography>{t('history.loading')}</Typography>;
  if (!data) return <Typography color="error">{t('history.failed')}</Typography>;
  if (data.entries.length === 0) return <Typography color="textSecondary">{t('history.empty')}</Typography>;
  return (
    <List dense disablePadding>
      {data.entries.map((entry, i) => (
        <Entry key={`${entry.at}-${i}`} entry={entry} />
      ))}
    </List>
  );
}

function Entry({ entry }: { entry: FirmwareHistoryEntry }) {
  const { t, i18n } = useTranslation(CLOUD_UPDATE_NS);
  const words = [
    t(`phase.${entry.state}`),
    entry.skipReason !== null ? t(`skip.${entry.skipReason}`) : null,
    entry.detail,
    entry.rolloutId !== null ? t('history.rollout') : t('history.direct'),
  ].filter((w): w is string => w !== null && w !== '');
  return (
    <ListItem disableGutters divider>
      <ListItemText
        primary={`${formatWhen(entry.at, i18n.language)} · ${t('history.entry', {
          from: entry.fromVersion ?? '—',
          to: entry.toVersion,
        })}`}
        secondary={words.join(' · ')}
      />
    </ListItem>
  );
}
