import { DEVICE_MESSAGES, DeviceErrorCode } from '@rackside/protocol';
import { DeviceCallError } from '@rackside/device-client';
import type { ClientFactory } from './client';

/** What a password check against the host amp found (spec 2 §5 local login). */
export type VerifyResult = 'ok' | 'invalid' | 'unreachable';

/**
 * spec 2 §2/§5: checks a password with `/misc set {verifyPassword}` over a connection of its own, whose auth challenge
 * is answered with the password being checked (the amp says 'InvalidPassword' when it is wrong).
 */
export async function verifyPassword(
  createClient: ClientFactory,
  amp: { url: string; uacMac: string | undefined },
  password: string,
): Promise<VerifyResult> {
  const client = createClient({
    url: amp.url,
    password: () => password,
    ...(amp.uacMac ? { uacMac: amp.uacMac } : {}),
    autoReconnect: false,
  });
  try {
    await client.connected();
    await client.set('/misc', { verifyPassword: password });
    return 'ok';
  } catch (err) {
    const invalid =
      err instanceof DeviceCallError &&
      (err.code === DeviceErrorCode.InvalidPassword || err.message === DEVICE_MESSAGES.invalidPassword);
    return invalid ? 'invalid' : 'unreachable';
  } finally {
    client.close();
  }
}
