/**
 * spec 2 §4/§5 Password: an unprotected amp offers Protect, a protected one Change and Remove. The change travels
 * encrypted (`set /users`); on success the local login is cleared and the user goes to /login. Disabled for guests
 * and in cloud mode (spec 2 §6).
 */
import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAmpState, useDeviceWrite } from '../../../device';
import { modesFor, type PasswordMode } from '../password-form';
import { SETTINGS_NS } from '../settings-i18n';
import { useIsCloud } from '../../../device/fields/use-field-access';
import { usePasswordChange } from '../use-password-change';
import { PasswordForm } from './password-form';
import { SettingsSection } from './settings-section';

export function PasswordSection({ ampId }: { ampId: string }) {
  const { t } = useTranslation(SETTINGS_NS);
  const passwordProtected = useAmpState(ampId, (s) => s?.misc?.passwordProtected === true);
  const { canWrite } = useDeviceWrite(ampId);
  const cloud = useIsCloud();
  const [chosen, setChosen] = useState<PasswordMode>('change');
  const modes = modesFor(passwordProtected);
  const mode = modes.includes(chosen) ? chosen : (modes[0] ?? 'protect');

  const { submit, done } = usePasswordChange(ampId, mode);

  const note = cloud ? t('password.cloud') : canWrite ? t('password.afterwards') : t('password.guest');
  return (
    <SettingsSection title={t('password.title')}>
      <Typography variant="body2" color="textSecondary">
        {t(passwordProtected ? 'password.protectedIntro' : 'password.protectIntro')} {note}
      </Typography>
      {passwordProtected ? (
        <RadioGroup
          row
          aria-label={t('password.action')}
          value={mode}
          onChange={(e) => setChosen(e.target.value as PasswordMode)}
        >
          {modes.map((m) => (
            <FormControlLabel key={m} value={m} control={<Radio />} label={t(`password.${m}`)} />
          ))}
        </RadioGroup>
      ) : null}
      <PasswordForm key={mode} mode={mode} disabled={!canWrite || cloud || done} onSubmit={submit} />
    </SettingsSection>
  );
}
