/** The 'grants' key of a failed grant or settings call's message (a name it does not know reads as Unknown). */
import { errorNameOf } from '../../shared/cloud/cloud-error';

const KNOWN = [
  'INTEGRATOR_UNKNOWN',
  'ValidationError',
  'NotFound',
  'TwoFactorNotEnabled',
  'Forbidden',
  'Network',
] as const;
type Known = (typeof KNOWN)[number] | 'Unknown';

export function grantsErrorKey(error: unknown): `errors.${Known}` {
  const name = errorNameOf(error);
  return `errors.${(KNOWN as readonly string[]).includes(name) ? (name as Known) : 'Unknown'}`;
}
