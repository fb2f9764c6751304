/**
 * The cloud agent's broker session over MQTT (ARCHITECTURE.md "Shadow", "Remote control"; topics in
 * @rackside/protocol cloud/mqtt.ts). With the credentials from registration it connects as its device id
 * (persistent session, so QoS 1 jobs sent while it reconnects still arrive; a lost link is retried after a jittered
 * 2.5–5 s), keepalive 5 s and a retained last will `{online: false}`; then it publishes `status` online and its `reported` shadow (retained, again on every
 * change that the shadow shows, at most once a second), runs firmware and sensor-publish jobs, and answers
 * remote-control requests with one device API session per cloud session id.
 * The amp's network unplug (fault injection) drops the connection without goodbye, as a pulled cable would.
 * It tells the agent (CloudSessionEvents) when the link goes up or down, when the broker refuses the credentials
 * (CONNACK 4 or 5; first connection: CredentialsRefusedError), and when the cloud sends a `deregistered` job: it then
 * leaves at once with a DISCONNECT (no last will, no goodbye status: the cloud is clearing the retained topics).
 */
import { Socket } from 'node:net';
import {
  API_SESSION_IDLE_MS,
  DEVICE_TOPICS,
  DeviceJobSchema,
  FIRMWARE_FAILURE_STATUSES,
  MAX_API_SESSIONS_PER_DEVICE,
  MQTT_DEVICE_KEEPALIVE_S,
  MQTT_DEVICE_RECONNECT_MS,
  REPORTED_THROTTLE_MS,
  SENSOR_PUBLISH_INTERVAL_MS,
  deviceTopic,
  encodeApiEnvelope,
  isSubBoardOk,
  parseApiEnvelope,
  parseMqttPayload,
  reportedFromState,
  sensorsFromState,
  type DeviceTopicKind,
  type FirmwareStatus,
  type JobStatus,
} from '@rackside/protocol';
import { connect } from 'mqtt';
import { z } from 'zod';
import type { Amp } from '../amp';
import { onDeviceAction } from '../api/device-actions';
import { createSession, type Session } from '../api/session';
import { FirmwareUpdater } from '../firmware/updater';
import { CredentialsRefusedError, type CloudSession, type CloudSessionEvents } from './agent';
import type { DeviceCredentials } from './registration';

/** Options of mqttConnector; the defaults are the product's values. */
export interface MqttConnectorOptions {
  readonly keepaliveS?: number;
  readonly reconnectMs?: number;
  readonly reportedThrottleMs?: number;
  readonly sensorIntervalMs?: number;
  /** Gives up the first connection after this long (ms); the agent retries with back-off. Default 10 s. */
  readonly connectTimeoutMs?: number;
  /** The amp's updater, shared with the upload CGI; without it each session makes (and disposes) its own. */
  readonly firmware?: FirmwareUpdater;
  /** Speed of an updater the session makes itself. */
  readonly firmwareSpeed?: number;
  /** Downloads firmware images (tests). */
  readonly fetch?: typeof fetch;
}

/** The `connector` of startCloudAgent: resolves once connected, rejects when the first connection fails. */
export type MqttConnector = (creds: DeviceCredentials, amp: Amp, events?: CloudSessionEvents) => Promise<CloudSession>;

/** Makes the MQTT connector of the cloud agent. */
export function mqttConnector(options: MqttConnectorOptions = {}): MqttConnector {
  return (creds, amp, events) => openLink(creds, amp, options, events);
}

/** CONNACK codes that refuse the credentials themselves: MQTT 3.1.1 4 and 5, MQTT 5 0x86 and 0x87. */
const CREDENTIAL_REFUSALS: readonly unknown[] = [4, 5, 0x86, 0x87];
const isCredentialRefusal = (error: unknown) =>
  typeof error === 'object' && error !== null && CREDENTIAL_REFUSALS.includes((error as { code?: unknown }).code);

const JobIdOnlySchema = z.object({ jobId: z.string().min(1).max(64) });
const FINISHED: readonly string[] = ['Finished', 'Finished8ch', 'Finished8Ch'];
const REMEMBERED_JOBS = 64;
/**
 * Job ids each amp has run, across its broker sessions (an amp remembers the jobs it ran, as a real one's job agent
 * does): a job the cloud sends again after a restart of its own, or redelivered after a reconnect, runs once.
 */
const seenJobsOf = new WeakMap<Amp, Set<string>>();
/**
 * Each amp's last job status report, sent again whenever its broker session (re)opens: a report the broker or the
 * cloud lost (a cloud killed while the amp updated) still arrives. The cloud takes a repeated report as the same.
 */
const lastJobReportOf = new WeakMap<Amp, JobStatus>();

/** spec 1 §4: how a firmware update that ended at `final` went (FinishedFlash needs every sub-board ok). */
function firmwareOutcome(final: FirmwareStatus, amp: Amp): Omit<JobStatus, 'jobId'> {
  if (FIRMWARE_FAILURE_STATUSES.includes(final)) return { status: 'failed', detail: final };
  if (FINISHED.includes(final)) return { status: 'succeeded', detail: final };
  if (final !== 'FinishedFlash') return { status: 'failed', detail: `interrupted at ${final}` };
  const { fwUpdateStatus: _, ...boards } = reportedFromState(amp.state, 0).firmware ?? { fwUpdateStatus: '' };
  const bad = Object.entries(boards).filter(([, s]) => s !== undefined && s !== '' && !isSubBoardOk(s));
  return bad.length === 0
    ? { status: 'succeeded', detail: final }
    : { status: 'failed', detail: `${final}; not ok: ${bad.map(([k, s]) => `${k}=${s}`).join(', ')}` };
}

/**
 * Resolves on the client's first CONNACK; rejects when the connection closes first or takes too long, with
 * CredentialsRefusedError when the broker refused the credentials.
 */
function firstConnection(client: ReturnType<typeof connect>, url: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let refused = false;
    const settle = (error?: Error) => {
      clearTimeout(timer);
      client.off('connect', onUp).off('close', onDown).off('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onUp = () => settle();
    const onError = (error: unknown) => {
      refused ||= isCredentialRefusal(error);
    };
    const onDown = () =>
      settle(
        refused
          ? new CredentialsRefusedError(`${url} refused the credentials`)
          : new Error(`no MQTT connection to ${url}`),
      );
    const timer = setTimeout(() => settle(new Error(`MQTT connection to ${url} timed out`)), timeoutMs);
    client.once('connect', onUp).once('close', onDown).on('error', onError);
  });
}

async function openLink(
  creds: DeviceCredentials,
  amp: Amp,
  o: MqttConnectorOptions,
  events?: CloudSessionEvents,
): Promise<CloudSession> {
  const id = creds.deviceId;
  // each topic checked and built once: every remote reply is published to one
  const topics = new Map<DeviceTopicKind, string>();
  const topic = (kind: DeviceTopicKind) => {
    let t = topics.get(kind);
    if (t === undefined) topics.set(kind, (t = deviceTopic(id, kind)));
    return t;
  };
  const client = connect(creds.mqtt.url, {
    clientId: id,
    username: creds.mqtt.username,
    password: creds.mqtt.password,
    clean: false,
    keepalive: o.keepaliveS ?? MQTT_DEVICE_KEEPALIVE_S,
    reconnectPeriod: 0, // reconnection is ours: it waits for the amp's network
    connectTimeout: o.connectTimeoutMs ?? 10_000,
    will: { topic: topic('status'), payload: Buffer.from(JSON.stringify({ online: false })), qos: 1, retain: true },
  });
  const throttleMs = o.reportedThrottleMs ?? REPORTED_THROTTLE_MS;
  let closed = false;
  let firstDone = false; // the first connection is firstConnection's to report
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let reportedTimer: ReturnType<typeof setTimeout> | undefined;
  let sensorTimer: ReturnType<typeof setInterval> | undefined;
  let lastReportedAt = -Infinity;
  let sensorsUntil = 0;
  const updater = o.firmware ?? new FirmwareUpdater(amp, o.firmwareSpeed ? { speed: o.firmwareSpeed } : {});
  const seenJobs = seenJobsOf.get(amp) ?? new Set<string>();
  seenJobsOf.set(amp, seenJobs);
  const remotes = new Map<string, { session: Session; seen: number }>(); // least recently used first

  const send = (kind: DeviceTopicKind, value: unknown, evenOffline = false) => {
    if (!client.connected && !evenOffline) return;
    const { qos, retained } = DEVICE_TOPICS[kind];
    client.publish(topic(kind), JSON.stringify(value), { qos, retain: retained }, () => undefined);
  };
  const apiResOptions = { qos: DEVICE_TOPICS.apiRes.qos, retain: DEVICE_TOPICS.apiRes.retained } as const;
  const ignore = () => undefined;
  const report = (status: JobStatus) => {
    lastJobReportOf.set(amp, status);
    send('jobStatus', status, true); // QoS 1: queued while reconnecting
  };

  const publishReported = () => {
    clearTimeout(reportedTimer);
    reportedTimer = undefined;
    lastReportedAt = Date.now();
    send('reported', reportedFromState(amp.state, Date.now()));
  };
  // Trailing throttle: changes within one tick (or one throttle period) go out as one message.
  const scheduleReported = () => {
    reportedTimer ??= setTimeout(publishReported, Math.max(0, lastReportedAt + throttleMs - Date.now()));
  };

  const sensorTick = () => {
    if (Date.now() < sensorsUntil) return send('sensors', sensorsFromState(amp.state, Date.now()));
    clearInterval(sensorTimer);
    sensorTimer = undefined;
  };
  const startSensors = (durationS: number) => {
    sensorsUntil = Math.max(sensorsUntil, Date.now() + durationS * 1000);
    if (sensorTimer) return;
    sensorTimer = setInterval(sensorTick, o.sensorIntervalMs ?? SENSOR_PUBLISH_INTERVAL_MS);
    sensorTick();
  };

  async function runFirmware(jobId: string, url: string, name: string): Promise<void> {
    if (updater.busy) return report({ jobId, status: 'rejected', detail: 'a firmware update is in progress' });
    report({ jobId, status: 'accepted' });
    try {
      const final = await updater.startFromUrl(url, { name, ...(o.fetch ? { fetch: o.fetch } : {}) });
      report({ jobId, ...firmwareOutcome(final, amp) });
    } catch (e) {
      report({ jobId, status: 'failed', detail: e instanceof Error ? e.message : 'firmware update failed' });
    }
  }

  function onJob(payload: Buffer): void {
    const parsed = parseMqttPayload(DeviceJobSchema, payload);
    if (!parsed.ok) {
      const named = parseMqttPayload(JobIdOnlySchema, payload);
      if (named.ok) report({ jobId: named.value.jobId, status: 'rejected', detail: 'not a valid job' });
      return;
    }
    const job = parsed.value;
    if (seenJobs.has(job.jobId)) return; // a QoS 1 redelivery, or the cloud sending it again
    seenJobs.add(job.jobId);
    if (seenJobs.size > REMEMBERED_JOBS) seenJobs.delete(seenJobs.values().next().value ?? '');
    switch (job.type) {
      case 'deregistered':
        void leave();
        return;
      case 'firmware':
        void runFirmware(job.jobId, job.url, job.name);
        return;
      case 'sensorPublish':
        startSensors(job.durationS);
        report({ jobId: job.jobId, status: 'succeeded', detail: `sensors for ${job.durationS} s` });
        return;
    }
  }

  function onApiRequest(payload: Buffer): void {
    const parsed = parseApiEnvelope(payload);
    if (!parsed.ok) return; // no session id to answer on
    const { header, frame } = parsed.value;
    const { sessionId, close } = header;
    let remote = remotes.get(sessionId);
    remotes.delete(sessionId);
    if (close) return remote?.session.close();
    if (!remote) {
      const oldest = remotes.entries().next().value;
      if (oldest && remotes.size >= MAX_API_SESSIONS_PER_DEVICE) {
        oldest[1].session.close();
        remotes.delete(oldest[0]);
      }
      // each reply is the frame as the session wrote it, after this session's header line (not escaped in JSON)
      const header = { sessionId };
      const session = createSession(amp, {
        isCloudAgent: true,
        send: (f) => {
          if (client.connected) client.publish(topic('apiRes'), encodeApiEnvelope(header, f), apiResOptions, ignore);
        },
        backpressured: () => !client.connected, // notifications wait for the broker to come back
      });
      remote = { session, seen: 0 };
    }
    remote.seen = Date.now();
    remotes.set(sessionId, remote);
    if (frame !== undefined) remote.session.receive(frame);
  }

  const sweep = setInterval(() => {
    for (const [sessionId, r] of remotes) {
      if (Date.now() - r.seen <= API_SESSION_IDLE_MS) continue;
      r.session.close();
      remotes.delete(sessionId);
    }
  }, API_SESSION_IDLE_MS / 5);
  sweep.unref();

  const reconnect = () => {
    if (!closed && amp.networkUp && !client.connected) client.reconnect();
  };
  client.on('connect', () => {
    // no Nagle: a remote reply is one small packet that must leave at once (each connection has a new stream)
    if (client.stream instanceof Socket) client.stream.setNoDelay(true);
    if (firstDone) events?.connected(true);
    send('status', { online: true, ts: Date.now() });
    publishReported();
    const lastReport = lastJobReportOf.get(amp);
    if (lastReport !== undefined) send('jobStatus', lastReport);
    const subscriptions = { [topic('jobs')]: { qos: DEVICE_TOPICS.jobs.qos }, [topic('apiReq')]: { qos: 0 as const } };
    client.subscribe(subscriptions, () => undefined);
  });
  client.on('message', (t, payload) => {
    // the two topics subscribed to below
    if (t === topic('apiReq')) onApiRequest(payload);
    else if (t === topic('jobs')) onJob(payload);
  });
  client.on('error', (error) => {
    // refusals and socket errors end in 'close', handled below
    if (firstDone && !closed && isCredentialRefusal(error)) events?.refused();
  });
  client.on('close', () => {
    clearTimeout(reconnectTimer);
    if (firstDone && !closed) events?.connected(false);
    // Jittered (between half and all of the step, as the agent's back-off): when a broker or a cloud node goes down,
    // its thousands of amps come back spread over the step instead of all in the same millisecond (issue 20).
    const step = o.reconnectMs ?? MQTT_DEVICE_RECONNECT_MS;
    if (!closed && amp.networkUp) reconnectTimer = setTimeout(reconnect, step / 2 + (Math.random() * step) / 2);
  });

  const offChange = amp.onChange((delta) => {
    if (Object.keys(reportedFromState(delta, 0)).length > 1) scheduleReported(); // beyond `ts`: the shadow changed
  });
  const offNetwork = amp.onNetwork((up) => {
    if (!up)
      client.stream?.destroy(); // no DISCONNECT: the broker publishes the will
    else reconnect();
  });
  const offAction = onDeviceAction(amp, (a) => {
    if (a.url === '/cloud' && a.name === 'sensorPublishStart' && a.value === true)
      startSensors(amp.state.cloud.sensorPublishDuration);
  });
  const teardown = () => {
    closed = true;
    for (const t of [reconnectTimer, reportedTimer]) clearTimeout(t);
    clearInterval(sensorTimer);
    clearInterval(sweep);
    offChange();
    offNetwork();
    offAction();
    for (const r of remotes.values()) r.session.close();
    remotes.clear();
    if (!o.firmware) updater.dispose();
  };

  /** The cloud let this device go: leave with a DISCONNECT (the broker drops the will) and tell the agent. */
  async function leave(): Promise<void> {
    if (closed) return;
    teardown();
    const graceful = client.endAsync(false).catch(() => undefined);
    const timedOut = await Promise.race([
      graceful.then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), 2000).unref()),
    ]);
    if (timedOut) await client.endAsync(true).catch(() => undefined);
    events?.deregistered();
  }

  try {
    await firstConnection(client, creds.mqtt.url, o.connectTimeoutMs ?? 10_000);
  } catch (e) {
    teardown();
    client.end(true);
    throw e;
  }
  firstDone = true;

  return {
    async close() {
      if (closed) return;
      const wasConnected = client.connected;
      teardown();
      if (wasConnected) {
        const offline = JSON.stringify({ online: false, ts: Date.now() });
        const bye = client.publishAsync(topic('status'), offline, { qos: 1, retain: true });
        await Promise.race([bye.catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
      }
      // a QoS 1 message left in flight by a silent link would make a graceful end wait forever: give it 2 s
      const graceful = client.endAsync(!wasConnected);
      const timedOut = await Promise.race([
        graceful.then(() => false).catch(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), 2000).unref()),
      ]);
      if (timedOut) await client.endAsync(true);
    },
  };
}
