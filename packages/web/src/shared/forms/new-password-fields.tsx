/**
 * A new password, its confirmation and the password rules: the block of every form that sets a password (register,
 * reset a forgotten password, change a cloud account's or an amp's password). Each form keeps its own labels, rules
 * text and messages, and decides when a field's error shows.
 */
import Typography from '@mui/material/Typography';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { PasswordTextField } from './password-text-field';

export interface NewPasswordFieldsProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  names: { password: Path<T>; confirm: Path<T> };
  labels: { password: string; confirm: string };
  /** The translated error to show under a field, if any. */
  errorOf: (name: Path<T>) => string | undefined;
  /** The rules: a line under both fields, or the new password's hint until it has an error. */
  rules?: { text: string; at: 'below' | 'hint' } | undefined;
  /** Given: the form's "show passwords" switch decides; absent: each field has its own show/hide button. */
  visible?: boolean | undefined;
  toggleLabels?: { show: string; hide: string } | undefined;
  disabled?: boolean | undefined;
  size?: 'small' | 'medium' | undefined;
  /** The form validates as the user types: a change of the new password re-checks the confirmation. */
  recheckConfirm?: boolean | undefined;
}

export function NewPasswordFields<T extends FieldValues>(props: NewPasswordFieldsProps<T>) {
  const { form, names, labels, errorOf, rules } = props;
  const field = (name: Path<T>, label: string, hint?: string) => {
    const { ref, ...registered } = form.register(
      name,
      name === names.password && props.recheckConfirm ? { deps: [names.confirm] } : undefined,
    );
    const error = errorOf(name);
    return (
      <PasswordTextField
        {...registered}
        inputRef={ref}
        label={label}
        autoComplete="new-password"
        visible={props.visible}
        toggleLabels={props.toggleLabels}
        disabled={props.disabled}
        {...(props.size ? { size: props.size } : {})}
        error={error !== undefined}
        helperText={error ?? hint}
      />
    );
  };
  return (
    <>
      {field(names.password, labels.password, rules?.at === 'hint' ? rules.text : undefined)}
      {field(names.confirm, labels.confirm)}
      {rules?.at === 'below' ? (
        <Typography variant="body2" color="textSecondary">
          {rules.text}
        </Typography>
      ) : null}
    </>
  );
}
