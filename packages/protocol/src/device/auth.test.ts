import { createPrivateKey, generateKeyPairSync, privateDecrypt, createDecipheriv, constants } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authHash, canonicalJson, encryptUsersPayload, requestDigestInput, sha256Hex, uacSignature } from './auth';

describe('device API security primitives (docs/device-api.md)', () => {
  it('hashes a canonical form that does not depend on key order or the leading slash', () => {
    expect(canonicalJson({ b: 1, a: [true, { d: null, c: 'x' }] })).toBe('{"a":[true,{"c":"x","d":null}],"b":1}');
    const a = requestDigestInput({
      method: 'set',
      url: 'amp/channels/1/output',
      params: { mute: true, fader: -3 },
      id: 7,
    });
    const b = requestDigestInput({
      method: 'set',
      url: '/amp/channels/1/output',
      params: { fader: -3, mute: true },
      id: 7,
    });
    expect(a).toBe(b);
    expect(a).toBe('set\n/amp/channels/1/output\n{"fader":-3,"mute":true}\n7');
  });
  it('computes the challenge answer as SHA-256 of admin:password:nonce:request', async () => {
    const req = { method: 'get', url: '/', id: 1 };
    expect(await authHash('secret', 'n1', req)).toBe(await sha256Hex('admin:secret:n1:get\n/\n{}\n1'));
    expect(await authHash('secret', 'n2', req)).not.toBe(await authHash('secret', 'n1', req));
  });
  it('signs UAC requests with a key that depends on the MAC only, however it is written', async () => {
    const req = { method: 'set', url: '/amp/channels/1/output', params: { mute: true }, id: 3 };
    const s1 = await uacSignature('00:1b:2c:00:00:01', req);
    expect(s1).toMatch(/^[0-9a-f]{64}$/);
    expect(await uacSignature('001B2C000001', req)).toBe(s1);
    expect(await uacSignature('00:1B:2C:00:00:02', req)).not.toBe(s1);
  });
  it('encrypts /users payloads so the private key holder can read them (RSA-OAEP + AES-GCM, 12-byte IV, 16-byte tag)', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const sealed = await encryptUsersPayload({ user: 'admin', oldPassword: 'a', newPassword: 'b' }, pem);
    const iv = Buffer.from(sealed.iv, 'base64');
    const tag = Buffer.from(sealed.tag, 'base64');
    expect(iv).toHaveLength(12);
    expect(tag).toHaveLength(16);
    const key = privateDecrypt(
      {
        key: createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' })),
        oaepHash: 'sha256',
        padding: constants.RSA_PKCS1_OAEP_PADDING,
      },
      Buffer.from(sealed.encryptedKey, 'base64'),
    );
    const d = createDecipheriv('aes-256-gcm', key, iv);
    d.setAuthTag(tag);
    const plain = Buffer.concat([d.update(Buffer.from(sealed.ciphertext, 'base64')), d.final()]).toString();
    expect(JSON.parse(plain)).toEqual({ user: 'admin', oldPassword: 'a', newPassword: 'b' });
  });
});
