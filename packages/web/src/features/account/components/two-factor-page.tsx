import { Alert, Button, Stack, Typography } from '@mui/material';
import type { TwoFactorEnrolment as Enrolment } from '@rackside/protocol';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useDisableTwoFactorMutation,
  useEnrolTwoFactorMutation,
  useRegenerateRecoveryCodesMutation,
  useTwoFactorStatusQuery,
} from '../api/two-factor-api';
import { twoFactorErrorKey, useTwoFactorText } from '../two-factor-i18n';
import { AuthCard } from './auth-card';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TwoFactorCodeForm } from './two-factor-code-form';
import { TwoFactorEnrolment } from './two-factor-enrolment';

type Mode =
  | { kind: 'view' }
  | { kind: 'enrol'; enrolment: Enrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'regenerate' }
  | { kind: 'disable' };

/**
 * /profile/two-factor (issue 21): whether two-factor sign-in is on; turn it on (QR code, first code, recovery codes
 * shown once), get new recovery codes, or turn it off (password and a code); below, the account's passkeys.
 */
export function TwoFactorPage() {
  const { t } = useTwoFactorText();
  const navigate = useNavigate();
  const status = useTwoFactorStatusQuery();
  const [enrol, enrolling] = useEnrolTwoFactorMutation();
  const [regenerate] = useRegenerateRecoveryCodesMutation();
  const [disable] = useDisableTwoFactorMutation();
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [error, setError] = useState<ReturnType<typeof twoFactorErrorKey> | null>(null);
  const back = () => {
    setMode({ kind: 'view' });
    void status.refetch();
  };

  const turnOn = async () => {
    const result = await enrol();
    if (result.error) return setError(twoFactorErrorKey(result.error));
    setError(null);
    setMode({ kind: 'enrol', enrolment: result.data });
  };

  switch (mode.kind) {
    case 'enrol':
      return (
        <TwoFactorEnrolment
          enrolment={mode.enrolment}
          onConfirmed={(codes) => setMode({ kind: 'codes', codes })}
          onCancel={back}
        />
      );
    case 'codes':
      return <RecoveryCodesPanel codes={mode.codes} onDone={back} />;
    case 'regenerate':
      return (
        <TwoFactorCodeForm
          kind="regenerate"
          onCancel={back}
          onSubmit={async ({ code }) => {
            const result = await regenerate({ code });
            if (result.data) setMode({ kind: 'codes', codes: result.data.recoveryCodes });
            return result;
          }}
        />
      );
    case 'disable':
      return (
        <TwoFactorCodeForm
          kind="disable"
          onCancel={back}
          onSubmit={async (body) => {
            const result = await disable(body);
            if (result.data) back();
            return result;
          }}
        />
      );
    case 'view':
      break;
  }
  const enabled = status.data?.enabled === true;
  return (
    <>
      <AuthCard title={t('page.title')}>
        {status.data === undefined && !status.isError ? <Typography>{t('page.loading')}</Typography> : null}
        {status.isError ? <Alert severity="error">{t(twoFactorErrorKey(status.error))}</Alert> : null}
        {status.data ? <Typography>{enabled ? t('page.on') : t('page.off')}</Typography> : null}
        {enabled ? (
          <Typography color="textSecondary">
            {t('page.recoveryLeft', { count: status.data?.recoveryCodesLeft ?? 0 })}
          </Typography>
        ) : null}
        {error ? <Alert severity="error">{t(error)}</Alert> : null}
        {status.data ? (
          <Stack spacing={1}>
            {enabled ? (
              <>
                <Button variant="outlined" onClick={() => setMode({ kind: 'regenerate' })}>
                  {t('page.newRecoveryCodes')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => setMode({ kind: 'disable' })}>
                  {t('page.turnOff')}
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={() => void turnOn()} loading={enrolling.isLoading}>
                {t('page.turnOn')}
              </Button>
            )}
          </Stack>
        ) : null}
        <Button onClick={() => void navigate('/profile')}>{t('page.back')}</Button>
      </AuthCard>
      <PasskeysSection />
    </>
  );
}
