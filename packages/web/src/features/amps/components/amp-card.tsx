import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import type { AmpSummary } from '@rackside/protocol';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ampPath } from '../../../shared/amp-pages';
import { LockIcon } from '../../../shared/ui/icons';
import { useAmpConnection, useAmpSummary } from '../../devices';
import { AmpCardActions } from './amp-card-actions';
import { AmpMenu } from './amp-menu';

/** The card's frame: a coloured edge (red for a disconnected amp), the name linking to the amp, the address line. */
function CardFrame(props: { summary: AmpSummary; selected: boolean; edge: string; children: ReactNode }) {
  const { t } = useTranslation('amps');
  const { summary } = props;
  const name = summary.deviceName || t('card.unnamed');
  return (
    <Paper
      variant="outlined"
      data-amp={summary.ampId}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        p: 1.5,
        borderLeft: 6,
        borderLeftColor: props.edge,
        bgcolor: props.selected ? 'action.selected' : 'background.paper',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={ampPath(summary.ampId, 'channels')}
          variant="subtitle1"
          underline="hover"
          color="inherit"
          noWrap
          aria-current={props.selected ? 'page' : undefined}
          sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}
        >
          {name}
        </Link>
        {summary.isPasswordProtected ? (
          <LockIcon fontSize="small" color="action" titleAccess={t('card.passwordProtected')} />
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" noWrap>
        {summary.ipAddress || t('card.noIp')}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {summary.modelID}
      </Typography>
      <Box sx={{ mt: 'auto' }}>{props.children}</Box>
    </Paper>
  );
}

/** One amp of the list: connected, disconnected (retrying) or speaking an unsupported API (spec 2 §2). */
export function AmpCard({ ampId, selected }: { ampId: string; selected: boolean }) {
  const { t } = useTranslation('amps');
  const summary = useAmpSummary(ampId);
  const connection = useAmpConnection(ampId);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  if (!summary) return null;
  if (!summary.isConnected) {
    const failed = connection === 'FAILED';
    return (
      <CardFrame summary={summary} selected={selected} edge={failed ? 'error.main' : 'divider'}>
        <Typography variant="body2" color={failed ? 'error' : 'text.secondary'} sx={{ fontWeight: 600 }}>
          {t(failed ? 'card.notConnected' : 'card.connecting')}
        </Typography>
        {failed ? (
          <Typography variant="body2" color="text.secondary">
            {t('card.retrying')}
          </Typography>
        ) : null}
      </CardFrame>
    );
  }
  if (!summary.isSupported)
    return (
      <CardFrame summary={summary} selected={selected} edge="warning.main">
        <Typography variant="body2" color="warning.main" sx={{ fontWeight: 600 }}>
          {t('card.unsupported')}
        </Typography>
      </CardFrame>
    );
  const edge = summary.hasFault ? 'error.main' : summary.hasWarning ? 'warning.main' : 'success.main';
  return (
    <CardFrame summary={summary} selected={selected} edge={edge}>
      <AmpCardActions summary={summary} onMenu={setMenuAnchor} />
      <AmpMenu summary={summary} anchor={menuAnchor} onClose={() => setMenuAnchor(null)} />
    </CardFrame>
  );
}
