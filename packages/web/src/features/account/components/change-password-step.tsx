import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useChangePasswordMutation } from '../api/auth-api';
import { ChangePasswordFormSchema, type ChangePasswordForm } from '../forms';
import { useErrorMessage } from '../use-error-message';
import { AuthCard } from './auth-card';
import { ErrorDialog } from './error-dialog';
import { FormField } from './form-field';
import { NewPassword } from './new-password';

/** spec 1 §2 profile ChangePassword: old, new and confirm (spec 1 §5 rules); success and Cancel return to the actions. */
export function ChangePasswordStep({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('cloud-auth');
  const [change, { isLoading }] = useChangePasswordMutation();
  const errors = useErrorMessage();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { oldPassword: '', password: '', passwordConfirm: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    const result = await change(body);
    if (result.error) errors.fail('change', result.error);
    else onDone();
  });
  return (
    <AuthCard title={t('profile.changePassword')} onSubmit={(e) => void submit(e)}>
      <FormField
        form={form}
        name="oldPassword"
        label={t('fields.currentPassword')}
        password
        autoComplete="current-password"
        autoFocus
      />
      <NewPassword
        form={form}
        names={{ password: 'password', confirm: 'passwordConfirm' }}
        labels={{ password: t('fields.newPassword'), confirm: t('fields.confirmNewPassword') }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('dialog.cancel')}</Button>
        <Button type="submit" variant="contained" loading={isLoading}>
          {t('profile.savePassword')}
        </Button>
      </Stack>
      <ErrorDialog title="errorTitle" message={errors.message} onClose={errors.clear} />
    </AuthCard>
  );
}
