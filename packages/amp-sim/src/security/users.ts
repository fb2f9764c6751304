/**
 * `/users set`: the password change of spec 2 §6/§7, sent encrypted with the device public key. The payload is
 * RSA-OAEP (SHA-256) wrapping a 32-byte AES-256-GCM key; the JSON inside says protect, change or remove.
 */
import { constants, createDecipheriv, privateDecrypt } from 'node:crypto';
import { EncryptedPayloadSchema, UsersChangeSchema, type DeviceError, DeviceErrorCode } from '@rackside/protocol';
import type { Amp } from '../amp';
import { DEVICE_PRIVATE_KEY_PEM } from './device-key';

type UsersChange = ReturnType<typeof UsersChangeSchema.parse>;

/** Decrypts a `/users` payload to its plaintext change, or answers why it cannot. */
export function decryptUsersPayload(
  params: unknown,
  privateKeyPem: string = DEVICE_PRIVATE_KEY_PEM,
): { ok: true; change: UsersChange } | { ok: false; message: string } {
  const payload = EncryptedPayloadSchema.safeParse(params);
  if (!payload.success)
    return { ok: false, message: '/users expects {encryptedKey, iv, ciphertext, tag}, each base64-encoded' };
  const iv = Buffer.from(payload.data.iv, 'base64');
  const tag = Buffer.from(payload.data.tag, 'base64');
  if (iv.length !== 12 || tag.length !== 16)
    return { ok: false, message: '/users payload needs a 12-byte iv and a 16-byte tag' };
  let plain: string;
  try {
    const key = privateDecrypt(
      { key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(payload.data.encryptedKey, 'base64'),
    );
    if (key.length !== 32) return { ok: false, message: '/users payload key is not an AES-256 key' };
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    decipher.setAuthTag(tag);
    plain = Buffer.concat([decipher.update(Buffer.from(payload.data.ciphertext, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return { ok: false, message: '/users payload could not be decrypted with the device key' };
  }
  let json: unknown;
  try {
    json = JSON.parse(plain);
  } catch {
    return { ok: false, message: '/users payload does not hold JSON' };
  }
  const change = UsersChangeSchema.safeParse(json);
  if (!change.success)
    return { ok: false, message: "/users payload expects {user: 'admin', oldPassword?, newPassword?}" };
  return { ok: true, change: change.data };
}

/**
 * Applies a decrypted change: no old and a new password on an unprotected amp protects it; old and new change it
 * (old must match); old alone removes it. Keeps `misc.passwordProtected` in step. Answers the error, if any.
 */
export function applyUsersChange(amp: Amp, change: UsersChange): DeviceError | undefined {
  const { oldPassword, newPassword } = change;
  if (newPassword === '') return { code: DeviceErrorCode.InvalidParams, message: 'newPassword must not be empty' };
  if (oldPassword === undefined) {
    if (newPassword === undefined)
      return { code: DeviceErrorCode.InvalidParams, message: '/users needs oldPassword, newPassword or both' };
    if (amp.password !== null) return { code: DeviceErrorCode.InvalidPassword, message: 'InvalidPassword' };
  } else if (amp.password === null || oldPassword !== amp.password) {
    return { code: DeviceErrorCode.InvalidPassword, message: 'InvalidPassword' };
  }
  amp.password = newPassword ?? null;
  amp.apply({ misc: { passwordProtected: amp.password !== null } }, 'client');
  return undefined;
}
