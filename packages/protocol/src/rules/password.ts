/** Cloud password policy and the change-password and email-change form checks of spec 1 §5. */
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../catalog/constants';

/** spec 1 §5: password rule codes, in the order they are checked. */
export const PASSWORD_RULES = [
  'MinimumLength',
  'RequiresDigit',
  'RequiresLowerCase',
  'RequiresUpperCase',
  'RequiresSpecialCharacter',
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

const CHECKS: Readonly<Record<PasswordRule, (pw: string) => boolean>> = {
  MinimumLength: (pw) => [...pw].length >= PASSWORD_MIN_LENGTH,
  RequiresDigit: (pw) => /\d/.test(pw),
  RequiresLowerCase: (pw) => /[a-z]/.test(pw),
  RequiresUpperCase: (pw) => /[A-Z]/.test(pw),
  RequiresSpecialCharacter: (pw) => [...pw].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
};

/** spec 1 §5: every rule a password breaks (empty when it is acceptable). */
export const passwordRuleErrors = (password: string): PasswordRule[] =>
  PASSWORD_RULES.filter((r) => !CHECKS[r](password));

/** The fields of the change-password form (spec 1 §3 profile form, spec 1 §7 change password). */
export interface ChangePasswordForm {
  readonly oldPassword: string;
  readonly password: string;
  readonly passwordConfirm: string;
}
export type ChangePasswordFormError = 'RequiredFieldsMissing' | 'PasswordsDoNotMatch' | PasswordRule;

/** spec 1 §5: old, new and confirm are required, new must equal confirm, then the first broken password rule; null when valid. */
export function checkChangePasswordForm(form: ChangePasswordForm): ChangePasswordFormError | null {
  if (!form.oldPassword || !form.password || !form.passwordConfirm) return 'RequiredFieldsMissing';
  if (form.password !== form.passwordConfirm) return 'PasswordsDoNotMatch';
  return passwordRuleErrors(form.password)[0] ?? null;
}

/** spec 1 §5: the new email and its verification must both be given and match (else PasswordsDoNotMatch, as the spec has it). */
export function checkNewEmailForm(
  email: string,
  verifyEmail: string,
): 'RequiredFieldsMissing' | 'PasswordsDoNotMatch' | null {
  if (!email.trim() || !verifyEmail.trim()) return 'RequiredFieldsMissing';
  return email.trim() === verifyEmail.trim() ? null : 'PasswordsDoNotMatch';
}
