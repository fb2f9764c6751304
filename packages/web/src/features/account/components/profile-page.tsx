import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useTwoFactorText } from '../two-factor-i18n';
import { selectCloudUser } from '../../../shared/cloud/session-slice';
import { useSessionSync } from '../../../shared/cloud/session-sync-context';
import { AuthCard } from './auth-card';
import { CurrentPasswordStep, NewEmailStep } from './change-email-steps';
import { ChangePasswordStep } from './change-password-step';

/** spec 1 §2/§4 profile steps. */
type Step =
  | { kind: 'ShowActions'; notice?: 'passwordChanged' }
  | { kind: 'ChangeEmail' }
  | { kind: 'NewEmail'; password: string }
  | { kind: 'ChangePassword' }
  | { kind: 'EmailChanged'; email: string };

/** spec 1 §2 Profile: change email (warning, current password, new email) or change password; a back button. */
export function ProfilePage() {
  const { t } = useTranslation('cloud-auth');
  const { t: t2 } = useTwoFactorText();
  const user = useSelector(selectCloudUser);
  const sync = useSessionSync();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'ShowActions' });
  const [warning, setWarning] = useState(false);
  const actions = () => setStep({ kind: 'ShowActions' });
  const signOut = () => {
    void sync.signOut();
    void navigate('/', { replace: true });
  };
  switch (step.kind) {
    case 'ChangeEmail':
      return (
        <CurrentPasswordStep
          email={user?.email ?? ''}
          onChecked={(password) => setStep({ kind: 'NewEmail', password })}
          onCancel={actions}
        />
      );
    case 'NewEmail':
      return (
        <NewEmailStep
          password={step.password}
          onChanged={(email) => setStep({ kind: 'EmailChanged', email })}
          onCancel={actions}
        />
      );
    case 'ChangePassword':
      return (
        <ChangePasswordStep
          onDone={() => setStep({ kind: 'ShowActions', notice: 'passwordChanged' })}
          onCancel={actions}
        />
      );
    case 'EmailChanged':
      return (
        <AuthCard title={t('profile.emailChangedTitle')}>
          <Typography>{t('profile.emailChangedText', { email: step.email })}</Typography>
          <Button variant="contained" onClick={signOut}>
            {t('profile.signOut')}
          </Button>
        </AuthCard>
      );
    case 'ShowActions':
      return (
        <AuthCard title={t('profile.title')}>
          <Typography color="textSecondary">{t('profile.signedInAs', { email: user?.email ?? '' })}</Typography>
          {step.notice ? <Alert severity="success">{t('profile.passwordChanged')}</Alert> : null}
          <Stack spacing={1}>
            <Button variant="outlined" onClick={() => setWarning(true)}>
              {t('profile.changeEmail')}
            </Button>
            <Button variant="outlined" onClick={() => setStep({ kind: 'ChangePassword' })}>
              {t('profile.changePassword')}
            </Button>
            <Button variant="outlined" onClick={() => void navigate('/profile/two-factor')}>
              {t2('profile.twoFactor')}
            </Button>
            <Button variant="outlined" onClick={() => void navigate('/profile/sessions')}>
              {t2('profile.sessions')}
            </Button>
          </Stack>
          <Button onClick={() => void navigate('/venues')}>{t('profile.back')}</Button>
          <Dialog open={warning} onClose={() => setWarning(false)} aria-labelledby="change-email-warning">
            <DialogTitle id="change-email-warning">{t('profile.warningTitle')}</DialogTitle>
            <DialogContent>
              <DialogContentText>{t('profile.warningText')}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setWarning(false)}>{t('dialog.cancel')}</Button>
              <Button
                variant="contained"
                onClick={() => {
                  setWarning(false);
                  setStep({ kind: 'ChangeEmail' });
                }}
              >
                {t('profile.proceed')}
              </Button>
            </DialogActions>
          </Dialog>
        </AuthCard>
      );
  }
}
