/**
 * The write guard skipped on an unprotected amp, against guardWrite itself: skipped exactly when it would let the
 * write through, and writes still answered in order when it is not skipped.
 */
import { DeviceErrorCode, authHash } from '@rackside/protocol';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { guardWrite, isUnguarded, NonceBook } from '../security/guard';
import { createSession } from './session';
import { testAmp } from './test-helpers';

type Obj = Record<string, unknown>;

describe('the write guard on an unprotected amp', () => {
  it('is skipped only when guardWrite would let the write through (property)', async () => {
    const amp = testAmp();
    const nonces = new NonceBook();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(null, 'pw'),
        fc.constantFrom('', 'uac-key'),
        fc.record({ url: fc.constantFrom('/misc', '/amp/channels/1/output'), params: fc.jsonValue({ maxDepth: 2 }) }),
        async (password, key, r) => {
          amp.password = password;
          amp.state.UAC.key = key;
          const req = { ...r, method: 'set', id: 1 };
          const error = await guardWrite(amp, nonces, req);
          expect(isUnguarded(amp)).toBe(password === null && key === '');
          if (isUnguarded(amp)) expect(error).toBeUndefined();
          else expect(error).toBeDefined();
        },
      ),
      { numRuns: 100 },
    );
  });

  it('answers a write at once when unguarded, and still after the hashing when protected, in order', async () => {
    const amp = testAmp();
    const out: { id: number; result?: unknown; error?: { code: number; nonce?: string } }[] = [];
    const session = createSession(amp, { send: (f) => out.push(JSON.parse(f) as (typeof out)[number]) });
    const send = (id: number, method: string, url: string, params?: unknown, extra: Obj = {}) =>
      session.receive(JSON.stringify({ leaApi: '1.0', url, method, params, id, ...extra }));
    send(1, 'set', '/misc', { findMe: true });
    expect(out).toEqual([{ leaApi: '1.0', url: '/misc', result: 'OK', id: 1 }]);

    amp.password = 'pw';
    send(2, 'set', '/misc', { findMe: false });
    send(3, 'get', '/misc/findMe');
    expect(out).toHaveLength(1); // the challenge is async; the get waits behind it
    await vi.waitFor(() => expect(out).toHaveLength(3));
    expect(out[1]).toMatchObject({ id: 2, error: { code: DeviceErrorCode.AuthChallenge } });
    expect(out[2]).toMatchObject({ id: 3, result: true });
    const nonce = out[1]!.error!.nonce!;
    const hash = await authHash('pw', nonce, { method: 'set', url: '/misc', params: { findMe: false }, id: 4 });
    send(4, 'set', '/misc', { findMe: false }, { auth: { user: 'admin', nonce, hash } });
    await vi.waitFor(() => expect(out).toHaveLength(4));
    expect(out[3]).toMatchObject({ id: 4, result: 'OK' });
    expect(amp.state.misc.findMe).toBe(false);
    session.close();
  });
});
