import { Alert, FormControlLabel, Link, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorNameOf } from '../../../shared/cloud/cloud-error';
import { useGetOrgSettingsQuery, useSetOrgSettingsMutation } from '../api/members-api';
import { grantsErrorKey } from '../grants-errors';
import { useGrantsText } from '../grants-i18n';

/**
 * "Require two-factor sign-in for members" (issue 21, owner only): refused until the owner's own two-factor is on
 * (then the page says so, with a link to set it up).
 */
export function TwoFactorRequirement() {
  const { t } = useGrantsText();
  const settings = useGetOrgSettingsQuery();
  const [save, saving] = useSetOrgSettingsMutation();
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string; enrol?: boolean } | null>(null);
  const toggle = async (requireTwoFactor: boolean) => {
    const result = await save({ requireTwoFactor });
    if (result.error)
      setMessage({
        severity: 'error',
        text: t(grantsErrorKey(result.error)),
        enrol: errorNameOf(result.error) === 'TwoFactorNotEnabled',
      });
    else setMessage({ severity: 'success', text: t(requireTwoFactor ? 'twoFactor.on' : 'twoFactor.off') });
  };
  return (
    <section aria-labelledby="org-security-title">
      <Stack spacing={1}>
        <Typography id="org-security-title" variant="h6" component="h2">
          {t('twoFactor.title')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={settings.data?.requireTwoFactor ?? false}
              disabled={settings.data === undefined || saving.isLoading}
              onChange={(e) => void toggle(e.target.checked)}
            />
          }
          label={t('twoFactor.require')}
        />
        <Typography variant="body2" color="textSecondary">
          {t('twoFactor.help')}
        </Typography>
        {message ? (
          <Alert
            severity={message.severity}
            role={message.severity === 'error' ? 'alert' : 'status'}
            onClose={() => setMessage(null)}
          >
            {message.text}{' '}
            {message.enrol ? (
              <Link component={RouterLink} to="/profile/two-factor">
                {t('twoFactor.enrol')}
              </Link>
            ) : null}
          </Alert>
        ) : null}
      </Stack>
    </section>
  );
}
