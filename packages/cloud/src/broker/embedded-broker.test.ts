import { randomUUID } from 'node:crypto';
import { createConnection, type Socket } from 'node:net';
import { deviceTopic, encodeApiEnvelope, parseApiEnvelope } from '@rackside/protocol';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrokerIdentity } from './acl';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { silentBrokerLogger } from './logger';

const ACCOUNTS: Record<string, { password: string; identity: BrokerIdentity }> = {
  'dev-a': { password: 'pw-a', identity: { kind: 'device', deviceId: 'dev-a' } },
  'dev-b': { password: 'pw-b', identity: { kind: 'device', deviceId: 'dev-b' } },
  svc: { password: 'svc-pw', identity: { kind: 'service' } },
};

let broker: EmbeddedBroker;
let url: string;
const cleanups: Array<() => void> = [];

beforeEach(async () => {
  broker = await startEmbeddedBroker({
    port: 0,
    log: silentBrokerLogger,
    authenticate: (username, password) => {
      if (username === 'boom') return Promise.reject(new Error('database down'));
      const account = ACCOUNTS[username];
      return Promise.resolve(account && account.password === password ? account.identity : null);
    },
  });
  url = `mqtt://127.0.0.1:${broker.port}`;
});
afterEach(async () => {
  for (const c of cleanups.splice(0)) c();
  await broker.close();
});

/** Connects; resolves with the client, or rejects with the broker's refusal. */
function open(opts: IClientOptions): Promise<MqttClient> {
  const client = connect(url, { reconnectPeriod: 0, ...opts });
  cleanups.push(() => client.end(true));
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
    client.once('close', () => reject(new Error('closed before CONNACK')));
  });
}
const device = (id: string, extra: IClientOptions = {}) =>
  open({ clientId: id, username: id, password: ACCOUNTS[id]?.password ?? '', ...extra });
const service = () => open({ clientId: `svc-${randomUUID()}`, username: 'svc', password: 'svc-pw' });

/** Subscribes and collects every message under a filter. */
async function watch(client: MqttClient, filter: string) {
  const got: { topic: string; text: string; retain: boolean }[] = [];
  client.on('message', (topic, payload, packet) =>
    got.push({ topic, text: payload.toString(), retain: packet.retain }),
  );
  await client.subscribeAsync(filter, { qos: 1 });
  return got;
}
/** The granted QoS of each filter (mqtt.js fails the whole call when one is refused: read the SUBACK anyway). */
function grantsOf(client: MqttClient, filters: Record<string, { qos: 0 | 1 }>): Promise<number[]> {
  return new Promise((resolve) =>
    client.subscribe(filters, (error, granted) => {
      const suback = (error as { packet?: { granted?: number[] } } | null)?.packet;
      resolve(suback?.granted ?? granted?.map((g) => g.qos) ?? []);
    }),
  );
}
const closed = (c: MqttClient) => new Promise<void>((resolve) => (c.connected ? c.once('close', resolve) : resolve()));
async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('embedded broker: authentication', () => {
  it('refuses anonymous clients, wrong passwords, a device posing under another id and a failing check', async () => {
    await expect(open({ clientId: 'anon' })).rejects.toMatchObject({ code: 5 });
    await expect(device('dev-a', { password: 'wrong' })).rejects.toMatchObject({ code: 4 });
    await expect(device('dev-a', { clientId: 'dev-b' })).rejects.toMatchObject({ code: 2 });
    await expect(open({ clientId: 'x', username: 'boom', password: 'x' })).rejects.toMatchObject({ code: 3 });
    await expect(device('dev-a')).resolves.toBeDefined();
  });
});

describe('embedded broker: ACL', () => {
  it("lets a device publish to its own device-to-cloud topics only, disconnecting it when it tries another's", async () => {
    const svc = await service();
    const seen = await watch(svc, 'rackside/devices/#');
    const a = await device('dev-a');
    for (const kind of ['reported', 'status', 'sensors', 'jobStatus', 'apiRes'] as const)
      await a.publishAsync(deviceTopic('dev-a', kind), kind, { qos: 1 });
    await until(() => seen.length === 5);

    for (const forbidden of [deviceTopic('dev-b', 'reported'), deviceTopic('dev-a', 'jobs'), 'elsewhere']) {
      const intruder = await device('dev-a');
      intruder.publish(forbidden, 'spoof');
      await closed(intruder);
    }
    await pause(100);
    expect(seen.map((m) => m.text)).toEqual(['reported', 'status', 'sensors', 'jobStatus', 'apiRes']);
  });

  it('lets a device subscribe to its own jobs and api/req only; the service reaches it there', async () => {
    const a = await device('dev-a');
    const grants = await grantsOf(a, {
      [deviceTopic('dev-a', 'jobs')]: { qos: 1 },
      [deviceTopic('dev-a', 'apiReq')]: { qos: 0 },
      [deviceTopic('dev-b', 'jobs')]: { qos: 1 },
      'rackside/devices/+/jobs': { qos: 1 },
      'rackside/devices/dev-a/#': { qos: 1 },
      [deviceTopic('dev-b', 'reported')]: { qos: 1 },
    });
    expect(grants).toEqual([1, 0, 128, 128, 128, 128]);
    expect(a.connected).toBe(true);

    const got: string[] = [];
    a.on('message', (topic) => got.push(topic));
    const svc = await service();
    await svc.publishAsync(deviceTopic('dev-b', 'jobs'), '{}', { qos: 1 });
    await svc.publishAsync(deviceTopic('dev-b', 'reported'), '{}', { qos: 1, retain: true });
    await svc.publishAsync(deviceTopic('dev-a', 'jobs'), '{}', { qos: 1 });
    await until(() => got.length > 0);
    await pause(100);
    expect(got).toEqual([deviceTopic('dev-a', 'jobs')]);
  });
});

/** MQTT 3.1.1 CONNECT with a retained QoS 1 will, written by hand so that the client can then fall silent. */
function connectPacket(o: { id: string; password: string; keepaliveS: number; willTopic: string; will: string }) {
  const str = (s: string) => {
    const b = Buffer.from(s);
    return Buffer.concat([Buffer.from([b.length >> 8, b.length & 255]), b]);
  };
  const flags = 0x80 | 0x40 | 0x20 | 0x08 | 0x04 | 0x02; // user, password, will retain, will QoS 1, will, clean
  const head = Buffer.from([4, flags, o.keepaliveS >> 8, o.keepaliveS & 255]);
  const body = Buffer.concat([str('MQTT'), head, str(o.id), str(o.willTopic), str(o.will), str(o.id), str(o.password)]);
  const length: number[] = [];
  for (let n = body.length; ;) {
    const byte = n % 128;
    n = Math.floor(n / 128);
    length.push(n > 0 ? byte | 128 : byte);
    if (n === 0) break;
  }
  return Buffer.concat([Buffer.from([0x10, ...length]), body]);
}

describe('embedded broker: last will', () => {
  const offline = JSON.stringify({ online: false });

  it('marks a device offline at once when its socket is destroyed without goodbye', async () => {
    const svc = await service();
    const seen = await watch(svc, deviceTopic('dev-a', 'status'));
    const a = await device('dev-a', {
      keepalive: 1,
      will: { topic: deviceTopic('dev-a', 'status'), payload: Buffer.from(offline), qos: 1, retain: true },
    });
    await a.publishAsync(deviceTopic('dev-a', 'status'), '{"online":true}', { qos: 1, retain: true });
    await until(() => seen.length === 1);
    const t0 = Date.now();
    a.stream.destroy();
    await until(() => seen.length === 2, 1000);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(seen[1]?.text).toBe(offline);

    const late = await watch(await service(), deviceTopic('dev-a', 'status'));
    await until(() => late.length === 1);
    expect(late[0]).toMatchObject({ text: offline, retain: true });
  });

  it('declares a silent device gone after 1.5 × its keepalive (keepalive 5 s: offline within 8 s)', async () => {
    const svc = await service();
    const seen = await watch(svc, deviceTopic('dev-b', 'status'));
    const socket: Socket = createConnection({ host: '127.0.0.1', port: broker.port });
    cleanups.push(() => socket.destroy());
    let connackAt = 0;
    socket.on('data', (d) => {
      if (d[0] === 0x20 && d[3] === 0) connackAt ||= Date.now();
    });
    const willTopic = deviceTopic('dev-b', 'status');
    socket.write(connectPacket({ id: 'dev-b', password: 'pw-b', keepaliveS: 1, willTopic, will: offline }));
    await until(() => connackAt > 0);
    await until(() => seen.length === 1, 4000); // the socket stays open but says nothing, like a vanished amp
    const elapsed = Date.now() - connackAt;
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(2500);
    expect(seen[0]?.text).toBe(offline);
  });

  it('disconnectDevice drops a connected device, whose will then marks it offline', async () => {
    const svc = await service();
    const seen = await watch(svc, deviceTopic('dev-a', 'status'));
    const a = await device('dev-a', {
      will: { topic: deviceTopic('dev-a', 'status'), payload: Buffer.from(offline), qos: 1, retain: true },
    });
    const gone = closed(a);
    expect(await broker.disconnectDevice('dev-a')).toBe(true);
    await gone;
    await until(() => seen.length === 1);
    expect(seen[0]?.text).toBe(offline);
    expect(await broker.disconnectDevice('dev-a')).toBe(false);
  });

  it('disconnectDevice with discardWill drops a removed device without publishing its will', async () => {
    const svc = await service();
    const seen = await watch(svc, deviceTopic('dev-a', 'status'));
    const a = await device('dev-a', {
      will: { topic: deviceTopic('dev-a', 'status'), payload: Buffer.from(offline), qos: 1, retain: true },
    });
    await a.publishAsync(deviceTopic('dev-a', 'status'), '{"online":true}', { qos: 1, retain: true });
    await until(() => seen.length === 1);
    const gone = closed(a);
    expect(await broker.disconnectDevice('dev-a', { discardWill: true })).toBe(true);
    await gone;
    await pause(200);
    expect(seen.map((m) => m.text)).toEqual(['{"online":true}']);
  });
});

describe('embedded broker: the relay link in process', () => {
  /** The amp's api/req payloads as it receives them (text), and each read back as an envelope. */
  async function hearRequests(client: MqttClient) {
    const got: string[] = [];
    client.on('message', (_topic, payload) => got.push(payload.toString()));
    await client.subscribeAsync(deviceTopic('dev-a', 'apiReq'), { qos: 0 });
    const read = () =>
      got.map((text) => {
        const parsed = parseApiEnvelope(text);
        if (!parsed.ok) throw new Error(parsed.error);
        const { header, frame } = parsed.value;
        return frame === undefined ? header : { ...header, frame };
      });
    return { got, read };
  }

  it('hands each request to the subscribed amp whole, the large ones too, in order', async () => {
    const a = await device('dev-a');
    const heard = await hearRequests(a);
    // past a 3-byte remaining length; quotes, backslashes and newlines go as they are, not escaped
    const large = `{"url":"/",\n"pad":"${'é\\"\\n'.repeat(30_000)}"}`;
    const sent = [
      { sessionId: 's1', frame: '{"url":"/amp","method":"get","id":1}' },
      { sessionId: 's1' },
      { sessionId: 's2', frame: large },
      { sessionId: 's1', close: true as const },
    ];
    for (const message of sent) await broker.relayLink.publishApiRequest('dev-a', message);
    // the frame's bytes as the relay has them (a browser's frame)
    await broker.relayLink.publishApiRequest('dev-a', { sessionId: 's3', frame: Buffer.from('{"id":2}\n') });
    await until(() => heard.got.length === sent.length + 1);
    expect(heard.read()).toEqual([...sent, { sessionId: 's3', frame: '{"id":2}\n' }]);
    expect(heard.got).toEqual([
      '{"sessionId":"s1"}\n{"url":"/amp","method":"get","id":1}',
      '{"sessionId":"s1"}',
      `{"sessionId":"s2"}\n${large}`,
      '{"sessionId":"s1","close":true}',
      '{"sessionId":"s3"}\n{"id":2}\n',
    ]);
    expect(a.connected).toBe(true);
  });

  it('publishes through the broker to an amp that has not subscribed: nothing arrives, nothing fails', async () => {
    const a = await device('dev-a');
    const got: unknown[] = [];
    a.on('message', (_topic, payload) => got.push(payload.toString()));
    await broker.relayLink.publishApiRequest('dev-a', { sessionId: 's1', frame: '{}' });
    await broker.relayLink.publishApiRequest('dev-gone', { sessionId: 's1', frame: '{}' });
    await a.subscribeAsync(deviceTopic('dev-a', 'apiReq'), { qos: 0 });
    await a.unsubscribeAsync(deviceTopic('dev-a', 'apiReq'));
    await broker.relayLink.publishApiRequest('dev-a', { sessionId: 's1', frame: '{}' });
    await pause(100);
    expect(got).toEqual([]);
    expect(a.connected).toBe(true);
  });

  it("passes an amp's replies to its listeners, the frame's bytes as sent, and drops a reply that is not one", async () => {
    const a = await device('dev-a');
    const replies: { sessionId: string; frame: string }[] = [];
    const stop = await broker.relayLink.onApiResponse('dev-a', ({ sessionId, frame }) =>
      replies.push({ sessionId, frame: Buffer.from(frame).toString() }),
    );
    const reply = (payload: string | Buffer) => a.publishAsync(deviceTopic('dev-a', 'apiRes'), payload);
    await reply(encodeApiEnvelope({ sessionId: 's1' }, '{\n  "id": 1\n}'));
    await reply('{"sessionId":"s1"}'); // no frame
    await reply('{"sessionId":"s1","close":true}\n{}'); // an amp does not close
    await reply('{"sessionId":"s1","frame":"{\\"id\\":1}"}'); // the former JSON message
    await reply('not json\n{}');
    await reply(Buffer.from([...Buffer.from('{"sessionId":"s1"}\n"'), 0xff, 0x22])); // a frame that is not UTF-8
    await reply('{"sessionId":"s2"}\n2');
    // the service identity may publish to any device's topics; another device may not (it is disconnected)
    await (await service()).publishAsync(deviceTopic('dev-a', 'apiRes'), '{"sessionId":"s4"}\n4');
    const b = await device('dev-b');
    const gone = closed(b);
    b.publish(deviceTopic('dev-a', 'apiRes'), '{"sessionId":"s5"}\n5');
    await gone;
    await until(() => replies.length === 3);
    expect(replies).toEqual([
      { sessionId: 's1', frame: '{\n  "id": 1\n}' },
      { sessionId: 's2', frame: '2' },
      { sessionId: 's4', frame: '4' },
    ]);
    await stop();
    await reply('{"sessionId":"s3"}\n3');
    await pause(100);
    expect(replies).toHaveLength(3);
  });
});

describe('embedded broker: shutdown', () => {
  it('closes promptly even with a connection that never sent CONNECT', async () => {
    const socket = createConnection({ host: '127.0.0.1', port: broker.port });
    cleanups.push(() => socket.destroy());
    await new Promise((resolve) => socket.once('connect', resolve));
    const t0 = Date.now();
    await broker.close();
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
