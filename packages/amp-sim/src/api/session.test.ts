import { authHash, CHOSEN, DeviceErrorCode } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { createSession } from './session';
import { testAmp } from './test-helpers';

type Msg = {
  id?: number | null;
  url?: string;
  result?: unknown;
  error?: { code: number; nonce?: string };
  params?: unknown;
};

function open(opts: { isCloudAgent?: boolean; notifyIntervalMs?: number } = {}) {
  const amp = testAmp();
  const out: Msg[] = [];
  const session = createSession(amp, { send: (f) => out.push(JSON.parse(f) as Msg), ...opts });
  const req = (method: string, url: string, id: number, params?: unknown, extra: object = {}) =>
    JSON.stringify({ leaApi: '1.0', url, method, params, id, ...extra });
  return { amp, out, session, req };
}
const waitFor = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('session (transport-independent)', () => {
  it('answers Busy beyond the queue limit, still in request order', async () => {
    const { amp, out, session, req } = open();
    amp.password = 'pw';
    // writes on a protected amp are answered asynchronously, so all of these are pending at once
    const n = CHOSEN.maxQueuedRequests + 20;
    for (let i = 0; i < n; i++) session.receive(req('set', '/misc', i, { findMe: true }));
    await waitFor(() => out.length === n);
    expect(out.map((m) => m.id)).toEqual(Array.from({ length: n }, (_, i) => i));
    const codes = out.map((m) => m.error?.code);
    expect(codes.slice(0, CHOSEN.maxQueuedRequests).every((c) => c === DeviceErrorCode.AuthChallenge)).toBe(true);
    expect(codes.slice(CHOSEN.maxQueuedRequests).every((c) => c === DeviceErrorCode.Busy)).toBe(true);
    session.close();
  });

  it('keeps order when an async request is followed by sync ones', async () => {
    const { amp, out, session, req } = open();
    amp.password = 'pw';
    session.receive(req('set', '/misc', 1, { findMe: true }));
    await waitFor(() => out.length === 1);
    const nonce = out[0]!.error!.nonce!;
    const hash = await authHash('pw', nonce, { method: 'set', url: '/misc', params: { findMe: true }, id: 2 });
    session.receive(req('set', '/misc', 2, { findMe: true }, { auth: { user: 'admin', nonce, hash } }));
    session.receive(req('get', '/misc/findMe', 3));
    await waitFor(() => out.length === 3);
    expect(out.slice(1)).toMatchObject([
      { id: 2, result: 'OK' },
      { id: 3, result: true },
    ]);
    session.close();
  });

  it('trusts the cloud agent and notifies it every 400 ms', async () => {
    const { amp, out, session, req } = open({ isCloudAgent: true });
    amp.password = 'pw';
    session.receive(req('subscribe', '/misc', 1));
    session.receive(req('set', '/misc', 2, { findMe: true }));
    await waitFor(() => out.length === 2);
    expect(out[1]).toMatchObject({ id: 2, result: 'OK' });
    const t0 = Date.now();
    await waitFor(() => out.length === 3);
    expect(Date.now() - t0).toBeGreaterThan(150);
    expect(out[2]?.params).toEqual({ misc: { findMe: true } });
    session.close();
  });

  it('accepts ArrayBuffer frames and sends nothing after close', async () => {
    const { amp, out, session, req } = open({ notifyIntervalMs: 10 });
    session.receive(new TextEncoder().encode(req('subscribe', '/amp/autoStandby', 1)).buffer);
    expect(out).toHaveLength(1);
    session.close();
    amp.apply({ amp: { autoStandby: { enable: true } } });
    session.receive(req('get', '/', 2));
    await new Promise((r) => setTimeout(r, 50));
    expect(out).toHaveLength(1);
  });
});
