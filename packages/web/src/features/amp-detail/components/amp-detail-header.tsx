import { IconButton, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useIsWide } from '../../../shared/hooks/use-is-wide';
import { BackIcon, DisconnectedIcon, InfoIcon } from '../../../shared/ui/icons';
import { StatusFace, faceOf } from '../../../shared/ui/status-face';
import { useAmpRoutes } from '../../../shared/amp-pages';
import { AmpMenu } from '../../amp-list';
import { useAmpSummary } from '../../../device';
import { UndoControls } from '../undo/undo-controls';

// issue 15: cloud mode only, so local mode never loads the incidents feature
const AmpIncidentsButton = lazy(async () => ({ default: (await import('./amp-incidents-button')).AmpIncidentsButton }));
// issue 21: the amp's audit timeline, cloud mode only
const AmpActivityLink = lazy(async () => ({ default: (await import('../../audit')).AmpActivityLink }));

/**
 * The amp's name, model, address and status above its pages; back to the list on narrow screens; undo, redo and the
 * change history; its menu.
 */
export function AmpDetailHeader({ ampId }: { ampId: string }) {
  const { t } = useTranslation(['amp-detail', 'amps']);
  const wide = useIsWide();
  const summary = useAmpSummary(ampId);
  const routes = useAmpRoutes();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  if (!summary) return null;
  const face = faceOf(summary);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
    >
      {wide ? null : (
        <IconButton component={RouterLink} to={routes.list} edge="start" aria-label={t('backToList')}>
          <BackIcon />
        </IconButton>
      )}
      {summary.isConnected ? (
        <StatusFace kind={face} titleAccess={t(`amps:card.status.${face}`)} />
      ) : (
        <DisconnectedIcon color="error" titleAccess={t('amps:card.notConnected')} />
      )}
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h6" component="h1" noWrap>
          {summary.deviceName || t('amps:card.unnamed')}
        </Typography>
        <Typography variant="body2" color="textSecondary" noWrap>
          {t('subtitle', { model: summary.modelID, address: summary.ipAddress || t('amps:card.noIp') })}
        </Typography>
      </Stack>
      {/* issue 18: its texts load with their own namespace; the rest of the header does not wait for them */}
      <Suspense fallback={null}>
        <UndoControls ampId={ampId} />
      </Suspense>
      {routes.cloud ? (
        <Suspense fallback={null}>
          <AmpIncidentsButton ampId={ampId} ampName={summary.deviceName || ampId} />
        </Suspense>
      ) : null}
      {routes.cloud ? (
        <Suspense fallback={null}>
          <AmpActivityLink ampPath={routes.amp(ampId)} />
        </Suspense>
      ) : null}
      {summary.isConnected ? (
        <IconButton
          aria-label={t('amps:card.menu')}
          aria-haspopup="menu"
          onClick={(e) => setMenuAnchor(e.currentTarget)}
        >
          <InfoIcon />
        </IconButton>
      ) : null}
      <AmpMenu summary={summary} anchor={menuAnchor} onClose={() => setMenuAnchor(null)} />
    </Stack>
  );
}
