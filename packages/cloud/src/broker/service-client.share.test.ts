/**
 * Several cloud nodes on one external broker (issue 20, MQTT_SHARE_GROUP): on a real Mosquitto, two service clients
 * in one share group take each status, shadow and job status exactly once between them, both take every sensor
 * snapshot, a node starting late still reads the retained messages that shared subscriptions do not deliver, and a
 * node reads them again when another node dies without a goodbye (what was in flight to it is gone with it).
 */
import { randomUUID } from 'node:crypto';
import { createConnection } from 'node:net';
import { cloudNodeTopic, deviceTopic, type DeviceStatus } from '@rackside/protocol';
import { connect, type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { silentBrokerLogger } from './logger';
import { connectService, type ServiceClient, type ServiceHandlers } from './service-client';

const MOSQUITTO_URL = 'mqtt://127.0.0.1:1883';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function device(id: string): Promise<MqttClient> {
  const c = await new Promise<MqttClient>((resolve, reject) => {
    const client = connect(MOSQUITTO_URL, { clientId: id, reconnectPeriod: 0 });
    client.once('connect', () => resolve(client)).once('error', reject);
  });
  cleanups.push(() => c.endAsync());
  return c;
}

async function node(group: string, handlers: ServiceHandlers): Promise<ServiceClient> {
  const svc = await connectService({ url: MOSQUITTO_URL, shareGroup: group, handlers, log: silentBrokerLogger });
  cleanups.push(() => svc.close());
  return svc;
}

/** Clears the retained topics a test left on the machine's Mosquitto (it keeps them across runs). */
async function clearRetained(ids: readonly string[]): Promise<void> {
  const svc = await connectService({ url: MOSQUITTO_URL, log: silentBrokerLogger });
  for (const id of ids) await svc.clearShadow(id);
  await svc.close();
}

const mosquittoUp = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: '127.0.0.1', port: 1883, timeout: 1000 });
  const done = (up: boolean) => (socket.destroy(), resolve(up));
  socket
    .once('connect', () => done(true))
    .once('error', () => done(false))
    .once('timeout', () => done(false));
});

describe.runIf(mosquittoUp || process.env.CI)(`two cloud nodes sharing subscriptions on ${MOSQUITTO_URL}`, () => {
  it('ingest each status and job status exactly once between them, and both hear every sensor snapshot', async () => {
    const group = `test-${randomUUID().slice(0, 8)}`;
    const ids = Array.from({ length: 10 }, () => `share-${randomUUID()}`);
    cleanups.push(() => clearRetained(ids));
    const seen: { node: number; id: string; ts: number }[] = [];
    const jobs: string[] = [];
    const sensed = [new Set<string>(), new Set<string>()];
    const handlers = (n: number): ServiceHandlers => ({
      status: (id, s: DeviceStatus) => void (ids.includes(id) && seen.push({ node: n, id, ts: s.ts ?? -1 })),
      jobStatus: (id, j) => void (ids.includes(id) && jobs.push(`${id}/${j.jobId}`)),
      sensors: (id, s) => void (ids.includes(id) && sensed[n]?.add(`${id}/${s.ts}`)),
    });
    const nodes = [await node(group, handlers(0)), await node(group, handlers(1))];
    for (const n of nodes) await n.caughtUp;

    const devices = await Promise.all(ids.map((id) => device(id)));
    const base = Date.now();
    for (let round = base + 1; round <= base + 10; round++) {
      await Promise.all(
        devices.map(async (d, i) => {
          const id = ids[i] ?? '';
          await d.publishAsync(deviceTopic(id, 'status'), JSON.stringify({ online: true, ts: round }), { qos: 1 });
          await d.publishAsync(
            deviceTopic(id, 'jobStatus'),
            JSON.stringify({ jobId: `j${round}`, status: 'accepted' }),
            {
              qos: 1,
            },
          );
          await d.publishAsync(deviceTopic(id, 'sensors'), JSON.stringify({ ts: round }), { qos: 0 });
        }),
      );
    }
    await until(() => seen.length >= 100 && jobs.length >= 100 && sensed.every((s) => s.size >= 100));
    await new Promise((r) => setTimeout(r, 300)); // a duplicate would arrive by now

    const keys = seen.map((s) => `${s.id}/${s.ts}`);
    expect(new Set(keys).size).toBe(100);
    expect(keys).toHaveLength(100);
    expect(new Set(jobs).size).toBe(100);
    expect(jobs).toHaveLength(100);
    // the broker spreads the group's messages over both nodes
    expect(seen.filter((s) => s.node === 0).length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.node === 1).length).toBeGreaterThan(0);
    expect(sensed.map((s) => s.size)).toEqual([100, 100]);
  });

  it('a node starting after the amps left still reads their retained last status and shadow', async () => {
    const group = `test-${randomUUID().slice(0, 8)}`;
    const id = `share-${randomUUID()}`;
    cleanups.push(() => clearRetained([id]));
    const dev = await device(id);
    await dev.publishAsync(deviceTopic(id, 'reported'), JSON.stringify({ ts: Date.now() - 2 }), {
      qos: 1,
      retain: true,
    });
    await dev.publishAsync(deviceTopic(id, 'status'), JSON.stringify({ online: false, ts: Date.now() - 1 }), {
      qos: 1,
      retain: true,
    });

    const got: string[] = [];
    const svc = await node(group, {
      status: (d, s) => void (d === id && got.push(`status ${String(s.online)}`)),
      reported: (d) => void (d === id && got.push('reported')),
    });
    await svc.caughtUp;
    // Mosquitto 2.0 also delivers retained messages on the shared subscription (EMQX does not, as MQTT 5 §4.8.2
    // says): reading one twice stores the same row twice, so only what was read matters
    expect([...new Set(got)].sort()).toEqual(['reported', 'status false']);
    const before = got.length;

    // after the catch-up, live messages come through the shared subscription alone: once each
    await dev.publishAsync(deviceTopic(id, 'status'), JSON.stringify({ online: true, ts: Date.now() }), { qos: 1 });
    await until(() => got.length === before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(got.slice(before)).toEqual(['status true']);
  });

  it('reads the retained shadows again when another node dies without a goodbye; a node leaving cleanly changes nothing', async () => {
    const group = `test-${randomUUID().slice(0, 8)}`;
    const id = `share-${randomUUID()}`;
    cleanups.push(() => clearRetained([id]));
    const dev = await device(id);
    const caught: string[] = [];
    const got: { ts: number; retained: boolean }[] = [];
    const b = await connectService({
      url: MOSQUITTO_URL,
      shareGroup: group,
      handlers: {
        reported: (d, r, meta) => void (d === id && got.push({ ts: r.ts, retained: meta?.retained === true })),
      },
      log: silentBrokerLogger,
      onCaughtUp: (why) => void caught.push(why),
    });
    cleanups.push(() => b.close());
    await b.caughtUp;
    const ts = Date.now();
    await dev.publishAsync(deviceTopic(id, 'reported'), JSON.stringify({ ts }), { qos: 1, retain: true });
    await until(() => got.some((g) => g.ts === ts));
    expect(got).toEqual([{ ts, retained: false }]);

    // another node of the group that closes (DISCONNECT: the broker drops its will): nothing read again
    const a = await node(group, { reported: () => undefined });
    await a.caughtUp;
    await a.close();
    await new Promise((r) => setTimeout(r, 500));
    expect(caught).toEqual(['start']);

    // one whose connection just ends (killed): the broker publishes its will, and b reads every retained state again
    const dying = await new Promise<MqttClient>((resolve, reject) => {
      const c = connect(MOSQUITTO_URL, {
        clientId: `dying-${randomUUID()}`,
        reconnectPeriod: 0,
        will: { topic: cloudNodeTopic(randomUUID()), payload: Buffer.from('{"gone":true}'), qos: 1, retain: false },
      });
      c.once('connect', () => resolve(c)).once('error', reject);
    });
    dying.stream.destroy();
    dying.end(true);
    await until(() => caught.includes('nodeGone'));
    expect(caught).toEqual(['start', 'nodeGone']);
    expect(got).toEqual([
      { ts, retained: false },
      { ts, retained: true },
    ]);
  });
});
