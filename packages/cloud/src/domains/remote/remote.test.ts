/**
 * The remote relay end to end (issue 13): the cloud listening on a port with the embedded broker and the real
 * database, an emulated amp whose cloud agent registers and keeps its remote sessions over MQTT, and browsers played
 * by a DeviceClient (its ordinary WebSocket transport, credential in the query) and by raw `ws` sockets (credential in
 * the subprotocols).
 */
import type { Amp } from '@rackside/amp-sim';
import { DeviceClient } from '@rackside/device-client';
import { RelayRefusedError, RelayTransport } from '@rackside/device-client/relay';
import {
  DEVICE_PATHS,
  deviceTopic,
  fillPath,
  IDENTITY_PATHS,
  RELAY_CLOSE,
  RELAY_MAX_FRAME_BYTES,
  RELAY_SUBPROTOCOL,
  RELAY_TOKEN_PROTOCOL_PREFIX,
  REMOTE_PATHS as P,
  type RemoteSessionReply,
} from '@rackside/protocol';
import { connectAsync as connectMqtt } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { redactQuery } from '../../app';
import { silentBrokerLogger } from '../../broker/index';
import type { Db } from '../../db/client';
import { startMqtt, type MqttLink } from '../../mqtt';
import { buildTestApp, TestClock, testConfig, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { startOnlineAmp, until, type OnlineAmp } from '../../test/online-amp';
import { rawRelay } from '../../test/raw-relay';
import { DeviceEvents } from '../../device-events';
import { call, createSignedInUser, createVenue, registerDevice, signIn } from '../../test/factories';

const SERVICE = {
  MQTT_SERVICE_USERNAME: 'rackside-cloud',
  MQTT_SERVICE_PASSWORD: 'remote-service-secret',
  MQTT_PORT: '0',
};

/** Sessions one user may hold here (the default is RELAY_MAX_SESSIONS_PER_USER). */
const PER_USER = 2;

function relayTests(db: () => Db) {
  let t: TestApp;
  let mqtt: MqttLink;
  let online: OnlineAmp;
  let amp: Amp;
  let wsBase: string;
  let token: string;
  let deviceId: string;
  let bar: string;
  let hall: string;
  let user: Awaited<ReturnType<typeof createSignedInUser>>;
  const events = new DeviceEvents();
  const clock = new TestClock();
  const clients: DeviceClient[] = [];

  const relayUrl = (id: string) => `${wsBase}/api${fillPath(P.relay, { deviceId: id })}`;
  const credential = async (id = deviceId, as = token) =>
    (await call(t.app, 'POST', fillPath(P.session, { deviceId: id }), undefined, as)).json<RemoteSessionReply>();
  const subprotocols = (relayToken: string) => [RELAY_SUBPROTOCOL, `${RELAY_TOKEN_PROTOCOL_PREFIX}${relayToken}`];

  beforeAll(async () => {
    mqtt = await startMqtt({
      config: testConfig(SERVICE),
      db: db(),
      clock,
      log: silentBrokerLogger,
      deviceEvents: events,
    });
    t = await buildTestApp(db(), {
      config: {
        ...SERVICE,
        REMOTE_SESSIONS_PER_USER: String(PER_USER),
        MQTT_PUBLIC_URL: `mqtt://127.0.0.1:${new URL(mqtt.deviceUrl).port}`,
      },
      clock,
      broker: mqtt.service,
      disconnectDevice: mqtt.disconnectDevice,
      deviceEvents: events,
    });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsBase = base.replace(/^http/, 'ws');
    user = await createSignedInUser(t.app, t.mailer);
    ({ token } = user);
    hall = await createVenue(t.app, token, 'Hall');
    bar = await createVenue(t.app, token, 'Bar');
    online = await startOnlineAmp(t.app, { token, venueId: hall, apiBase: `${base}/api` });
    ({ amp, deviceId } = online);
  }, 20_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await online.stop();
    await t.app.close();
    await mqtt.close();
  });

  it('relays get, set and notifications between a DeviceClient and the amp, frames unchanged', async () => {
    const session = await credential();
    expect(session).toMatchObject({
      protocol: RELAY_SUBPROTOCOL,
      url: `ws://cloud.test/api/devices/${deviceId}/relay`,
    });
    expect(new Date(session.expiresAt).getTime() - clock.now().getTime()).toBe(15 * 60_000);
    const client = new DeviceClient({
      url: `${relayUrl(deviceId)}?token=${session.token}`,
      WebSocket,
      autoReconnect: false,
      timeoutMs: 3000,
    });
    clients.push(client);
    await client.connected();
    await expect(client.get('/amp/deviceInfo')).resolves.toMatchObject({ serialNumber: amp.identity.serialNumber });
    await expect(client.set('/amp/channels/1/output', { mute: true })).resolves.toBe('OK');
    expect(JSON.stringify(amp.state.amp)).toContain('"mute":true');
    await expect(client.get('/amp/channels/1/output')).resolves.toMatchObject({ mute: true });

    await client.subscribe('/amp/deviceInfo');
    amp.apply({ amp: { deviceInfo: { deviceName: 'Renamed at the rack' } } }, 'amp');
    await until('the notification', () =>
      JSON.stringify(client.state).includes('Renamed at the rack') ? true : undefined,
    );
    client.close();
  });

  it('answers a bad or oversized frame with the device API error and keeps the session up', async () => {
    const { token: relayToken } = await credential();
    const relay = await rawRelay(relayUrl(deviceId), subprotocols(relayToken));
    expect(relay.socket.protocol).toBe(RELAY_SUBPROTOCOL);
    relay.socket.send('this is not json');
    await until('the parse error', () => (relay.frames.length > 0 ? true : undefined));
    expect(relay.frames[0]).toMatchObject({ error: { code: -32700 } });
    relay.socket.send(JSON.stringify({ url: '/', method: 'get', id: 7, pad: 'x'.repeat(RELAY_MAX_FRAME_BYTES) }));
    await until('the size error', () => (relay.frames.length > 1 ? true : undefined));
    expect(relay.frames[1]).toMatchObject({ error: { code: -32600 }, id: null });
    relay.socket.send(JSON.stringify({ leaApi: '1.0', url: '/amp/deviceInfo', method: 'get', id: 8 }));
    await until('the reply', () => (relay.frames.length > 2 ? true : undefined));
    expect(relay.frames[2]).toMatchObject({ id: 8, result: { serialNumber: amp.identity.serialNumber } });
    relay.socket.close();
  });

  it("hands the browser the amp's reply frames byte for byte, as text frames", async () => {
    // the amp's api/res as the broker carries them, heard as the cloud's service identity
    const observer = await connectMqtt(`mqtt://127.0.0.1:${new URL(mqtt.deviceUrl).port}`, {
      username: SERVICE.MQTT_SERVICE_USERNAME,
      password: SERVICE.MQTT_SERVICE_PASSWORD,
      reconnectPeriod: 0,
    });
    const published: Buffer[] = [];
    observer.on('message', (_topic, payload) => published.push(payload));
    await observer.subscribeAsync(deviceTopic(deviceId, 'apiRes'), { qos: 0 });
    const { token: relayToken } = await credential();
    const relay = await rawRelay(relayUrl(deviceId), subprotocols(relayToken));
    const received: { data: Buffer; isBinary: boolean }[] = [];
    relay.socket.on('message', (data: Buffer, isBinary) => received.push({ data, isBinary }));
    // a request written over several lines, sent as a binary frame: its bytes go to the amp as they are
    const request = JSON.stringify({ leaApi: '1.0', url: '/amp/deviceInfo', method: 'get', id: 21 }, null, 2);
    relay.socket.send(Buffer.from(request));
    await until('the reply', () => (received.length > 0 && published.length > 0 ? true : undefined));
    expect(relay.frames[0]).toMatchObject({ id: 21, result: { serialNumber: amp.identity.serialNumber } });
    const payload = published[0]!;
    const header = Buffer.from('{"sessionId":"');
    expect(payload.subarray(0, header.byteLength)).toEqual(header);
    expect(received[0]!.isBinary).toBe(false);
    expect(received[0]!.data).toEqual(payload.subarray(payload.indexOf(0x0a) + 1));
    relay.socket.close();
    await observer.endAsync();
  });

  it("refuses another account's user, a token for another amp, a missing, wrong-kind or expired token", async () => {
    const other = await createSignedInUser(t.app, t.mailer);
    const res = await call(t.app, 'POST', fillPath(P.session, { deviceId }), undefined, other.token);
    expect(res.statusCode).toBe(404);

    const offline = await registerDevice(t.app, token, bar, { serialNumber: 'RS704D00009', mac: '00:1B:2C:00:00:09' });
    const refused = await call(t.app, 'POST', fillPath(P.session, { deviceId: offline.deviceId }), undefined, token);
    expect([refused.statusCode, refused.json()]).toMatchObject([409, { error: 'AMP_OFFLINE' }]);

    const { token: relayToken } = await credential();
    const closes = await Promise.all([
      rawRelay(relayUrl(offline.deviceId), subprotocols(relayToken)).then((r) => r.closed),
      rawRelay(relayUrl(deviceId), [RELAY_SUBPROTOCOL]).then((r) => r.closed),
      rawRelay(`${relayUrl(deviceId)}?token=${token}`).then((r) => r.closed),
    ]);
    expect(closes.map((c) => c.code)).toEqual([
      RELAY_CLOSE.Unauthorized,
      RELAY_CLOSE.Unauthorized,
      RELAY_CLOSE.Unauthorized,
    ]);
    expect(closes[0]?.reason).toMatch(/another amp/);

    clock.advance(15 * 60_000 + 1000);
    try {
      const expired = await (await rawRelay(relayUrl(deviceId), subprotocols(relayToken))).closed;
      expect(expired).toMatchObject({ code: RELAY_CLOSE.Unauthorized, reason: 'The token has expired' });
    } finally {
      clock.advance(-(15 * 60_000 + 1000));
    }
  });

  it('caps the sessions of a user, and answers frames beyond the rate with Busy while the session stays up', async () => {
    const open = async () => {
      const { token: relayToken } = await credential();
      const client = new DeviceClient({
        url: relayUrl(deviceId),
        protocols: subprotocols(relayToken),
        WebSocket,
        autoReconnect: false,
        timeoutMs: 3000,
      });
      clients.push(client);
      return client;
    };
    const [first, second] = [await open(), await open()];
    await Promise.all([first.connected(), second.connected()]);
    // both answer before the third opens: the caps are counted after a socket's handshake, so three opened back to
    // back race for the last place
    for (const client of [first, second])
      await expect(client.get('/amp/deviceInfo')).resolves.toMatchObject({ serialNumber: amp.identity.serialNumber });
    const third = await rawRelay(relayUrl(deviceId), subprotocols((await credential()).token));
    expect(await third.closed).toMatchObject({ code: RELAY_CLOSE.TooManySessions });
    await expect(second.get('/amp/deviceInfo')).resolves.toMatchObject({ serialNumber: amp.identity.serialNumber });
    first.close();
    second.close();

    const { token: relayToken } = await credential();
    const relay = await until('a session once the others closed', async () => {
      const r = await rawRelay(relayUrl(deviceId), subprotocols(relayToken));
      if (r.socket.readyState === WebSocket.OPEN) return r;
    });
    const burst = 150; // above RELAY_RATE_BURST
    for (let id = 1; id <= burst; id++) relay.socket.send(JSON.stringify({ url: '/misc', method: 'get', id }));
    await until('an answer to every frame', () => (relay.frames.length >= burst ? true : undefined));
    const busy = relay.frames.filter((f) => JSON.stringify(f).includes('through the relay'));
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]).toMatchObject({ error: { code: -32005 } });
    await new Promise((r) => setTimeout(r, 200)); // the bucket refills
    relay.socket.send(JSON.stringify({ leaApi: '1.0', url: '/amp/deviceInfo', method: 'get', id: 999 }));
    await until('the reply after the burst', () =>
      relay.frames.some((f) => (f as { id?: number }).id === 999) ? true : undefined,
    );
    relay.socket.close();
    await relay.closed;
  });

  it('closes an open session whose credential expired when it checks its access again', async () => {
    const { token: relayToken } = await credential();
    const relay = await rawRelay(relayUrl(deviceId), subprotocols(relayToken));
    expect(await relay.up()).toBe(true);
    clock.advance(15 * 60_000 + 1000);
    try {
      // a move is one of the events that make open sessions check at once (the others wait for RELAY_RECHECK_MS)
      const path = `${fillPath(DEVICE_PATHS.relocate, { deviceId })}?venueId=${bar}`;
      expect((await call(t.app, 'PUT', path, undefined, token)).statusCode).toBe(200);
      expect(await relay.closed).toMatchObject({ code: RELAY_CLOSE.Expired });
    } finally {
      clock.advance(-(15 * 60_000 + 1000));
    }
  });

  it('renews a session in place with a fresh credential, past the first one’s expiry; refuses a bad one', async () => {
    const first = await credential();
    const relay = await rawRelay(relayUrl(deviceId), subprotocols(first.token));
    expect(await relay.up()).toBe(true);
    clock.advance(10 * 60_000);
    try {
      const next = await credential();
      relay.socket.send(JSON.stringify({ relay: 'refresh', token: next.token }));
      await until('the refreshed answer', () => (relay.frames.length > 0 ? true : undefined));
      expect(relay.frames[0]).toEqual({ relay: 'refreshed', expiresAt: next.expiresAt });
      clock.advance(6 * 60_000); // past the first credential's expiry, inside the second's
      events.changed(deviceId); // the session checks its access now
      relay.socket.send(JSON.stringify({ leaApi: '1.0', url: '/amp/deviceInfo', method: 'get', id: 3 }));
      await until('a reply on the renewed session', () => (relay.frames.length > 1 ? true : undefined));
      expect(relay.frames[1]).toMatchObject({ id: 3, result: { serialNumber: amp.identity.serialNumber } });
      expect(relay.socket.readyState).toBe(WebSocket.OPEN);

      relay.socket.send(JSON.stringify({ relay: 'refresh', token: 'not-a-credential' }));
      expect(await relay.closed).toMatchObject({ code: RELAY_CLOSE.Unauthorized });
    } finally {
      clock.advance(-16 * 60_000);
    }
  });

  it('connects a DeviceClient through RelayTransport, renews its credential without dropping it, says why it ends', async () => {
    const states: string[] = [];
    const relayCredential = async () => {
      const res = await call(t.app, 'POST', fillPath(P.session, { deviceId }), undefined, token);
      if (res.statusCode !== 200) throw new RelayRefusedError(RELAY_CLOSE.AmpOffline, res.body);
      // the cloud's url names its PUBLIC_URL; this test's cloud listens elsewhere
      return { ...res.json<RemoteSessionReply>(), url: relayUrl(deviceId) };
    };
    const transport = new RelayTransport({
      credential: relayCredential,
      WebSocket,
      // renew 300 ms after opening: the lead is the whole lifetime less 300 ms
      refreshLeadMs: 15 * 60_000 - 300,
      now: () => clock.now().getTime(),
    });
    const client = new DeviceClient({ transport, autoReconnect: false, timeoutMs: 3000 });
    clients.push(client);
    client.onConnectionState((s) => states.push(s));
    await client.connected();
    states.length = 0;
    const firstExpiry = transport.expiresAt;
    clock.advance(60_000);
    try {
      await until('the credential renewed in place', () => (transport.expiresAt > firstExpiry ? true : undefined));
      expect(transport.expiresAt - firstExpiry).toBe(60_000);
      await expect(client.get('/amp/deviceInfo')).resolves.toMatchObject({ serialNumber: amp.identity.serialNumber });
      expect(states).toEqual([]); // never left CONNECTED

      amp.unplugNetwork(60_000);
      await until('the session closed', () => (states.includes('FAILED') ? true : undefined));
      expect(transport.lastClose?.code).toBe(RELAY_CLOSE.AmpOffline);
      transport.open(); // what a reconnect does: a credential first, refused while the amp is away
      await until('the refusal', () => transport.lastClose);
      expect(transport.lastClose).toMatchObject({ code: RELAY_CLOSE.AmpOffline });
      expect(transport.lastClose?.reason).toContain('AMP_OFFLINE');
    } finally {
      clock.advance(-60_000);
      client.close();
      amp.unplugNetwork(0);
      await until('the amp back online', async () => {
        const r = await call(t.app, 'POST', fillPath(P.session, { deviceId }), undefined, token);
        return r.statusCode === 200 ? true : undefined;
      });
    }
  });

  it('closes a session within 1 s of its user signing out, and keeps another user’s', async () => {
    const again = await signIn(t.app, user.email, user.password);
    const res = await call(t.app, 'POST', fillPath(P.session, { deviceId }), undefined, again.idToken);
    const leaving = await rawRelay(relayUrl(deviceId), subprotocols(res.json<RemoteSessionReply>().token));
    const staying = await rawRelay(relayUrl(deviceId), subprotocols((await credential()).token));
    expect([await leaving.up(), await staying.up()]).toEqual([true, true]);
    const signedOutAt = Date.now();
    expect((await call(t.app, 'POST', IDENTITY_PATHS.signOut, {}, again.idToken)).statusCode).toBe(200);
    const closed = await leaving.closed;
    expect(closed).toMatchObject({ code: RELAY_CLOSE.Unauthorized, reason: 'The sign-in session has ended' });
    expect(closed.at - signedOutAt).toBeLessThan(1000);
    expect(staying.socket.readyState).toBe(WebSocket.OPEN);
    staying.socket.close();
  });

  it('closes a session within 1 s of its amp going offline, and admits again once it is back', async () => {
    const relay = await rawRelay(relayUrl(deviceId), subprotocols((await credential()).token));
    expect(await relay.up()).toBe(true);
    const unpluggedAt = Date.now();
    amp.unplugNetwork(60_000);
    const closed = await relay.closed;
    expect(closed.code).toBe(RELAY_CLOSE.AmpOffline);
    expect(closed.at - unpluggedAt).toBeLessThan(1000);
    const refused = await call(t.app, 'POST', fillPath(P.session, { deviceId }), undefined, token);
    expect(refused.statusCode).toBe(409);

    amp.unplugNetwork(0);
    const back = await until('a credential once the amp is back', async () => {
      const r = await call(t.app, 'POST', fillPath(P.session, { deviceId }), undefined, token);
      return r.statusCode === 200 ? r.json<RemoteSessionReply>() : undefined;
    });
    const reopened = await rawRelay(relayUrl(deviceId), subprotocols(back.token));
    expect(await reopened.up()).toBe(true);
    reopened.socket.close();
  });

  it('keeps a session open across a move between the user’s venues and closes it within 1 s of removal', async () => {
    const { token: relayToken } = await credential();
    const relay = await rawRelay(relayUrl(deviceId), subprotocols(relayToken));
    expect(await relay.up()).toBe(true);
    const moved = await call(
      t.app,
      'PUT',
      `${fillPath(DEVICE_PATHS.relocate, { deviceId })}?venueId=${bar}`,
      undefined,
      token,
    );
    expect(moved.statusCode).toBe(200);
    relay.socket.send(JSON.stringify({ leaApi: '1.0', url: '/amp/deviceInfo', method: 'get', id: 1 }));
    await until('the reply after the move', () => (relay.frames.length > 0 ? true : undefined));
    expect(relay.socket.readyState).toBe(WebSocket.OPEN);

    const removedAt = Date.now();
    const removed = await call(t.app, 'DELETE', fillPath(DEVICE_PATHS.device, { deviceId }), undefined, token);
    expect(removed.statusCode).toBe(200);
    const closed = await relay.closed;
    expect(closed.code).toBe(RELAY_CLOSE.Forbidden);
    expect(closed.at - removedAt).toBeLessThan(1000);
  });
}

describeEachDatabase('remote relay: browser ⇄ cloud ⇄ broker ⇄ amp', (db) => relayTests(db));

describe('the request log', () => {
  it('never shows a relay credential given in the query', () => {
    expect(redactQuery('/api/devices/d/relay?token=eyJ.abc.def')).toBe('/api/devices/d/relay?token=[redacted]');
    expect(redactQuery('/api/devices/d/relay?x=1&token=eyJ.abc&y=2')).toBe(
      '/api/devices/d/relay?x=1&token=[redacted]&y=2',
    );
    expect(redactQuery('/api/venues?tokenish=1')).toBe('/api/venues?tokenish=1');
  });
});
