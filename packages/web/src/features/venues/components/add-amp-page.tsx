import { Alert, Box, Button, IconButton, Paper, Snackbar, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { COPY_TOAST_MS } from '@rackside/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { CopyIcon } from '../../../shared/ui/cloud-icons';
import { LoadingScreen } from '../../../shared/ui/loading-screen';
import { useCreateRegistrationTokenMutation } from '../api/venues-api';
import { useVenue } from '../use-venues';
import { AmpIllustrations } from './amp-illustrations';

/**
 * spec 1 §2 Add Amp (/venues/{id}/add): the registration token, fetched on entering and dropped on leaving (held
 * by this screen only, never cached), a copy button where the browser has a clipboard with a
 * 2-second toast, the two illustrations and the instructions.
 */
export function AddAmpPage() {
  const { t } = useTranslation('venues');
  const { venueId = '' } = useParams();
  const { venue, loaded } = useVenue(venueId);
  const [createToken] = useCreateRegistrationTokenMutation();
  const [token, setToken] = useState<{ value: string } | { error: true } | null>(null);
  const [copied, setCopied] = useState(false);
  const known = venue !== undefined;
  useEffect(() => {
    if (!known) return;
    let left = false;
    void createToken({ venueId }).then((result) => {
      if (!left) setToken(result.data ? { value: result.data.registrationToken } : { error: true });
    });
    return () => {
      left = true;
      setToken(null);
    };
  }, [known, venueId, createToken]);
  if (!loaded) return <LoadingScreen />;
  if (!venue) return <Navigate to="/venues" replace />;
  const value = token && 'value' in token ? token.value : '';
  const isError = token !== null && 'error' in token;
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  const copy = async () => {
    await clipboard?.writeText(value);
    setCopied(true);
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, overflow: 'auto' }}>
      <Paper sx={{ p: 3, width: '100%', maxWidth: 640 }}>
        <Stack spacing={2.5}>
          <Typography variant="h5" component="h1">
            {t('addAmp.title')} · {venue.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('addAmp.token')}
              value={value}
              error={isError}
              helperText={isError ? t('addAmp.tokenError') : t('addAmp.expires')}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            />
            {clipboard ? (
              <Tooltip title={t('addAmp.copy')}>
                <span>
                  <IconButton
                    aria-label={t('addAmp.copy')}
                    onClick={() => void copy()}
                    disabled={value === ''}
                    sx={{ mt: 1 }}
                  >
                    <CopyIcon />
                  </IconButton>
                </span>
              </Tooltip>
            ) : null}
          </Stack>
          <Typography>{t('addAmp.intro')}</Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            <li>{t('addAmp.step1')}</li>
            <li>{t('addAmp.step2')}</li>
            <li>{t('addAmp.step3')}</li>
          </Box>
          <AmpIllustrations />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={`/venues/${encodeURIComponent(venueId)}`} variant="contained">
              {t('addAmp.done')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Snackbar open={copied} autoHideDuration={COPY_TOAST_MS} onClose={() => setCopied(false)}>
        <Alert severity="success" variant="filled" onClose={() => setCopied(false)}>
          {t('addAmp.copied')}
        </Alert>
      </Snackbar>
    </Box>
  );
}
