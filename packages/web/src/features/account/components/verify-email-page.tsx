import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate, useNavigate } from 'react-router';
import { selectCloudUser } from '../../../shared/cloud/session-slice';
import { useResendVerificationCodeMutation, useVerifyEmailMutation } from '../api/auth-api';
import { CodeFormSchema, type CodeForm } from '../forms';
import { useErrorMessage } from '../use-error-message';
import { AuthCard } from './auth-card';
import { ErrorDialog } from './error-dialog';
import { FormField } from './form-field';

/** spec 1 §2 Verify email: code, Resend code, Verify; success goes to /venues. A verified user has nothing to do here. */
export function VerifyEmailPage() {
  const { t } = useTranslation('cloud-auth');
  const user = useSelector(selectCloudUser);
  const navigate = useNavigate();
  const [verify, { isLoading }] = useVerifyEmailMutation();
  const [resend] = useResendVerificationCodeMutation();
  const [resent, setResent] = useState(false);
  const errors = useErrorMessage();
  const form = useForm<CodeForm>({ resolver: zodResolver(CodeFormSchema), defaultValues: { code: '' } });
  if (user?.emailVerified) return <Navigate to="/venues" replace />;
  const submit = form.handleSubmit(async ({ code }) => {
    const result = await verify({ code: code.trim() });
    if (result.error) errors.fail('verify', result.error);
    else void navigate('/venues', { replace: true });
  });
  const resendCode = async () => {
    const result = await resend();
    if (result.error) errors.fail('verify', result.error);
    else setResent(true);
  };
  return (
    <AuthCard title={t('verify.title')} onSubmit={(e) => void submit(e)}>
      <Typography color="textSecondary">{t('verify.text', { email: user?.email ?? '' })}</Typography>
      {resent ? <Alert severity="success">{t('verify.resent')}</Alert> : null}
      <FormField form={form} name="code" label={t('fields.code')} autoComplete="one-time-code" autoFocus />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => void resendCode()}>{t('verify.resend')}</Button>
        <Button type="submit" variant="contained" loading={isLoading}>
          {t('verify.submit')}
        </Button>
      </Stack>
      <ErrorDialog title="errorTitle" message={errors.message} onClose={errors.clear} />
    </AuthCard>
  );
}
