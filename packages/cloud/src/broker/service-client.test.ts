import { randomUUID } from 'node:crypto';
import { createConnection } from 'node:net';
import {
  deviceTopic,
  encodeApiEnvelope,
  type ApiResponseMessage,
  type DeviceReported,
  type DeviceStatus,
  type JobStatus,
} from '@rackside/protocol';
import { connect, type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedBroker } from './embedded-broker';
import type { BrokerLogger } from './logger';
import { connectService, type ServiceClient, type ServiceClientOptions } from './service-client';

const MOSQUITTO_URL = 'mqtt://127.0.0.1:1883';

/** A broker under test: where to connect, as the service and as a device. */
interface Target {
  readonly url: string;
  readonly service: Pick<ServiceClientOptions, 'username' | 'password'>;
  devicePassword?: string;
  close(): Promise<void>;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function recordingLog() {
  const warnings: string[] = [];
  const log: BrokerLogger = { warn: (_d, message) => warnings.push(message), info: () => undefined };
  return { log, warnings };
}

/** Runs the same behaviour against the embedded broker and against a real Mosquitto. */
function serviceClientSuite(name: string, start: () => Promise<Target>) {
  describe(`service client on ${name}`, () => {
    const deviceId = `test-${randomUUID()}`;
    let target: Target;

    const device = async (): Promise<MqttClient> => {
      const c = await new Promise<MqttClient>((resolve, reject) => {
        const client = connect(target.url, {
          clientId: deviceId,
          username: deviceId,
          password: target.devicePassword ?? '',
          reconnectPeriod: 0,
        });
        client.once('connect', () => resolve(client)).once('error', reject);
      });
      cleanups.push(() => c.endAsync());
      return c;
    };
    const service = async (opts: Partial<ServiceClientOptions> = {}): Promise<ServiceClient> => {
      const svc = await connectService({ url: target.url, ...target.service, ...opts });
      cleanups.push(() => svc.close());
      return svc;
    };
    const startTarget = async () => {
      target = await start();
      // Mosquitto keeps retained messages across runs: leave nothing behind.
      cleanups.push(
        () => target.close(),
        async () => {
          const svc = await connectService({ url: target.url, ...target.service });
          await svc.clearShadow(deviceId);
          await svc.close();
        },
      );
    };

    it('hands over reported, status and job status typed, drops invalid payloads and survives a failing handler', async () => {
      await startTarget();
      const dev = await device();
      const first = { amp: { deviceInfo: { deviceName: 'Stage Left' } }, firmware: { fwUpdateStatus: 'None' }, ts: 1 };
      await dev.publishAsync(deviceTopic(deviceId, 'reported'), JSON.stringify(first), { qos: 1, retain: true });

      const reported: DeviceReported[] = [];
      const statuses: DeviceStatus[] = [];
      const jobs: JobStatus[] = [];
      const { log, warnings } = recordingLog();
      await service({
        log,
        handlers: {
          reported: (id, r) => {
            if (id === deviceId) reported.push(r);
            if (r.ts === 2) throw new Error('handler bug');
          },
          status: (id, s) => void (id === deviceId && statuses.push(s)),
          jobStatus: (id, j) => Promise.resolve(void (id === deviceId && jobs.push(j))),
        },
      });
      await until(() => reported.length === 1); // the retained shadow, delivered at subscription
      expect(reported[0]?.amp?.deviceInfo?.deviceName).toBe('Stage Left');

      const pub = (kind: 'reported' | 'status' | 'jobStatus', payload: string) =>
        dev.publishAsync(deviceTopic(deviceId, kind), payload, { qos: 1 });
      await pub('reported', '{not json');
      await pub('status', JSON.stringify({ online: 'yes' }));
      await pub('jobStatus', JSON.stringify({ jobId: 'j1', status: 'exploded' }));
      await pub('reported', JSON.stringify({ ts: 2, UAC: { key: '', roles: {} } }));
      await pub('status', JSON.stringify({ online: false }));
      await pub('jobStatus', JSON.stringify({ jobId: 'j1', status: 'failed', detail: 'DownloadFail' }));
      await pub('status', JSON.stringify({ online: true, ts: 3 }));
      await until(() => statuses.length === 2 && jobs.length === 1);

      expect(reported.map((r) => r.ts)).toEqual([1, 2]);
      expect(statuses).toEqual([{ online: false }, { online: true, ts: 3 }]);
      expect(jobs).toEqual([{ jobId: 'j1', status: 'failed', detail: 'DownloadFail' }]);
      expect(warnings.filter((w) => w === 'invalid MQTT payload dropped')).toHaveLength(3);
      expect(warnings).toContain('handler failed');
    });

    it('publishes jobs and remote-control requests to one device and hears its responses', async () => {
      await startTarget();
      const { log, warnings } = recordingLog();
      const svc = await service({ log });
      const dev = await device();
      const got: { kind: string; body: unknown }[] = [];
      dev.on('message', (topic, payload) => {
        const kind = topic.split('/').slice(3).join('/');
        got.push({ kind, body: kind === 'api/req' ? String(payload) : JSON.parse(String(payload)) });
      });
      await dev.subscribeAsync({
        [deviceTopic(deviceId, 'jobs')]: { qos: 1 },
        [deviceTopic(deviceId, 'apiReq')]: { qos: 0 },
      });

      const job = {
        jobId: 'j1',
        type: 'firmware',
        url: 'https://cloud.example/fw/a.enc',
        version: '1.6.0.0',
        name: 'a.enc',
      } as const;
      await svc.publishJob(deviceId, job);
      await expect(svc.publishJob(deviceId, { ...job, url: 'ftp://nope' })).rejects.toThrow();
      await svc.publishApiRequest(deviceId, { sessionId: 's1', frame: '{"method":"get"}' });
      await svc.publishApiRequest(deviceId, { sessionId: 's1', frame: Buffer.from('{\n"id": 2}') });
      await svc.publishApiRequest(deviceId, { sessionId: 's1' });
      await svc.publishApiRequest(deviceId, { sessionId: 's1', close: true });
      await expect(svc.publishApiRequest(deviceId, { sessionId: '' })).rejects.toThrow();
      await until(() => got.length === 5);
      expect(got).toEqual([
        { kind: 'jobs', body: job },
        { kind: 'api/req', body: '{"sessionId":"s1"}\n{"method":"get"}' },
        { kind: 'api/req', body: '{"sessionId":"s1"}\n{\n"id": 2}' },
        { kind: 'api/req', body: '{"sessionId":"s1"}' },
        { kind: 'api/req', body: '{"sessionId":"s1","close":true}' },
      ]);

      const text = (m: ApiResponseMessage) => ({ sessionId: m.sessionId, frame: Buffer.from(m.frame).toString() });
      const responses: ApiResponseMessage[] = [];
      const stop = await svc.onApiResponse(deviceId, (m) => responses.push(m));
      await dev.publishAsync(deviceTopic(deviceId, 'apiRes'), '{"sessionId":"s1","frame":"x"}'); // the former JSON
      await dev.publishAsync(deviceTopic(deviceId, 'apiRes'), '{"sessionId":"s1"}'); // no frame
      await dev.publishAsync(deviceTopic(deviceId, 'apiRes'), encodeApiEnvelope({ sessionId: 's1' }, '{\n"a": 1}'));
      await until(() => responses.length === 1);
      await stop();
      await dev.publishAsync(deviceTopic(deviceId, 'apiRes'), encodeApiEnvelope({ sessionId: 's1' }, 'b'));
      await pause(150);
      expect(responses.map(text)).toEqual([{ sessionId: 's1', frame: '{\n"a": 1}' }]);
      expect(warnings).toEqual(['invalid MQTT payload dropped', 'invalid MQTT payload dropped']);

      // A listener that comes while the last one's unsubscription is on its way still hears (the relay's case).
      const again: ApiResponseMessage[] = [];
      const stopFirst = await svc.onApiResponse(deviceId, () => undefined);
      const stopping = stopFirst();
      const stopAgain = await svc.onApiResponse(deviceId, (m) => again.push(m));
      await stopping;
      await dev.publishAsync(deviceTopic(deviceId, 'apiRes'), encodeApiEnvelope({ sessionId: 's2' }, 'c'));
      await until(() => again.length === 1);
      await stopAgain();
    });

    it('clearShadow removes the retained reported state and status', async () => {
      await startTarget();
      const dev = await device();
      for (const [kind, body] of [
        ['reported', { ts: 1 }],
        ['status', { online: true, ts: 1 }],
      ] as const)
        await dev.publishAsync(deviceTopic(deviceId, kind), JSON.stringify(body), { qos: 1, retain: true });
      await (await service()).clearShadow(deviceId);

      const seen: string[] = [];
      await service({ handlers: { reported: (id) => void seen.push(id), status: (id) => void seen.push(id) } });
      await pause(200);
      expect(seen.filter((id) => id === deviceId)).toEqual([]);
    });
  });
}

serviceClientSuite('the embedded broker', async () => {
  const password = randomUUID();
  const broker = await startEmbeddedBroker({
    port: 0,
    authenticate: (username, given) =>
      Promise.resolve(
        username === 'svc' && given === 'svc-pw'
          ? { kind: 'service' }
          : given === password
            ? { kind: 'device', deviceId: username }
            : null,
      ),
  });
  return {
    url: `mqtt://127.0.0.1:${broker.port}`,
    service: { username: 'svc', password: 'svc-pw' },
    devicePassword: password,
    close: () => broker.close(),
  };
});

const mosquittoUp = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: '127.0.0.1', port: 1883, timeout: 1000 });
  const done = (up: boolean) => (socket.destroy(), resolve(up));
  socket
    .once('connect', () => done(true))
    .once('error', () => done(false))
    .once('timeout', () => done(false));
});
if (mosquittoUp) {
  // The machine's Mosquitto allows anonymous clients: ACLs there are its configuration (docs/cloud-mqtt.md).
  serviceClientSuite(`Mosquitto at ${MOSQUITTO_URL}`, () =>
    Promise.resolve({ url: MOSQUITTO_URL, service: {}, close: () => Promise.resolve() }),
  );
} else {
  describe.skip(`service client on Mosquitto: NOT REACHABLE at ${MOSQUITTO_URL} (start it; .ci/run does)`, () => {
    it('needs Mosquitto', () => undefined);
  });
}
