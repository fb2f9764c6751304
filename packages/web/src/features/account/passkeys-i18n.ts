/**
 * Texts of passkeys (issue 21): namespace 'passkeys' (shared/i18n/locales/{en,es,zh}/passkeys.json), keys
 * type-checked; and the message of a failed call or browser ceremony.
 */
import { useTranslation } from 'react-i18next';
import type passkeys from '../../shared/i18n/locales/en/passkeys.json';
import { errorNameOf } from '../../shared/cloud/cloud-error';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    passkeys: typeof passkeys;
  }
}

export const usePasskeysText = () => useTranslation('passkeys');

const KNOWN = [
  'Cancelled',
  'Unsupported',
  'CeremonyFailed',
  'PasskeyExists',
  'PasskeyChallengeInvalid',
  'PasskeyInvalid',
  'PasskeyNotRegistered',
  'PasskeyLimit',
  'RecentSignInRequired',
  'InvalidPassword',
  'TwoFactorChallengeInvalid',
  'CodeAttemptsExceeded',
  'RequiredFieldsMissing',
  'ValidationError',
  'TooManyRequests',
  'Network',
  'NotFound',
] as const;
type Known = (typeof KNOWN)[number] | 'Unknown';

/** The 'passkeys' key of a failed call's or ceremony's message (a name it does not know reads as Unknown). */
export function passkeyErrorKey(error: unknown): `errors.${Known}` {
  const name = errorNameOf(error);
  const known: Known = (KNOWN as readonly string[]).includes(name) ? (name as Known) : 'Unknown';
  return `errors.${known}`;
}
