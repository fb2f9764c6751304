/**
 * Keys of locked property groups (spec 3 §3: "the key is held obfuscated per group"): the amp stores
 * `sha256$<salt hex>$<SHA-256 hex of salt bytes followed by the key's UTF-8 bytes>`, never the key itself.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const digest = (salt: Buffer, key: string): Buffer => createHash('sha256').update(salt).update(key, 'utf8').digest();

/** Obfuscates a group key with a fresh 16-byte salt. */
export function obfuscateGroupKey(key: string): string {
  const salt = randomBytes(16);
  return `sha256$${salt.toString('hex')}$${digest(salt, key).toString('hex')}`;
}

/** True when a password is the key an obfuscated group key was made from. */
export function matchesGroupKey(stored: string, password: string): boolean {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'sha256' || saltHex === undefined || hashHex === undefined) return false;
  const want = Buffer.from(hashHex, 'hex');
  const got = digest(Buffer.from(saltHex, 'hex'), password);
  return want.length === got.length && timingSafeEqual(want, got);
}

const OBFUSCATED = /^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/;

/**
 * True when a key is already in the amp's obfuscated form: a locked export carries the key `lock` answered, and
 * importing it locks the target with that key (spec 3 §3/§4), so the original password still unlocks it.
 */
export const isObfuscatedGroupKey = (key: string): boolean => OBFUSCATED.test(key);

/** The key a group stores: an obfuscated key as it came, any other key obfuscated. */
export const storedGroupKey = (key: string): string => (isObfuscatedGroupKey(key) ? key : obfuscateGroupKey(key));
