import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirmForgotPasswordMutation, useForgotPasswordMutation } from '../api/auth-api';
import { EmailFormSchema, ResetFormSchema, type EmailForm, type ResetForm } from '../forms';
import { useErrorMessage } from '../use-error-message';
import { AuthCard } from './auth-card';
import { ErrorDialog } from './error-dialog';
import { FormField } from './form-field';
import { NewPassword } from './new-password';
import { ReturnToSignIn } from './return-to-sign-in';

/** spec 1 §4 password reset steps. */
type Step =
  { kind: 'EnterEmail' } | { kind: 'EnterPassword'; email: string; destination: string } | { kind: 'Complete' };

function EnterEmail({ onSent }: { onSent: (email: string, destination: string) => void }) {
  const { t } = useTranslation('cloud-auth');
  const [send, { isLoading }] = useForgotPasswordMutation();
  const errors = useErrorMessage();
  const form = useForm<EmailForm>({ resolver: zodResolver(EmailFormSchema), defaultValues: { email: '' } });
  const submit = form.handleSubmit(async ({ email }) => {
    const result = await send({ email: email.trim() });
    if (result.error) errors.fail('reset', result.error);
    else onSent(email.trim(), result.data.destination);
  });
  return (
    <AuthCard title={t('forgot.title')} onSubmit={(e) => void submit(e)}>
      <Typography color="textSecondary">{t('forgot.emailText')}</Typography>
      <FormField form={form} name="email" label={t('fields.email')} type="email" autoComplete="username" autoFocus />
      <Button type="submit" variant="contained" size="large" loading={isLoading}>
        {t('forgot.send')}
      </Button>
      <ReturnToSignIn />
      <ErrorDialog title="errorTitle" message={errors.message} onClose={errors.clear} />
    </AuthCard>
  );
}

function EnterPassword(props: { email: string; destination: string; onChanged: () => void }) {
  const { t } = useTranslation('cloud-auth');
  const [change, { isLoading }] = useConfirmForgotPasswordMutation();
  const errors = useErrorMessage();
  const form = useForm<ResetForm>({
    resolver: zodResolver(ResetFormSchema),
    defaultValues: { code: '', password: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit(async ({ code, password, confirmPassword }) => {
    const result = await change({ email: props.email, code: code.trim(), password, confirmPassword });
    if (result.error) errors.fail('reset', result.error);
    else props.onChanged();
  });
  return (
    <AuthCard title={t('forgot.title')} onSubmit={(e) => void submit(e)}>
      <Typography color="textSecondary">{t('forgot.codeText', { destination: props.destination })}</Typography>
      <FormField form={form} name="code" label={t('fields.code')} autoComplete="one-time-code" autoFocus />
      <NewPassword
        form={form}
        names={{ password: 'password', confirm: 'confirmPassword' }}
        labels={{ password: t('fields.newPassword'), confirm: t('fields.confirmNewPassword') }}
      />
      <Button type="submit" variant="contained" size="large" loading={isLoading}>
        {t('forgot.change')}
      </Button>
      <ReturnToSignIn />
      <ErrorDialog title="errorTitle" message={errors.message} onClose={errors.clear} />
    </AuthCard>
  );
}

/** spec 1 §2 Forgot password in three steps (EnterEmail → EnterPassword → Complete), Return to Sign in on each. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('cloud-auth');
  const [step, setStep] = useState<Step>({ kind: 'EnterEmail' });
  switch (step.kind) {
    case 'EnterEmail':
      return <EnterEmail onSent={(email, destination) => setStep({ kind: 'EnterPassword', email, destination })} />;
    case 'EnterPassword':
      return <EnterPassword {...step} onChanged={() => setStep({ kind: 'Complete' })} />;
    case 'Complete':
      return (
        <AuthCard title={t('forgot.completeTitle')}>
          <Typography>{t('forgot.completeText')}</Typography>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('forgot.signIn')}
          </Button>
          <ReturnToSignIn />
        </AuthCard>
      );
  }
}
