/**
 * spec 2 §2 connect-to-account page (local mode, connected amps only) and spec 1 §4/§5: a registration token and a
 * region; Connect sends both to the amp's `/cloud`; running until the amp reports the outcome; success opens a
 * dialog whose Ok returns to idle; an error marks the token field with the amp's reason (a used, expired or unknown
 * token, a refused registration; issue 16), else 'something went wrong'. An amp whose registration the cloud let go
 * (removed from its account) says it is not connected, and why.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CONNECT_NS } from '../connect-i18n';
import { registrationErrorOf, releaseReasonOf } from '../registration';
import type { CloudRegion, CloudRegionId } from '../regions';
import { useRegistration, type AmpCloud } from '../use-registration';

export interface ConnectPageProps {
  cloud: AmpCloud;
  regions: readonly CloudRegion[];
  canWrite: boolean;
  /** Writes `/cloud {registrationToken, registrationEndpoint}`; resolves true when the amp took it. */
  send: (token: string, endpoint: string) => Promise<boolean>;
}

export function ConnectPage({ cloud, regions, canWrite, send }: ConnectPageProps) {
  const { t } = useTranslation([CONNECT_NS, 'common']);
  const [token, setToken] = useState('');
  const [regionId, setRegionId] = useState<CloudRegionId>(regions[0]?.id ?? 'us');
  const { phase, start, reset } = useRegistration(cloud, send);
  const region = regions.find((r) => r.id === regionId);
  const running = phase === 'running';
  const reason = registrationErrorOf(cloud.lastError);
  const released = cloud.status === 'Unregistered' && !running ? releaseReasonOf(cloud.lastError) : undefined;

  const submit = () => {
    if (region && token.trim() !== '') void start(token.trim(), region.endpoint);
  };
  const finish = () => {
    reset();
    setToken('');
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 560 }}>
      <Typography variant="h6" component="h2">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('intro')}
      </Typography>
      <TextField
        size="small"
        label={t('token')}
        value={token}
        disabled={!canWrite || running}
        error={phase === 'error'}
        helperText={phase === 'error' ? (reason ? t(`errors.${reason}`) : t('somethingWentWrong')) : undefined}
        slotProps={{ htmlInput: { maxLength: 256, spellCheck: false, autoComplete: 'off' } }}
        onChange={(e) => setToken(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && submit()}
      />
      <TextField
        select
        size="small"
        label={t('region')}
        value={regionId}
        disabled={!canWrite || running}
        helperText={region?.chinaNote ? t('chinaNote') : undefined}
        onChange={(e) => setRegionId(e.target.value as CloudRegionId)}
        slotProps={{ select: { renderValue: (id) => t(`regions.${id as CloudRegionId}`) } }}
      >
        {regions.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            <ListItemText primary={t(`regions.${r.id}`)} secondary={r.chinaNote ? t('chinaNote') : undefined} />
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!canWrite || running || token.trim() === ''}
          loading={running}
        >
          {t('connect')}
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        {running ? <Alert severity="info">{t('running')}</Alert> : null}
      </Box>
      {released ? <Alert severity="warning">{t(`released.${released}`)}</Alert> : null}
      <Typography variant="body2" color="textSecondary">
        {t('status', { status: t(`statuses.${cloud.status ?? 'Unregistered'}`) })}
      </Typography>
      <Dialog open={phase === 'success'} onClose={finish} aria-labelledby="connect-success-title">
        <DialogTitle id="connect-success-title">{t('success.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('success.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={finish}>
            {t('common:actions.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
