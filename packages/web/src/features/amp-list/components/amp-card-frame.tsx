import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import type { AmpSummary } from '@rackside/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ampPath } from '../../../shared/amp-pages';
import { LockIcon } from '../../../shared/ui/icons';

/**
 * The card's frame: a coloured edge (red for a disconnected amp), the name linking to the amp, the address line.
 * `to` is where the name links (default: the amp's channels in local mode); null shows the name without a link.
 */
export function AmpCardFrame(props: {
  summary: AmpSummary;
  selected: boolean;
  edge: string;
  to?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('amps');
  const { summary } = props;
  const name = summary.deviceName || t('card.unnamed');
  const to = props.to === undefined ? ampPath(summary.ampId, 'channels') : props.to;
  const nameSx = { fontWeight: 600, flex: 1, minWidth: 0 };
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
        {to === null ? (
          <Typography variant="subtitle1" noWrap sx={nameSx} aria-disabled>
            {name}
          </Typography>
        ) : (
          <Link
            component={RouterLink}
            to={to}
            variant="subtitle1"
            underline="hover"
            color="inherit"
            noWrap
            aria-current={props.selected ? 'page' : undefined}
            sx={nameSx}
          >
            {name}
          </Link>
        )}
        {summary.isPasswordProtected ? (
          <LockIcon fontSize="small" color="action" titleAccess={t('card.passwordProtected')} />
        ) : null}
      </Stack>
      <Typography variant="body2" color="textSecondary" noWrap>
        {summary.ipAddress || t('card.noIp')}
      </Typography>
      <Typography variant="body2" color="textSecondary" noWrap>
        {summary.modelID}
      </Typography>
      <Box sx={{ mt: 'auto' }}>{props.children}</Box>
    </Paper>
  );
}
