/**
 * spec 1 §8: the error names each account dialog knows, mapped to their translated messages. A name a dialog does
 * not know is its Unknown; an unreachable cloud, a rate limit and a code killed by wrong tries (issue 16:
 * CodeAttemptsExceeded, in every code dialog) get their own words.
 */
import {
  CHANGE_PASSWORD_ERRORS,
  CONFIRM_REGISTRATION_ERRORS,
  EMAIL_VERIFICATION_ERRORS,
  LOGIN_ERRORS,
  PASSWORD_VALIDATION_ERRORS,
  REGISTER_ERRORS,
  RESET_PASSWORD_ERRORS,
} from '@rackside/protocol';

const CATALOGUES = {
  login: LOGIN_ERRORS,
  register: REGISTER_ERRORS,
  confirm: CONFIRM_REGISTRATION_ERRORS,
  reset: RESET_PASSWORD_ERRORS,
  change: CHANGE_PASSWORD_ERRORS,
  passwordCheck: PASSWORD_VALIDATION_ERRORS,
  verify: EMAIL_VERIFICATION_ERRORS,
} as const;
export type AuthFlow = keyof typeof CATALOGUES;
type Catalogue = typeof CATALOGUES;

/** A key of cloud-auth.json. */
export type AuthErrorKey =
  | { [F in AuthFlow]: `errors.${F}.${Catalogue[F][number]}` }[AuthFlow]
  | 'errors.network'
  | 'errors.tooManyRequests'
  | 'errors.codeAttemptsExceeded';

/** The message key of an error name in a flow's dialog. */
export function authErrorKey<F extends AuthFlow>(flow: F, name: string): AuthErrorKey {
  if (name === 'Network') return 'errors.network';
  if (name === 'TooManyRequests') return 'errors.tooManyRequests';
  if (name === 'CodeAttemptsExceeded') return 'errors.codeAttemptsExceeded';
  const known = (CATALOGUES[flow] as readonly string[]).includes(name) ? name : 'Unknown';
  return `errors.${flow}.${known}` as AuthErrorKey;
}
