/** The 'members' key of a failed organisation call's message (a name it does not know reads as Unknown). */
import { errorNameOf } from '../../shared/cloud/cloud-error';

const KNOWN = [
  'OWNER_IS_FIXED',
  'ALREADY_A_MEMBER',
  'INVITATION_INVALID',
  'INVITATION_OTHER_EMAIL',
  'TWO_FACTOR_REQUIRED',
  'Forbidden',
  'TooManyRequests',
  'Network',
  'NotFound',
] as const;
type Known = (typeof KNOWN)[number] | 'Unknown';

export function membersErrorKey(error: unknown): `errors.${Known}` {
  const name = errorNameOf(error);
  const known: Known = (KNOWN as readonly string[]).includes(name) ? (name as Known) : 'Unknown';
  return `errors.${known}`;
}
