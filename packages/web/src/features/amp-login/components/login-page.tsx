import {
  Alert,
  Box,
  Button,
  IconButton,
  InputAdornment,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { returnPathOf } from '../return-path';
import { localLoggedIn, selectAmpState, selectHostAmpId, useDeviceManager, type WithDevices } from '../../../device';
import { noticeShown } from '../../../shared/notices';
import { SUPPORT_EMAIL } from '../../../shared/config';
import { VisibilityIcon } from '../../../shared/ui/icons';

type Failure = 'failed' | 'unreachable' | 'notProtected';

const selectHostProtected = (s: WithDevices): boolean | undefined => {
  const host = selectHostAmpId(s);
  return host === null ? undefined : selectAmpState(s, host)?.misc?.passwordProtected;
};

/**
 * spec 2 §2/§5 local login: the host amp's password, checked with `/misc set {verifyPassword}`. Sign In is disabled
 * while the password is empty; Enter submits; a guest may look around without signing in.
 */
export function LoginPage() {
  const { t } = useTranslation('login');
  const manager = useDeviceManager();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const back = returnPathOf(useLocation().state);
  const isProtected = useSelector(selectHostProtected);
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '' || busy) return;
    if (isProtected === false) {
      // spec 2 §5: local login runs only when the amp is password protected; otherwise an error is logged
      console.error('Rackside: local login refused, the amp is not password protected');
      setFailure('notProtected');
      return;
    }
    setBusy(true);
    setFailure(null);
    const result = await manager.verifyPassword(password);
    setBusy(false);
    if (result === 'ok') {
      dispatch(localLoggedIn(password));
      dispatch(noticeShown({ severity: 'info', key: 'signedIn' }));
      void navigate(back, { replace: true });
    } else setFailure(result === 'invalid' ? 'failed' : 'unreachable');
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, overflow: 'auto' }}>
      <Paper component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ p: 3, width: '100%', maxWidth: 420 }}>
        <Stack spacing={2.5}>
          <Typography variant="h5" component="h1">
            {t('title')}
          </Typography>
          <Typography color="textSecondary">{t('intro')}</Typography>
          {failure ? <Alert severity={failure === 'notProtected' ? 'info' : 'error'}>{t(failure)}</Alert> : null}
          <TextField
            label={t('password')}
            type={visible ? 'text' : 'password'}
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={t(visible ? 'hidePassword' : 'showPassword')}
                      onClick={() => setVisible((v) => !v)}
                      edge="end"
                    >
                      <VisibilityIcon off={visible} />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained" size="large" disabled={password === '' || busy} loading={busy}>
            {t('signIn')}
          </Button>
          <Button onClick={() => void navigate(back)}>{t('guest')}</Button>
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
            {t('support')} <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
          </Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
