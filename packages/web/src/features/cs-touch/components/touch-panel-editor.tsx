/**
 * spec 3 §2/§4: one panel's editor: the header (name, menu, Cancel/Save), the red banner when the touch amps are
 * offline, the group list and the selected group's form (the nested group routes), the save lock overlay and the
 * error dialog. The configuration is read through the amp that proxies the panel and kept in sync every 50 s.
 */
import { Alert, Box, Button, Stack } from '@mui/material';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { Outlet } from 'react-router';
import type { TouchPanelListing } from '../../../device';
import { CurrentPanelContext, currentPanelOf } from '../hooks/current-panel';
import { usePanelSync } from '../hooks/use-panel-sync';
import { selectTouchAmps } from '../model/touch-amps';
import { usePanelEdit } from '../store/touch-editor-context';
import { useTouchText } from '../touch-i18n';
import { ConflictList } from './conflict-list';
import { GroupList } from './group-list';
import { LeaveGuard } from './leave-guard';
import { OfflineBanner, SaveLockOverlay } from './offline-banner';
import { Spinner } from './spinner';
import { TouchErrorDialog } from './touch-error-dialog';
import { TouchHeader } from './touch-header';

/** spec 3 §2: the layout switches at 1200 px: the group list beside the form, else above it. */
const WIDE_EDITOR = '@media (min-width:1200px)';

export function TouchPanelEditor({ panel }: { panel: TouchPanelListing }) {
  const { t } = useTouchText();
  const { edit, dispatch } = usePanelEdit(panel.id);
  const { save, reload } = usePanelSync(panel);
  const amps = useSelector(selectTouchAmps);
  const current = useMemo(
    () => currentPanelOf({ panel, edit, amps, dispatch, save }),
    [panel, edit, amps, dispatch, save],
  );
  const config = current.config;

  let body;
  if (config === null && edit.loadError !== null)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={reload}>
            {t('page.retry')}
          </Button>
        }
      >
        {panel.online ? t('page.loadFailed', { reason: edit.loadError }) : t('page.panelOffline')}
      </Alert>
    );
  else if (config === null) body = <Spinner label={t('page.loading')} />;
  else
    body = (
      <Box
        sx={{
          position: 'relative',
          display: 'grid',
          gap: 2,
          gridTemplateColumns: '1fr',
          [WIDE_EDITOR]: { gridTemplateColumns: 'minmax(280px, 360px) 1fr' },
        }}
      >
        <GroupList />
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Outlet />
          <ConflictList />
        </Stack>
        {current.saveLocked && <SaveLockOverlay />}
      </Box>
    );

  return (
    <CurrentPanelContext.Provider value={current}>
      <Stack component="section" aria-label={t('page.label')} spacing={2} sx={{ p: 2, minHeight: 0 }}>
        <TouchHeader />
        <OfflineBanner />
        {body}
      </Stack>
      <TouchErrorDialog />
      <LeaveGuard />
    </CurrentPanelContext.Provider>
  );
}
