import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Link, Stack, Typography } from '@mui/material';
import type { TwoFactorChallenge } from '@rackside/protocol';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { errorNameOf } from '../../../shared/cloud/cloud-error';
import { selectCloudUser } from '../../../shared/cloud/session-slice';
import { ICP_FILING_URL, PRIVACY_URL, SUPPORT_EMAIL, TERMS_URL } from '../../../shared/config';
import { useHostingMode } from '../../../shared/hosting';
import { useResendCodeMutation, useSignInMutation } from '../api/auth-api';
import { SignInFormSchema, type SignInForm } from '../forms';
import { originOf } from '../origin';
import { useErrorMessage } from '../use-error-message';
import { AuthCard } from './auth-card';
import { ErrorDialog } from './error-dialog';
import { FormField } from './form-field';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { TwoFactorSignInStep } from './two-factor-sign-in-step';

/**
 * spec 1 §2 cloud sign-in: email and password (both required), Register new account, Forgot password, terms and
 * privacy links, the support line, the ICP filing link on the China cloud. A signed-in user goes on to the
 * remembered origin (or /venues); UserNotConfirmed leads to the registration's confirmation step with a new code.
 * With two-factor on (issue 21) a right password leads to the code step first; a passkey signs in without the password.
 */
export function SignInPage() {
  const { t } = useTranslation('cloud-auth');
  const { china } = useHostingMode();
  const user = useSelector(selectCloudUser);
  const location = useLocation();
  const navigate = useNavigate();
  const from = originOf(location.state);
  const [signIn, { isLoading }] = useSignInMutation();
  const [resendCode] = useResendCodeMutation();
  const errors = useErrorMessage();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const form = useForm<SignInForm>({
    resolver: zodResolver(SignInFormSchema),
    defaultValues: { email: '', password: '' },
  });
  if (user) return <Navigate to={from ?? '/venues'} replace />;
  if (challenge !== null) {
    return (
      <TwoFactorSignInStep
        challenge={challenge.challenge}
        passkeys={challenge.passkeys === true}
        onRestart={() => setChallenge(null)}
      />
    );
  }

  const submit = form.handleSubmit(async ({ email, password }) => {
    const result = await signIn({ email: email.trim(), password });
    if (result.data !== undefined && result.data !== true) {
      setChallenge(result.data);
      return;
    }
    if (!result.error) return; // the session is in the store: this page turns into the redirect
    if (errorNameOf(result.error) === 'UserNotConfirmed') {
      void resendCode({ email: email.trim() });
      void navigate('/register', { state: { confirm: email.trim(), from } });
      return;
    }
    errors.fail('login', result.error);
  });

  return (
    <AuthCard title={t('signIn.title')} onSubmit={(e) => void submit(e)}>
      <FormField form={form} name="email" label={t('fields.email')} type="email" autoComplete="username" autoFocus />
      <FormField form={form} name="password" label={t('fields.password')} password autoComplete="current-password" />
      <Button type="submit" variant="contained" size="large" loading={isLoading}>
        {t('signIn.submit')}
      </Button>
      <PasskeySignInButton />
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to="/register" state={{ from }}>
          {t('signIn.register')}
        </Button>
        <Button component={RouterLink} to="/forgot">
          {t('signIn.forgot')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Link href={TERMS_URL} target="_blank" rel="noopener" variant="body2">
          {t('signIn.terms')}
        </Link>
        <Link href={PRIVACY_URL} target="_blank" rel="noopener" variant="body2">
          {t('signIn.privacy')}
        </Link>
        {china ? (
          <Link href={ICP_FILING_URL} target="_blank" rel="noopener" variant="body2">
            {t('signIn.icp')}
          </Link>
        ) : null}
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
        {t('signIn.support')} <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
      </Typography>
      <ErrorDialog title="authTitle" message={errors.message} onClose={errors.clear} />
    </AuthCard>
  );
}
