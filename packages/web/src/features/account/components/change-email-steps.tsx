import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCheckPasswordMutation, useUpdateEmailMutation } from '../api/auth-api';
import { NewEmailFormSchema, PasswordFormSchema, type NewEmailForm, type PasswordForm } from '../forms';
import { useErrorMessage } from '../use-error-message';
import { AuthCard } from './auth-card';
import { ErrorDialog } from './error-dialog';
import { FormField } from './form-field';

function Actions({ submit, onCancel }: { submit: string; onCancel: () => void }) {
  const { t } = useTranslation('cloud-auth');
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button onClick={onCancel}>{t('dialog.cancel')}</Button>
      <Button type="submit" variant="contained">
        {submit}
      </Button>
    </Stack>
  );
}

/** spec 1 §4 profile ChangeEmail: the current password, validated by a login (InvalidPassword when wrong). */
export function CurrentPasswordStep(props: {
  email: string;
  onChecked: (password: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('cloud-auth');
  const [check] = useCheckPasswordMutation();
  const errors = useErrorMessage();
  const form = useForm<PasswordForm>({ resolver: zodResolver(PasswordFormSchema), defaultValues: { password: '' } });
  const submit = form.handleSubmit(async ({ password }) => {
    const result = await check({ email: props.email, password });
    if (result.error) errors.fail('passwordCheck', result.error);
    else props.onChecked(password);
  });
  return (
    <AuthCard title={t('profile.changeEmail')} onSubmit={(e) => void submit(e)}>
      <Typography color="textSecondary">{t('profile.passwordText')}</Typography>
      <FormField
        form={form}
        name="password"
        label={t('fields.currentPassword')}
        password
        autoComplete="current-password"
        autoFocus
      />
      <Actions submit={t('profile.continue')} onCancel={props.onCancel} />
      <ErrorDialog title="errorTitle" message={errors.message} onClose={errors.clear} />
    </AuthCard>
  );
}

/** spec 1 §2 profile NewEmail: the new email and its repetition (spec 1 §5: they must match). */
export function NewEmailStep(props: { password: string; onChanged: (email: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('cloud-auth');
  const [update] = useUpdateEmailMutation();
  const errors = useErrorMessage();
  const form = useForm<NewEmailForm>({
    resolver: zodResolver(NewEmailFormSchema),
    defaultValues: { email: '', verifyEmail: '' },
  });
  const submit = form.handleSubmit(async ({ email, verifyEmail }) => {
    const result = await update({ email: email.trim(), verifyEmail: verifyEmail.trim(), password: props.password });
    if (result.error) errors.fail('change', result.error);
    else props.onChanged(email.trim());
  });
  return (
    <AuthCard title={t('profile.changeEmail')} onSubmit={(e) => void submit(e)}>
      <Typography color="textSecondary">{t('profile.newEmailText')}</Typography>
      <FormField form={form} name="email" label={t('fields.newEmail')} type="email" autoComplete="email" autoFocus />
      <FormField form={form} name="verifyEmail" label={t('fields.verifyEmail')} type="email" autoComplete="email" />
      <Actions submit={t('profile.saveEmail')} onCancel={props.onCancel} />
      <ErrorDialog title="errorTitle" message={errors.message} onClose={errors.clear} />
    </AuthCard>
  );
}
