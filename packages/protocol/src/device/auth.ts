/**
 * The device API's security primitives, shared by the console (device-client) and the emulator so both
 * compute the same bytes. docs/device-api.md describes them for third parties. WebCrypto only: runs in
 * browsers and in Node 20.
 */
import type * as z from 'zod/mini';
import type { DeviceRequest, EncryptedPayloadSchema, UsersChangeSchema } from './messages';

const enc = new TextEncoder();
const hex = (buf: ArrayBuffer): string =>
  Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
const b64 = (buf: ArrayBuffer | Uint8Array): string => {
  const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};
/** Decodes base64 to bytes. */
export const fromB64 = (s: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** JSON with object keys sorted (recursively) and no whitespace: the form that is hashed and signed. */
export function canonicalJson(v: unknown): string {
  if (v === undefined) return 'null';
  if (Array.isArray(v)) return '[' + v.map(canonicalJson).join(',') + ']';
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return (
      '{' +
      Object.keys(o)
        .filter((k) => o[k] !== undefined)
        .sort()
        .map((k) => JSON.stringify(k) + ':' + canonicalJson(o[k]))
        .join(',') +
      '}'
    );
  }
  return JSON.stringify(v);
}

/** The request as hashed and signed: method, url with its leading slash, canonical params, id, one per line. */
export function requestDigestInput(req: Pick<DeviceRequest, 'method' | 'url' | 'params' | 'id'>): string {
  const url = '/' + req.url.split('/').filter(Boolean).join('/');
  return [req.method, url, canonicalJson(req.params ?? {}), String(req.id)].join('\n');
}

/** SHA-256 of a string, lower-case hex. */
export async function sha256Hex(s: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', enc.encode(s)));
}

/** The answer to a -32000 challenge: SHA-256 hex of "admin:{password}:{nonce}:" followed by the request digest input. */
export async function authHash(
  password: string,
  nonce: string,
  req: Pick<DeviceRequest, 'method' | 'url' | 'params' | 'id'>,
) {
  return sha256Hex(`admin:${password}:${nonce}:${requestDigestInput(req)}`);
}

/** Normalises a MAC address to upper-case hex pairs separated by colons. */
export const normalizeMac = (mac: string): string =>
  (
    mac
      .replace(/[^0-9a-fA-F]/g, '')
      .toUpperCase()
      .match(/.{2}/g) ?? []
  ).join(':');

/** The UAC signing key of an amp: SHA-256 of "LEA-UAC:" + its MAC in upper-case colon form (32 raw bytes). */
export async function uacKeyFromMac(mac: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode('LEA-UAC:' + normalizeMac(mac))));
}

/** The `signature` a UAC-locked amp requires: HMAC-SHA256 hex of the request digest input with the MAC-derived key. */
export async function uacSignature(mac: string, req: Pick<DeviceRequest, 'method' | 'url' | 'params' | 'id'>) {
  const key = await crypto.subtle.importKey('raw', await uacKeyFromMac(mac), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return hex(await crypto.subtle.sign('HMAC', key, enc.encode(requestDigestInput(req))));
}

/**
 * The fixed 2048-bit public key the console encrypts password changes with (spec 2 §7). The emulator holds the
 * matching private key; a real amp's firmware holds its own.
 */
export const DEVICE_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAzL9fmIm0AMQKRqRMqIml
YOb5l0lccz3KclUHZX58VNPXng9YbUGCMvdpp4dJamaOQQTNEwPpd39fgMqpjNmC
91JwAArYtQ24/qxbxNtfmhuFC2kIBQwx5l/FNlMoLGFHInQ1NRTLMRh6xtr1SZ9a
N5vZwdEC/4r3s/YLHIXXSK5gVvx5iAO/9YbagUXgdfrf/oik1YDf6OYn4BMUvFGb
ZHuhSWn0WEYgtyeKXCz2Iz03/FaZfSgpNlXaBB/bUOkUuLHFYxj75MDGmg3H053C
NXTQ5jew/CXAI2PBmovufwbzY2hxLL3LHHXmHCR2MPxOPz2PzfiJeMYAvP6mZWLL
cQIDAQAB
-----END PUBLIC KEY-----`;

const pemBody = (pem: string): Uint8Array<ArrayBuffer> =>
  fromB64(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''));

/**
 * Encrypts a `/users` payload: a fresh AES-256-GCM key (12-byte IV, 128-bit tag) encrypts the JSON; RSA-OAEP
 * (SHA-256) with the device public key wraps the AES key. All parts travel base64-encoded.
 */
export async function encryptUsersPayload(
  plain: z.infer<typeof UsersChangeSchema>,
  publicKeyPem: string = DEVICE_PUBLIC_KEY_PEM,
): Promise<z.infer<typeof EncryptedPayloadSchema>> {
  const rsa = await crypto.subtle.importKey(
    'spki',
    pemBody(publicKeyPem),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aesRaw = crypto.getRandomValues(new Uint8Array(32));
  const aes = await crypto.subtle.importKey('raw', aesRaw, { name: 'AES-GCM' }, false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, tagLength: 128 }, aes, enc.encode(JSON.stringify(plain))),
  );
  const wrapped = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, rsa, aesRaw);
  return {
    encryptedKey: b64(wrapped),
    iv: b64(iv),
    ciphertext: b64(sealed.slice(0, sealed.length - 16)),
    tag: b64(sealed.slice(sealed.length - 16)),
  };
}
