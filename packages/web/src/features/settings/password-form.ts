/**
 * The password form of spec 2 §4/§5: Protect (an unprotected amp: new and confirmation), Change (a protected amp:
 * current, new, confirmation) and Remove (a protected amp: current). New and confirmation must match ('password does
 * not match'); Change also applies the change-password rules (at least 8 characters, a digit, lowercase, uppercase
 * and a special character); Protect needs a matching non-empty password only, as the spec has it.
 */
import { z } from 'zod';
import { passwordRuleErrors, type PasswordRule } from '@rackside/protocol';

export type PasswordMode = 'protect' | 'change' | 'remove';

/** The modes an amp offers (spec 2 §4): Change and Remove when protected, Protect otherwise. */
export const modesFor = (passwordProtected: boolean): readonly PasswordMode[] =>
  passwordProtected ? ['change', 'remove'] : ['protect'];

/** The fields each mode shows. */
export const FIELDS_OF: Readonly<Record<PasswordMode, readonly PasswordField[]>> = {
  protect: ['next', 'confirm'],
  change: ['current', 'next', 'confirm'],
  remove: ['current'],
};

export interface PasswordValues {
  current: string;
  next: string;
  confirm: string;
}
export type PasswordField = keyof PasswordValues;

export const EMPTY_PASSWORD_VALUES: PasswordValues = { current: '', next: '', confirm: '' };

/** A message key of `settings:password.errors`. */
export type PasswordFormError = 'currentRequired' | 'newRequired' | 'doesNotMatch' | PasswordRule;

/** The problems of a form, by field (empty when it may be sent). */
export function passwordFormErrors(
  mode: PasswordMode,
  v: PasswordValues,
): Partial<Record<PasswordField, PasswordFormError>> {
  const errors: Partial<Record<PasswordField, PasswordFormError>> = {};
  if (mode !== 'protect' && v.current === '') errors.current = 'currentRequired';
  if (mode === 'remove') return errors;
  const broken = mode === 'change' ? passwordRuleErrors(v.next)[0] : undefined;
  if (v.next === '') errors.next = 'newRequired';
  else if (broken) errors.next = broken;
  if (v.confirm !== v.next) errors.confirm = 'doesNotMatch';
  return errors;
}

/** The zod schema of a mode's form (react-hook-form's resolver); each issue's message is a PasswordFormError. */
export function passwordFormSchema(mode: PasswordMode) {
  return z.object({ current: z.string(), next: z.string(), confirm: z.string() }).superRefine((v, ctx) => {
    for (const [field, message] of Object.entries(passwordFormErrors(mode, v)))
      ctx.addIssue({ code: 'custom', path: [field], message });
  });
}

/** The plaintext of the encrypted `/users` change (spec 2 §7): protect sends new, change old and new, remove old. */
export function usersChange(
  mode: PasswordMode,
  v: PasswordValues,
): { user: 'admin'; oldPassword?: string; newPassword?: string } {
  switch (mode) {
    case 'protect':
      return { user: 'admin', newPassword: v.next };
    case 'change':
      return { user: 'admin', oldPassword: v.current, newPassword: v.next };
    case 'remove':
      return { user: 'admin', oldPassword: v.current };
  }
}
