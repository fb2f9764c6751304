/**
 * Who may write (spec 2 §6/§7): the password auth challenge (-32000 with a single-use nonce) and the UAC
 * request signature. Reads are never guarded.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { authHash, DeviceErrorCode, uacSignature, type DeviceError } from '@rackside/protocol';
import type { Amp } from '../amp';

/** How long a challenge nonce stays valid. */
export const NONCE_TTL_MS = 60_000;
/** Outstanding nonces kept per connection; the oldest is forgotten first. */
export const MAX_OUTSTANDING_NONCES = 32;

/** The single-use nonces one connection was challenged with. */
export class NonceBook {
  private readonly issued = new Map<string, number>();

  /** A fresh nonce: 16 random bytes, lower-case hex. */
  issue(now = Date.now()): string {
    const nonce = randomBytes(16).toString('hex');
    this.issued.set(nonce, now + NONCE_TTL_MS);
    for (const oldest of this.issued.keys()) {
      if (this.issued.size <= MAX_OUTSTANDING_NONCES) break;
      this.issued.delete(oldest);
    }
    return nonce;
  }

  /** Uses up a nonce; true when it was issued here, unused and not expired. */
  take(nonce: string, now = Date.now()): boolean {
    const expires = this.issued.get(nonce);
    this.issued.delete(nonce);
    return expires !== undefined && expires >= now;
  }
}

/** The fields of a request that its hash and signature cover, plus the answers a client attached. */
export interface GuardedRequest {
  readonly url: string;
  readonly method: string;
  readonly params: unknown;
  readonly id: number;
  readonly auth?: { readonly user: 'admin'; readonly nonce: string; readonly hash: string };
  readonly signature?: string;
}

const sameHex = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** True while the amp is UAC-locked: a non-empty UAC key (spec 2 §6). */
export const isUacLocked = (amp: Amp): boolean => amp.state.UAC.key !== '';

/** True when the amp checks no write at all (not UAC-locked, no password): guardWrite then lets every write through. */
export const isUnguarded = (amp: Amp): boolean => amp.password === null && !isUacLocked(amp);

/**
 * Checks a write request: first the UAC signature when the amp is UAC-locked, then the password answer when the
 * amp is protected. Answers undefined when the request may go ahead, else the error to reply with.
 */
export async function guardWrite(amp: Amp, nonces: NonceBook, req: GuardedRequest): Promise<DeviceError | undefined> {
  if (isUacLocked(amp)) {
    if (req.signature === undefined)
      return {
        code: DeviceErrorCode.Forbidden,
        message: 'the amp is locked by UAC: write requests need a signature derived from its MAC address',
      };
    if (!sameHex(req.signature, await uacSignature(amp.identity.mac, req)))
      return { code: DeviceErrorCode.Forbidden, message: 'invalid UAC signature for this request' };
  }
  const password = amp.password;
  if (password === null) return undefined;
  if (req.auth === undefined) return challenge(nonces, 'authentication required');
  if (!nonces.take(req.auth.nonce)) return challenge(nonces, 'the nonce is unknown, expired or already used');
  if (!sameHex(req.auth.hash, await authHash(password, req.auth.nonce, req)))
    return { code: DeviceErrorCode.InvalidPassword, message: 'InvalidPassword' };
  return undefined;
}

function challenge(nonces: NonceBook, message: string): DeviceError {
  return { code: DeviceErrorCode.AuthChallenge, message, nonce: nonces.issue() };
}
