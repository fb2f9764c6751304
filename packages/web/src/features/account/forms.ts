/**
 * The account forms' client-side rules (spec 1 §5) as zod schemas whose messages are the names of
 * cloud-auth.json `validation`: required fields, email shape, the protocol's password rules, matching entries.
 */
import { isEmailAddress, passwordRuleErrors } from '@rackside/protocol';
import { z } from 'zod';

export type ValidationName =
  | 'RequiredFieldsMissing'
  | 'PasswordsDoNotMatch'
  | 'EmailsDoNotMatch'
  | 'InvalidEmail'
  | ReturnType<typeof passwordRuleErrors>[number];

const required = z.string().refine((v) => v.trim() !== '', 'RequiredFieldsMissing');
const email = required.refine((v) => v.trim() === '' || isEmailAddress(v.trim()), 'InvalidEmail');
/** A new password: required, then the first broken rule of spec 1 §5. */
const newPassword = z.string().superRefine((pw, ctx) => {
  const problem = pw === '' ? 'RequiredFieldsMissing' : passwordRuleErrors(pw)[0];
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
/** `b` must repeat `a` (the error shows on `b`). */
const matching = (
  a: string,
  b: string,
  message: ValidationName,
): [(v: Record<string, string>) => boolean, { message: string; path: string[] }] => [
  (v) => v[a] === v[b],
  { message, path: [b] },
];

export const SignInFormSchema = z.object({ email, password: required });
export type SignInForm = z.infer<typeof SignInFormSchema>;

export const RegisterFormSchema = z
  .object({ email, password: newPassword, passwordConfirm: required })
  .refine(...matching('password', 'passwordConfirm', 'PasswordsDoNotMatch'));
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

export const CodeFormSchema = z.object({ code: required });
export type CodeForm = z.infer<typeof CodeFormSchema>;

export const EmailFormSchema = z.object({ email });
export type EmailForm = z.infer<typeof EmailFormSchema>;

export const ResetFormSchema = z
  .object({ code: required, password: newPassword, confirmPassword: required })
  .refine(...matching('password', 'confirmPassword', 'PasswordsDoNotMatch'));
export type ResetForm = z.infer<typeof ResetFormSchema>;

export const PasswordFormSchema = z.object({ password: required });
export type PasswordForm = z.infer<typeof PasswordFormSchema>;

export const NewEmailFormSchema = z
  .object({ email, verifyEmail: required })
  .refine((v) => v.email.trim().toLowerCase() === v.verifyEmail.trim().toLowerCase(), {
    message: 'EmailsDoNotMatch',
    path: ['verifyEmail'],
  });
export type NewEmailForm = z.infer<typeof NewEmailFormSchema>;

export const ChangePasswordFormSchema = z
  .object({ oldPassword: required, password: newPassword, passwordConfirm: required })
  .refine(...matching('password', 'passwordConfirm', 'PasswordsDoNotMatch'));
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

const NAMES: readonly string[] = [
  'RequiredFieldsMissing',
  'PasswordsDoNotMatch',
  'EmailsDoNotMatch',
  'InvalidEmail',
  'MinimumLength',
  'RequiresDigit',
  'RequiresLowerCase',
  'RequiresUpperCase',
  'RequiresSpecialCharacter',
];
/** The validation name of a field error message (anything else reads as a missing field). */
export const validationName = (message: string | undefined): ValidationName =>
  (NAMES.includes(message ?? '') ? message : 'RequiredFieldsMissing') as ValidationName;
