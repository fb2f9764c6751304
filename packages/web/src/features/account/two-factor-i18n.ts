/**
 * Texts of two-factor sign-in and the sessions page (issue 21): namespace 'two-factor'
 * (shared/i18n/locales/{en,es,zh}/two-factor.json), keys type-checked; and the message of a failed call.
 */
import { useTranslation } from 'react-i18next';
import type twoFactor from '../../shared/i18n/locales/en/two-factor.json';
import { errorNameOf } from '../../shared/cloud/cloud-error';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    'two-factor': typeof twoFactor;
  }
}

export const useTwoFactorText = () => useTranslation('two-factor');

const KNOWN = [
  'InvalidCode',
  'CodeAlreadyUsed',
  'CodeAttemptsExceeded',
  'TwoFactorChallengeInvalid',
  'TwoFactorAlreadyEnabled',
  'TwoFactorNotEnabled',
  'InvalidPassword',
  'RequiredFieldsMissing',
  'TooManyRequests',
  'Network',
  'NotFound',
] as const;
type Known = (typeof KNOWN)[number] | 'Unknown';

/** The 'two-factor' key of a failed call's message (a name it does not know reads as Unknown). */
export function twoFactorErrorKey(error: unknown): `errors.${Known}` {
  const name = errorNameOf(error);
  const known: Known = (KNOWN as readonly string[]).includes(name) ? (name as Known) : 'Unknown';
  return `errors.${known}`;
}
