import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConfirmSignUpMutation, useResendCodeMutation } from '../api/auth-api';
import { CodeFormSchema, type CodeForm } from '../forms';
import { useErrorMessage } from '../use-error-message';
import { AuthCard } from './auth-card';
import { ErrorDialog } from './error-dialog';
import { FormField } from './form-field';
import { ReturnToSignIn } from './return-to-sign-in';

/** spec 1 §2 registration, step 2: the code sent to the email; Resend code asks for another. */
export function ConfirmStep({ email, onConfirmed }: { email: string; onConfirmed: () => void }) {
  const { t } = useTranslation('cloud-auth');
  const [confirm, { isLoading }] = useConfirmSignUpMutation();
  const [resend] = useResendCodeMutation();
  const [resent, setResent] = useState(false);
  const errors = useErrorMessage();
  const form = useForm<CodeForm>({ resolver: zodResolver(CodeFormSchema), defaultValues: { code: '' } });
  const submit = form.handleSubmit(async ({ code }) => {
    const result = await confirm({ email, code: code.trim() });
    if (result.error) errors.fail('confirm', result.error);
    else onConfirmed();
  });
  const resendCode = async () => {
    const result = await resend({ email });
    if (result.error) errors.fail('verify', result.error);
    else setResent(true);
  };
  return (
    <AuthCard title={t('register.confirmTitle')} onSubmit={(e) => void submit(e)}>
      <Typography color="textSecondary">{t('register.confirmText', { email })}</Typography>
      {resent ? <Alert severity="success">{t('register.resent')}</Alert> : null}
      <FormField form={form} name="code" label={t('fields.code')} autoComplete="one-time-code" autoFocus />
      <Button type="submit" variant="contained" size="large" loading={isLoading}>
        {t('register.confirm')}
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Button onClick={() => void resendCode()}>{t('register.resend')}</Button>
        <ReturnToSignIn />
      </Stack>
      <ErrorDialog title="errorTitle" message={errors.message} onClose={errors.clear} />
    </AuthCard>
  );
}
