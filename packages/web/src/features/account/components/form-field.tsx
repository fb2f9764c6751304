import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VisibilityIcon } from '../../../shared/ui/icons';
import { validationName } from '../forms';

type Props<T extends FieldValues> = {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  password?: boolean;
} & Omit<TextFieldProps, 'name' | 'label' | 'error' | 'helperText'>;

/** A text field of an account form: registered with react-hook-form, its rule message translated, passwords maskable. */
export function FormField<T extends FieldValues>({ form, name, label, password = false, ...rest }: Props<T>) {
  const { t } = useTranslation('cloud-auth');
  const [visible, setVisible] = useState(false);
  const { ref, ...field } = form.register(name);
  const error = form.formState.errors[name];
  const message = typeof error?.message === 'string' ? error.message : undefined;
  return (
    <TextField
      {...rest}
      {...field}
      inputRef={ref}
      label={label}
      type={password && !visible ? 'password' : (rest.type ?? 'text')}
      error={error !== undefined}
      helperText={error ? t(`validation.${validationName(message)}`) : undefined}
      slotProps={
        password
          ? {
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={t(visible ? 'fields.hidePassword' : 'fields.showPassword')}
                      onClick={() => setVisible((v) => !v)}
                      edge="end"
                    >
                      <VisibilityIcon off={visible} />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }
          : undefined
      }
    />
  );
}
