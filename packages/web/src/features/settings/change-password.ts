/** Sending a password change to an amp (spec 2 §5/§7): `set /users` with the change encrypted by the device key. */
import { DeviceCallError } from '@rackside/device-client';
import { DEVICE_MESSAGES, DeviceErrorCode, encryptUsersPayload } from '@rackside/protocol';
import { usersChange, type PasswordMode, type PasswordValues } from './password-form';

/** What came of a change: done, the amp said 'InvalidPassword' (spec 2 §8), or it failed otherwise. */
export type PasswordOutcome = 'ok' | 'invalidPassword' | 'failed';

/** The amp refused the current password (in the `/users` payload or in the auth answer). */
export const isInvalidPassword = (err: unknown): boolean =>
  err instanceof DeviceCallError &&
  (err.code === DeviceErrorCode.InvalidPassword || err.message === DEVICE_MESSAGES.invalidPassword);

/** Encrypts the change and sends it with `set` (which rejects with the amp's error). */
export async function sendPasswordChange(
  set: (url: string, params: Record<string, unknown>) => Promise<unknown>,
  mode: PasswordMode,
  values: PasswordValues,
): Promise<PasswordOutcome> {
  try {
    await set('/users', await encryptUsersPayload(usersChange(mode, values)));
    return 'ok';
  } catch (err) {
    return isInvalidPassword(err) ? 'invalidPassword' : 'failed';
  }
}
