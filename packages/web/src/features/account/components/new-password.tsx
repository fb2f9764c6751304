import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import { useFieldError, usePasswordToggleLabels } from './form-field';

/** An account form's new password and confirmation with the spec 1 §5 rules below them (register, reset, change). */
export function NewPassword<T extends FieldValues>(props: {
  form: UseFormReturn<T>;
  names: { password: Path<T>; confirm: Path<T> };
  labels: { password: string; confirm: string };
}) {
  const { t } = useTranslation('cloud-auth');
  return (
    <NewPasswordFields
      {...props}
      errorOf={useFieldError(props.form)}
      toggleLabels={usePasswordToggleLabels()}
      rules={{ text: t('passwordRules'), at: 'below' }}
    />
  );
}
