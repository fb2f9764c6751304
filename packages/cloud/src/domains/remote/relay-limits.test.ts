/**
 * The relay's per-amp session cap and its renewal with a credential for another amp (issue 13, "Limits" and
 * "Security"), end to end as remote.test.ts: the cloud on a port with the embedded broker and the real database, two
 * emulated amps of one user online through their cloud agents, browsers played by raw `ws` sockets. The caps are set
 * apart (2 a amp, 3 a user) so that each refusal can only come from the cap it names.
 */
import {
  fillPath,
  RELAY_CLOSE,
  RELAY_SUBPROTOCOL,
  RELAY_TOKEN_PROTOCOL_PREFIX,
  REMOTE_PATHS as P,
  type RemoteSessionReply,
} from '@rackside/protocol';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { silentBrokerLogger } from '../../broker/index';
import type { Db } from '../../db/client';
import { DeviceEvents } from '../../device-events';
import { startMqtt, type MqttLink } from '../../mqtt';
import { buildTestApp, TestClock, testConfig, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue } from '../../test/factories';
import { startOnlineAmp, until, type OnlineAmp } from '../../test/online-amp';
import { rawRelay } from '../../test/raw-relay';

const SERVICE = {
  MQTT_SERVICE_USERNAME: 'rackside-cloud',
  MQTT_SERVICE_PASSWORD: 'relay-limits-service-secret',
  MQTT_PORT: '0',
};
const PER_AMP = 2;
const PER_USER = 3;

type Relay = Awaited<ReturnType<typeof rawRelay>>;

/** How the relay closed the socket; fails when it is still open after `ms`. */
async function closeOf(relay: Relay, ms = 3000) {
  let timer: NodeJS.Timeout | undefined;
  const open = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the relay kept the session open for ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([relay.closed, open]);
  } finally {
    clearTimeout(timer);
  }
}

function limitsTests(db: () => Db) {
  let t: TestApp;
  let mqtt: MqttLink;
  let wsBase: string;
  let token: string;
  const amps: OnlineAmp[] = [];
  const open: Relay[] = [];
  const events = new DeviceEvents();
  const clock = new TestClock();
  let nextId = 1;

  const relayUrl = (deviceId: string) => `${wsBase}/api${fillPath(P.relay, { deviceId })}`;
  const credential = async (deviceId: string) => {
    const res = await call(t.app, 'POST', fillPath(P.session, { deviceId }), undefined, token);
    expect(res.statusCode).toBe(200);
    return res.json<RemoteSessionReply>();
  };
  const connect = async (deviceId: string) => {
    const relay = await rawRelay(relayUrl(deviceId), [
      RELAY_SUBPROTOCOL,
      `${RELAY_TOKEN_PROTOCOL_PREFIX}${(await credential(deviceId)).token}`,
    ]);
    open.push(relay);
    return relay;
  };
  /**
   * The amp's serial number read through the relay: the session is up and reaches its own amp; undefined when the
   * relay closed the socket instead of answering.
   */
  const serialThrough = async (relay: Relay) => {
    const id = nextId++;
    relay.socket.send(JSON.stringify({ leaApi: '1.0', url: '/amp/deviceInfo', method: 'get', id }));
    const reply = await until(
      `the reply to ${id}`,
      () => relay.frames.find((f) => f.id === id) ?? (relay.socket.readyState === WebSocket.CLOSED ? null : undefined),
    );
    return (reply?.result as { serialNumber?: string } | undefined)?.serialNumber;
  };
  const closeAll = async () => {
    for (const relay of open.splice(0)) {
      relay.socket.close();
      await relay.closed;
    }
  };

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
        REMOTE_SESSIONS_PER_AMP: String(PER_AMP),
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
    ({ token } = await createSignedInUser(t.app, t.mailer));
    const venueId = await createVenue(t.app, token, 'Hall');
    for (const index of [0, 1])
      amps.push(await startOnlineAmp(t.app, { token, venueId, apiBase: `${base}/api`, index }));
  }, 30_000);

  // a test's sessions end with it, passed or failed: the next starts under the caps
  afterEach(closeAll);

  afterAll(async () => {
    await closeAll();
    for (const amp of amps) await amp.stop();
    await t.app.close();
    await mqtt.close();
  });

  it('refuses a session over the per-amp cap with a clear reason, and admits one again once another closes', async () => {
    const [a, b] = amps.map((amp) => amp.deviceId);
    const serialOf = (i: number) => amps[i]?.amp.identity.serialNumber;
    if (a === undefined || b === undefined) throw new Error('two amps expected');
    // each session answers before the next opens: a socket is open once its handshake is done, before its credential
    // and the caps are checked, so sockets opened back to back race for the cap's last places
    const first = await connect(a);
    expect(await serialThrough(first)).toBe(serialOf(0));
    const second = await connect(a);
    expect(await serialThrough(second)).toBe(serialOf(0));

    const third = await connect(a);
    expect(await closeOf(third)).toMatchObject({
      code: RELAY_CLOSE.TooManySessions,
      reason: 'Too many remote sessions on this amp',
    });
    // the user is under their own cap: the other amp still opens, and the amp's open sessions keep working
    const onB = await connect(b);
    expect(onB.socket.readyState).toBe(WebSocket.OPEN);
    expect(await serialThrough(onB)).toBe(serialOf(1));
    expect(await serialThrough(second)).toBe(serialOf(0));

    first.socket.close();
    await first.closed;
    // the closed session stops counting once the cloud has heard its close, a moment after the browser's
    await until('a session on the amp once one closed', async () => {
      const relay = await connect(a);
      return (await serialThrough(relay)) === serialOf(0) ? relay : undefined;
    });

    // now at the user's cap (2 on one amp, 1 on the other): refused for the user, not for the amp
    const fourth = await connect(b);
    expect(await closeOf(fourth)).toMatchObject({
      code: RELAY_CLOSE.TooManySessions,
      reason: 'Too many remote sessions for this user',
    });
  });

  it('closes a session within 1 s when it is renewed with a credential for another amp', async () => {
    const [a, b] = amps.map((amp) => amp.deviceId);
    if (a === undefined || b === undefined) throw new Error('two amps expected');
    const relay = await connect(a);
    expect(await serialThrough(relay)).toBe(amps[0]?.amp.identity.serialNumber);

    const forB = await credential(b); // a valid credential of the same user, for their other amp
    const sentAt = Date.now();
    relay.socket.send(JSON.stringify({ relay: 'refresh', token: forB.token }));
    const closed = await closeOf(relay);
    expect(closed).toMatchObject({ code: RELAY_CLOSE.Unauthorized, reason: 'The token is for another amp' });
    expect(closed.at - sentAt).toBeLessThan(1000);
    expect(relay.frames.some((f) => f.relay === 'refreshed')).toBe(false);

    // the credential itself was fine: it opens a session on its own amp
    const onB = await rawRelay(relayUrl(b), [RELAY_SUBPROTOCOL, `${RELAY_TOKEN_PROTOCOL_PREFIX}${forB.token}`]);
    open.push(onB);
    expect(await serialThrough(onB)).toBe(amps[1]?.amp.identity.serialNumber);
  });
}

describeEachDatabase('remote relay limits: per-amp cap, renewal for another amp', (db) => limitsTests(db));
