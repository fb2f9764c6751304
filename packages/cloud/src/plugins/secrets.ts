/**
 * Random secrets handed out once (registration tokens, device broker passwords, contact confirmation links) and what
 * is stored of them: a SHA-256 digest. 256 random bits need no slow or keyed hash (nobody can brute-force them), and an
 * unkeyed digest survives a rotation of JWT_SECRET, which would otherwise lock every amp out of the broker.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new secret: 256 random bits, base64url (43 characters). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What is stored of a secret: its SHA-256, hex. */
export const digestOf = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** True when the secret matches a stored digest (constant-time). */
export function matchesDigest(secret: string, digest: string): boolean {
  const a = Buffer.from(digestOf(secret), 'hex');
  const b = Buffer.from(digest, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
