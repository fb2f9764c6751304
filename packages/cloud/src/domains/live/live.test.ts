/**
 * The live stream on one cloud node (issue 20), over real HTTP (the app listening on a port; SSE responses never end,
 * so inject cannot read them): who may open it (bearer, a ticket once, never an expired or spent one), which events
 * reach whom (an amp of the caller's venue going offline and its incident, a rollout's progress; never another user's
 * amp), pings, sign-out and app close ending it, the cap per user, and hostile tickets answering 4xx, never 5xx.
 */
import { connect } from 'node:net';
import { IDENTITY_PATHS, LIVE_PATHS, LIVE_RETRY_MS, type CloudSession } from '@rackside/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactQuery } from '../../app';
import { DeviceEvents } from '../../device-events';
import { hostileAuthorization, hostileString } from '../../security/hostile';
import { encodeAny } from '../../security/schema-arbitrary';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, registerDevice, signIn } from '../../test/factories';
import { SseClient } from '../../test/sse';
import { updateRollout, updateTarget } from '../rollouts/rollouts.repo';
import { insertOneAmpRollout, liveDomains, statusIngestion, ticketFor } from './live.fixtures';

const API = '/api';

/** The status line's code of a GET sent on a raw socket (whatever the server answers before it closes). */
function rawStatus(base: string, path: string): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString('latin1')));
    const done = () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0));
    socket.on('close', done);
    socket.on('error', done);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
  });
}

describeEachDatabase('live stream', (db) => {
  let t: TestApp;
  let base = '';
  const events = new DeviceEvents();
  let status: (deviceId: string, online: boolean) => Promise<void>;
  const alice = { token: '', email: '', venueId: '', deviceId: '', userId: '' };
  const bob = { token: '', venueId: '', deviceId: '' };
  const open: SseClient[] = [];

  const stream = async (query: string, headers: Record<string, string> = {}) => {
    const client = await SseClient.open(`${base}${API}${LIVE_PATHS.stream}${query}`, headers);
    open.push(client);
    return client;
  };
  const withTicket = async (token: string) => stream(`?token=${await ticketFor(t, token)}`);

  beforeAll(async () => {
    t = await buildTestApp(db(), { domains: liveDomains(), deviceEvents: events });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    status = statusIngestion(db(), t, events);
    const a = await createSignedInUser(t.app, t.mailer);
    alice.token = a.token;
    alice.email = a.email;
    alice.venueId = await createVenue(t.app, a.token, 'Arena');
    alice.deviceId = (await registerDevice(t.app, a.token, alice.venueId)).deviceId;
    alice.userId = (await call(t.app, 'GET', IDENTITY_PATHS.me, undefined, a.token)).json<{
      username: string;
    }>().username;
    const b = await createSignedInUser(t.app, t.mailer);
    bob.token = b.token;
    bob.venueId = await createVenue(t.app, b.token, 'Club');
    bob.deviceId = (
      await registerDevice(t.app, b.token, bob.venueId, { mac: '00:1B:2C:00:0B:0B', serialNumber: 'RS704D0B0B' })
    ).deviceId;
  }, 60_000);
  afterAll(async () => {
    for (const client of open) client.close();
    await t.app.close();
  });

  it('refuses a caller without a bearer token or a ticket (401), and a bad bearer token', async () => {
    const none = await t.app.inject({ method: 'GET', url: `${API}${LIVE_PATHS.stream}` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: 'Unauthorized' });
    const bad = await t.app.inject({
      method: 'GET',
      url: `${API}${LIVE_PATHS.stream}`,
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(bad.statusCode).toBe(401);
    expect((await call(t.app, 'POST', LIVE_PATHS.ticket)).statusCode).toBe(401);
    const refused = await stream('');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'Unauthorized' });
  });

  it('opens with a ticket once; a spent, unknown or expired ticket answers 401', async () => {
    const ticket = await ticketFor(t, alice.token);
    const first = await stream(`?token=${ticket}`);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    // the security headers of every reply (plugins/headers.ts) survive the hijacked reply
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const again = await stream(`?token=${ticket}`);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.body)).toMatchObject({ error: 'Unauthorized' });
    expect((await stream(`?token=${'A'.repeat(43)}`)).status).toBe(401);

    const late = await ticketFor(t, alice.token);
    t.clock.advanceSeconds(31);
    const expired = await stream(`?token=${late}`);
    expect(expired.status).toBe(401);
    const body = JSON.parse(expired.body) as { error: string; message: string };
    expect(body.error).toBe('Unauthorized');
    expect(body.message).toMatch(/expired/);
    // the expired ticket was spent by trying: it fails the same way however the clock stands
    expect((await stream(`?token=${late}`)).status).toBe(401);
    await first.nextComment('ping');
    expect(first.retry).toBe(LIVE_RETRY_MS);
    first.close();
  });

  it("tells the caller of their amp going online and offline and of its incident, never of another user's amp", async () => {
    const mine = await withTicket(alice.token);
    const theirs = await stream('', { authorization: `Bearer ${bob.token}` });
    expect([mine.status, theirs.status]).toEqual([200, 200]);

    await status(bob.deviceId, true);
    await status(bob.deviceId, false);
    await status(alice.deviceId, true);
    await status(alice.deviceId, false);

    const offline = await mine.next('device', (d) => d.deviceId === alice.deviceId && !d.online);
    expect(offline.data).toEqual({ deviceId: alice.deviceId, venueId: alice.venueId, online: false });
    const incident = await mine.next('incident', (d) => d.deviceId === alice.deviceId && d.kind === 'offline');
    expect(incident.data).toMatchObject({ venueId: alice.venueId, state: 'open', severity: 'Critical' });
    // bob's stream got bob's amp (so the hub read it) ...
    await theirs.next('device', (d) => d.deviceId === bob.deviceId && !d.online);
    await theirs.next('incident', (d) => d.deviceId === bob.deviceId);
    // ... and each stream only its own user's
    const about = (c: SseClient) => c.events.map((e) => ('deviceId' in e.data ? e.data.deviceId : undefined));
    expect(about(mine)).not.toContain(bob.deviceId);
    expect(about(theirs)).not.toContain(alice.deviceId);
    expect([...mine.invalid, ...theirs.invalid]).toEqual([]);

    // back online: the offline incident resolves
    await status(alice.deviceId, true);
    await mine.next('device', (d) => d.deviceId === alice.deviceId && d.online);
    await mine.next('incident', (d) => d.incidentId === incident.data.incidentId && d.state === 'resolved');
    mine.close();
    theirs.close();
  });

  it("tells of a rollout's progress and of each amp's update", async () => {
    const mine = await stream('', { authorization: `Bearer ${alice.token}` });
    const theirs = await stream('', { authorization: `Bearer ${bob.token}` });
    const now = t.clock.now();
    const rolloutId = await insertOneAmpRollout(db(), alice.userId, alice.deviceId, now);
    const created = await mine.next('rollout', (d) => d.rolloutId === rolloutId);
    expect(created.data).toEqual({ rolloutId, state: 'running', currentWave: 0, waveCount: 1 });
    await updateTarget(db(), rolloutId, alice.deviceId, { state: 'inProgress', firmwareStatus: 'Flashing' });
    const amp = await mine.next('rollout', (d) => d.deviceId === alice.deviceId);
    expect(amp.data).toEqual({
      rolloutId,
      state: 'running',
      currentWave: 0,
      waveCount: 1,
      deviceId: alice.deviceId,
      venueId: alice.venueId,
      targetState: 'inProgress',
      firmwareStatus: 'Flashing',
    });
    await updateRollout(db(), rolloutId, { state: 'completed', currentWave: 1, updatedAt: now });
    await mine.next('rollout', (d) => d.rolloutId === rolloutId && d.state === 'completed' && d.currentWave === 1);
    expect(theirs.events.filter((e) => e.event === 'rollout')).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('ends the stream of a session that signs out (end signedOut), not the streams of other sessions', async () => {
    const second: CloudSession = await signIn(t.app, alice.email);
    const leaving = await stream('', { authorization: `Bearer ${second.idToken}` });
    const staying = await withTicket(alice.token);
    expect((await call(t.app, 'POST', IDENTITY_PATHS.signOut, {}, second.idToken)).statusCode).toBe(200);
    await leaving.next('end', (d) => d.reason === 'signedOut');
    await leaving.whenEnded();
    await staying.nextComment('ping');
    expect(staying.ended).toBe(false);
    expect(staying.events.filter((e) => e.event === 'end')).toEqual([]);
    // a signed-out session gets no ticket and no stream
    expect((await call(t.app, 'POST', LIVE_PATHS.ticket, undefined, second.idToken)).statusCode).toBe(401);
    expect((await stream('', { authorization: `Bearer ${second.idToken}` })).status).toBe(401);
    staying.close();
  });

  it('ends every stream with end restart when the app closes, and caps the streams per user (429)', async () => {
    const other = await buildTestApp(db(), { domains: liveDomains({ maxStreamsPerUser: 2 }) });
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${alice.token}` };
    const clients = [
      await SseClient.open(`${url}${API}${LIVE_PATHS.stream}`, headers),
      await SseClient.open(`${url}${API}${LIVE_PATHS.stream}`, headers),
    ];
    const third = await SseClient.open(`${url}${API}${LIVE_PATHS.stream}`, headers);
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    await other.app.close(); // resolves: the open streams do not hold the server open
    for (const client of clients) {
      await client.next('end', (d) => d.reason === 'restart');
      await client.whenEnded();
    }
  });

  it('puts the ticket route in the OpenAPI document and keeps the stream out (the fuzz suite waits for replies)', () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths[`${API}${LIVE_PATHS.ticket}`] ?? paths[LIVE_PATHS.ticket] ?? {})).toEqual(['post']);
    expect(paths[`${API}${LIVE_PATHS.stream}`] ?? paths[LIVE_PATHS.stream]).toBeUndefined();
  });

  it('the request log masks the ticket', () => {
    expect(redactQuery(`${API}${LIVE_PATHS.stream}?token=SECRETSECRET`)).toBe(
      `${API}${LIVE_PATHS.stream}?token=[redacted]`,
    );
  });

  describe('hostile tickets and headers answer 4xx, never 5xx', () => {
    const samples = fc.sample(hostileString, { numRuns: 150, seed: 20_020 });
    const extra = [
      '\u0000',
      '\uD800',
      'a\uDC00b',
      `${'a'.repeat(42)}\u0000`,
      'x'.repeat(300),
      'x'.repeat(1024 * 1024),
      '%',
      '%zz',
      'ticket\r\nx-injected: 1',
      '😀'.repeat(43),
      '',
    ];

    it('in the query (raw bytes too), with and without a bearer token', async () => {
      const failures: string[] = [];
      const urls = [
        ...[...samples, ...extra].map((v) => `${API}${LIVE_PATHS.stream}?token=${encodeAny(v)}`),
        `${API}${LIVE_PATHS.stream}?token=a&token=b`,
        `${API}${LIVE_PATHS.stream}?token[]=a`,
        `${API}${LIVE_PATHS.stream}?token=%00`,
        `${API}${LIVE_PATHS.stream}?token=%ED%A0%80`,
        `${API}${LIVE_PATHS.stream}?token=%C0%AF`,
        `${API}${LIVE_PATHS.stream}?token=%FF%FE`,
      ];
      for (const url of urls) {
        for (const headers of [{}, { authorization: 'Bearer x' }]) {
          const res = await t.app.inject({ method: 'GET', url, headers });
          if (res.statusCode < 400 || res.statusCode >= 500)
            failures.push(`${res.statusCode} ${res.body.slice(0, 120)} ← ${url.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
    }, 60_000);

    it('in the authorization header, on the stream and on the ticket', async () => {
      const failures: string[] = [];
      for (const authorization of fc.sample(hostileAuthorization, { numRuns: 40, seed: 20_021 })) {
        for (const [method, path] of [
          ['GET', LIVE_PATHS.stream],
          ['POST', LIVE_PATHS.ticket],
        ] as const) {
          try {
            const res = await t.app.inject({ method, url: `${API}${path}`, headers: { authorization } });
            if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${res.statusCode} ← ${authorization}`);
          } catch (error) {
            // light-my-request refuses what no HTTP client can send (a header value Node's parser would reject)
            if (!(error instanceof TypeError && /header/i.test(error.message))) throw error;
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it('over the wire: a query too large for the server, and a 1 KiB ticket', async () => {
      // above Node's header limit: the server's own 431 (Node's http client reads it as a hang-up, so a raw socket)
      const huge = await rawStatus(base, `${API}${LIVE_PATHS.stream}?token=${'x'.repeat(20_000)}`);
      expect(huge).toBe(431);
      const long = await SseClient.open(`${base}${API}${LIVE_PATHS.stream}?token=${'x'.repeat(1024)}`);
      expect(long.status).toBe(400);
      const health = await t.app.inject({ method: 'GET', url: `${API}/health` });
      expect(health.statusCode).toBe(200);
    });
  });
});
