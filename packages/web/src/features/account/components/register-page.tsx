import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSignUpMutation } from '../api/auth-api';
import { RegisterFormSchema, type RegisterForm } from '../forms';
import { originOf } from '../origin';
import { useErrorMessage } from '../use-error-message';
import { AuthCard } from './auth-card';
import { ConfirmStep } from './confirm-step';
import { ErrorDialog } from './error-dialog';
import { FormField } from './form-field';
import { NewPassword } from './new-password';
import { ReturnToSignIn } from './return-to-sign-in';

type Step = { kind: 'form' } | { kind: 'confirm'; email: string } | { kind: 'created' };

/** The state a sign-in refused with UserNotConfirmed sends: go straight to the confirmation step for this email. */
const confirmEmailOf = (state: unknown): string | null => {
  const email = (state as { confirm?: unknown } | null)?.confirm;
  return typeof email === 'string' && email !== '' ? email : null;
};

/**
 * spec 1 §2 Register: email, password, confirm password; then the confirmation code; then the account-created page
 * with Sign in. Registration counts as complete only after both calls succeed.
 */
export function RegisterPage() {
  const { t } = useTranslation('cloud-auth');
  const location = useLocation();
  const pending = confirmEmailOf(location.state);
  const [step, setStep] = useState<Step>(pending ? { kind: 'confirm', email: pending } : { kind: 'form' });
  const [signUp, { isLoading }] = useSignUpMutation();
  const errors = useErrorMessage();
  const form = useForm<RegisterForm>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { email: '', password: '', passwordConfirm: '' },
  });

  if (step.kind === 'confirm')
    return <ConfirmStep email={step.email} onConfirmed={() => setStep({ kind: 'created' })} />;
  if (step.kind === 'created')
    return (
      <AuthCard title={t('register.createdTitle')}>
        <Typography>{t('register.createdText')}</Typography>
        <Button component={RouterLink} to="/login" state={{ from: originOf(location.state) }} variant="contained">
          {t('register.signIn')}
        </Button>
      </AuthCard>
    );

  const submit = form.handleSubmit(async ({ email, password, passwordConfirm }) => {
    const result = await signUp({ email: email.trim(), password, passwordConfirm });
    if (result.error) errors.fail('register', result.error);
    else setStep({ kind: 'confirm', email: email.trim() });
  });
  return (
    <AuthCard title={t('register.title')} onSubmit={(e) => void submit(e)}>
      <FormField form={form} name="email" label={t('fields.email')} type="email" autoComplete="username" autoFocus />
      <NewPassword
        form={form}
        names={{ password: 'password', confirm: 'passwordConfirm' }}
        labels={{ password: t('fields.password'), confirm: t('fields.confirmPassword') }}
      />
      <Button type="submit" variant="contained" size="large" loading={isLoading}>
        {t('register.submit')}
      </Button>
      <ReturnToSignIn />
      <ErrorDialog title="errorTitle" message={errors.message} onClose={errors.clear} />
    </AuthCard>
  );
}
