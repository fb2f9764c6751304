/**
 * spec 2 §3/§4/§5 AP config: the password with its at-least-8 hint, and the AP button switch; turning the button off
 * asks for confirmation first, turning it on does not.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { AP_PASSWORD_MIN_LENGTH } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { NETWORK_NS } from '../network-i18n';
import { FormSection } from '../../../shared/ui/form-section';
import { PasswordField } from './password-field';
import { useNetworkField } from './use-network-field';

export function ApSection({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation([NETWORK_NS, 'common']);
  const [confirming, setConfirming] = useState(false);
  const password = useNetworkField('apPassword');
  const button = useNetworkField('apButtonEnable').field;
  const handleButton = (on: boolean) => (on ? button.onChange(true) : setConfirming(true));
  const handleConfirm = () => {
    setConfirming(false);
    button.onChange(false);
  };
  return (
    <FormSection title={t('ap.title')}>
      <PasswordField
        label={t('ap.password')}
        value={password.field.value}
        disabled={disabled}
        error={password.error !== undefined}
        helperText={password.error ?? t('ap.passwordHint', { min: AP_PASSWORD_MIN_LENGTH })}
        onChange={password.field.onChange}
        onBlur={password.field.onBlur}
      />
      <FormControlLabel
        label={t('ap.button')}
        control={<Switch checked={button.value} disabled={disabled} onChange={(e) => handleButton(e.target.checked)} />}
      />
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="ap-button-confirm-title">
        <DialogTitle id="ap-button-confirm-title">{t('ap.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('ap.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common:actions.cancel')}</Button>
          <Button color="warning" onClick={handleConfirm}>
            {t('ap.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </FormSection>
  );
}
