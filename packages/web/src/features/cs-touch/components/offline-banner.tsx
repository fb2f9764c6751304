/**
 * spec 3 §2/§4 save lock: a red banner while amps the configuration uses are offline, with Unlock; and the overlay
 * over the editor while the lock is on. Unlock ignores the lock for this panel until the next save; the banner
 * stays, saying that saving is unlocked.
 */
import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { LockIcon } from '../../../shared/ui/icons';
import { useCurrentPanel } from '../hooks/current-panel';
import { touchEditorActions as act } from '../store/touch-editor-slice';
import { useTouchText } from '../touch-i18n';

/** The offline amps by name when discovery knows them ("Sub Left (192.168.1.20)"), else by address. */
function useOfflineNames(): string[] {
  const { amps, offlineAmps } = useCurrentPanel();
  return offlineAmps.map((ip) => {
    const amp = amps.find((a) => a.ipAddress === ip);
    return amp && amp.name !== ip ? `${amp.name} (${ip})` : ip;
  });
}

export function OfflineBanner() {
  const { t, i18n } = useTouchText();
  const { panel, edit, dispatch } = useCurrentPanel();
  const names = useOfflineNames();
  if (names.length === 0) return null;
  const amps = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' }).format(names);
  const locked = !edit.lockIgnored;
  return (
    <Alert
      severity="error"
      variant={locked ? 'filled' : 'standard'}
      action={
        locked ? (
          <Button color="inherit" size="small" onClick={() => dispatch(act.lockIgnored({ id: panel.id }))}>
            {t('lock.unlock')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{t('lock.title', { count: names.length, amps })}</AlertTitle>
      {locked ? t('lock.locked') : t('lock.unlocked')}
    </Alert>
  );
}

/**
 * Covers its parent (the editor grid, position: relative): the editor behind cannot be clicked, and is made inert
 * so that the keyboard cannot reach it either; Unlock takes the focus.
 */
export function SaveLockOverlay() {
  const { t } = useTouchText();
  const { panel, dispatch } = useCurrentPanel();
  const overlay = useRef<HTMLDivElement>(null);
  const unlock = useRef<HTMLButtonElement>(null);
  const textId = useId();

  useLayoutEffect(() => {
    const siblings = [...(overlay.current?.parentElement?.children ?? [])].filter(
      (el) => el !== overlay.current && !el.hasAttribute('inert'),
    );
    for (const el of siblings) el.setAttribute('inert', '');
    return () => {
      for (const el of siblings) el.removeAttribute('inert');
    };
  }, []);
  useEffect(() => unlock.current?.focus(), []);

  return (
    <Box
      ref={overlay}
      role="region"
      aria-label={t('lock.overlayLabel')}
      aria-describedby={textId}
      sx={(theme) => ({
        position: 'absolute',
        inset: 0,
        zIndex: theme.zIndex.appBar - 1,
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'center',
        p: 2,
        pt: 6,
        borderRadius: 1,
        backgroundColor: alpha(theme.palette.background.default, 0.75),
        backdropFilter: 'blur(2px)',
      })}
    >
      <Paper elevation={6} sx={{ p: 3, maxWidth: 440, position: 'sticky', top: 16 }}>
        <Stack sx={{ gap: 2, alignItems: 'center', textAlign: 'center' }}>
          <LockIcon color="error" fontSize="large" />
          <Typography id={textId} variant="subtitle1" component="p">
            {t('lock.overlayText')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('lock.overlayHint')}
          </Typography>
          <Button ref={unlock} variant="contained" onClick={() => dispatch(act.lockIgnored({ id: panel.id }))}>
            {t('lock.unlock')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
