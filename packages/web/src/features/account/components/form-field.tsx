import { TextField, type TextFieldProps } from '@mui/material';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordTextField } from '../../../shared/forms/password-text-field';
import { validationName } from '../forms';

type Props<T extends FieldValues> = {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  password?: boolean;
} & Omit<TextFieldProps, 'name' | 'label' | 'error' | 'helperText'>;

/** The translated rule message of an account form's field, while react-hook-form holds an error for it. */
export function useFieldError<T extends FieldValues>(form: UseFormReturn<T>): (name: Path<T>) => string | undefined {
  const { t } = useTranslation('cloud-auth');
  return (name) => {
    const error = form.formState.errors[name];
    const message = typeof error?.message === 'string' ? error.message : undefined;
    return error ? t(`validation.${validationName(message)}`) : undefined;
  };
}

/** The names of a password field's show/hide button. */
export function usePasswordToggleLabels() {
  const { t } = useTranslation('cloud-auth');
  return { show: t('fields.showPassword'), hide: t('fields.hidePassword') };
}

/** A text field of an account form: registered with react-hook-form, its rule message translated, passwords maskable. */
export function FormField<T extends FieldValues>({ form, name, label, password = false, ...rest }: Props<T>) {
  const errorOf = useFieldError(form);
  const toggleLabels = usePasswordToggleLabels();
  const { ref, ...field } = form.register(name);
  const message = errorOf(name);
  const props = { ...rest, ...field, inputRef: ref, label, error: message !== undefined, helperText: message };
  return password ? <PasswordTextField {...props} toggleLabels={toggleLabels} /> : <TextField {...props} />;
}
