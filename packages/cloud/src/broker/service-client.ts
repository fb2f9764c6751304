/**
 * The cloud's own MQTT client (service identity), the same against the embedded broker and an external one:
 * receives every device's reported state, status, job statuses and sensor readings, typed by the protocol schemas
 * (an invalid payload is logged and dropped, a failing handler is logged: neither stops the client), and publishes
 * jobs and remote-control requests.
 *
 * Several nodes on one broker (shareGroup): each message goes to one node, which acknowledges it to the broker on
 * receipt. A node killed between receipt and storing loses what it held, and the broker hands it to nobody else
 * (Mosquitto drops a clean session's messages in flight; a persistent session would keep queueing a dead node's share
 * until it came back). So every node leaves a last will on `rackside/cloud/nodes/{nodeId}`, and when another node's
 * will comes, reads the devices' retained states and statuses again (catchUpRetained): every device's newest state,
 * whichever node it was lost with.
 */
import { randomUUID } from 'node:crypto';
import {
  CLOUD_NODE_TOPIC_FILTER,
  CloudNodeGoneSchema,
  DEVICE_TOPICS,
  DeviceJobSchema,
  cloudNodeTopic,
  parseCloudNodeTopic,
  ApiEnvelopeHeaderSchema,
  MQTT_PAYLOAD_SCHEMAS,
  deviceTopic,
  deviceTopicFilter,
  encodeApiEnvelope,
  parseApiResponse,
  parseDeviceTopic,
  parseMqttPayload,
  type ApiRequestMessage,
  type ApiResponseMessage,
  type DeviceJob,
  type DeviceReported,
  type DeviceSensors,
  type DeviceStatus,
  type DeviceTopicKind,
  type JobStatus,
} from '@rackside/protocol';
import { connect, type MqttClient } from 'mqtt';
import type { ZodType } from 'zod';
import { consoleBrokerLogger, type BrokerLogger } from './logger';
import { safeError } from '../plugins/errors';

/** The messages a service client can be told about, by topic kind. */
export interface ServiceMessages {
  reported: DeviceReported;
  status: DeviceStatus;
  jobStatus: JobStatus;
  sensors: DeviceSensors;
}
/** How a message came: `retained` when the broker handed over a stored copy (at a subscription), not a live one. */
export interface MessageMeta {
  readonly retained: boolean;
}
/** Told of one valid message from one device. */
export type ServiceHandler<K extends keyof ServiceMessages> = (
  deviceId: string,
  message: ServiceMessages[K],
  meta?: MessageMeta,
) => void | Promise<void>;
/** One handler per kind; only kinds with a handler are subscribed to. */
export type ServiceHandlers = { readonly [K in keyof ServiceMessages]?: ServiceHandler<K> };

/** Options of connectService. */
export interface ServiceClientOptions {
  /** mqtt://host:port (the embedded broker, Mosquitto, EMQX, ...). */
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
  /** Default `rackside-cloud-{uuid}`: unique per instance. */
  readonly clientId?: string;
  /** Given before connecting so that retained messages delivered at subscription are not missed. */
  readonly handlers?: ServiceHandlers;
  /**
   * Several cloud instances on an external broker: subscribe as `$share/{group}/...` so that each message reaches
   * one instance (sensor snapshots excepted: every instance takes them, see below). Brokers deliver no retained
   * messages on shared subscriptions: connectService then reads them once from a plain subscription (catchUpRetained).
   * Aedes has none (leave unset).
   */
  readonly shareGroup?: string;
  /** Gives up connecting after this long (ms); default 10 s. */
  readonly connectTimeoutMs?: number;
  readonly log?: BrokerLogger;
  /** Told when a catch-up of retained messages ended (why: `start` or `nodeGone`, and how many it read); for tests. */
  readonly onCaughtUp?: (why: 'start' | 'nodeGone', retained: number) => void;
}

/** A connected service client. */
export interface ServiceClient {
  /** Sends a job to a device (QoS 1); throws when the job does not match DeviceJobSchema. */
  publishJob(deviceId: string, job: DeviceJob): Promise<void>;
  /** Sends a remote-control request to a device. */
  publishApiRequest(deviceId: string, message: ApiRequestMessage): Promise<void>;
  /** Listens to a device's remote-control responses; resolves once subscribed, with the function that stops it. */
  onApiResponse(deviceId: string, handler: (message: ApiResponseMessage) => void): Promise<() => Promise<void>>;
  /** Clears a device's retained reported state and status (the device was removed). */
  clearShadow(deviceId: string): Promise<void>;
  /**
   * Settles once the retained messages a shared subscription does not deliver have been read (MQTT_SHARE_GROUP);
   * at once otherwise.
   */
  readonly caughtUp?: Promise<void>;
  /** Disconnects. */
  close(): Promise<void>;
}

/** The same bytes as a Buffer (no copy), which the MQTT client writes as they are. */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const SERVICE_KINDS = ['reported', 'status', 'jobStatus', 'sensors'] as const satisfies (keyof ServiceMessages)[];

/** Connects with the first CONNACK, or fails on a refusal, a network error or the time-out. */
function connectOnce(url: string, options: Parameters<typeof connect>[1], timeoutMs: number): Promise<MqttClient> {
  const client = connect(url, options);
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      client.removeListener('connect', ok);
      client.end(true);
      reject(error);
    };
    const ok = () => {
      clearTimeout(timer);
      client.removeListener('error', fail);
      resolve(client);
    };
    const timer = setTimeout(() => fail(new Error(`no MQTT connection to ${url} within ${timeoutMs} ms`)), timeoutMs);
    client.once('connect', ok);
    client.once('error', fail);
  });
}

/** Connects the cloud's service client and subscribes to every device's topics that have a handler. */
export async function connectService(opts: ServiceClientOptions): Promise<ServiceClient> {
  const log = opts.log ?? consoleBrokerLogger;
  const handlers: ServiceHandlers = opts.handlers ?? {};
  const responders = new Map<string, Set<(message: ApiResponseMessage) => void>>();
  // with several nodes, this one's last will: the others read the retained messages again when it dies
  const nodeId = randomUUID();
  const client = await connectOnce(
    opts.url,
    {
      clientId: opts.clientId ?? `rackside-cloud-${randomUUID()}`,
      clean: true,
      reconnectPeriod: 1000,
      ...(opts.shareGroup
        ? {
            will: {
              topic: cloudNodeTopic(nodeId),
              payload: Buffer.from(JSON.stringify(CloudNodeGoneSchema.parse({ gone: true }))),
              qos: 1 as const,
              retain: false,
            },
          }
        : {}),
      ...(opts.username !== undefined ? { username: opts.username } : {}),
      ...(opts.password !== undefined ? { password: opts.password } : {}),
    },
    opts.connectTimeoutMs ?? 10_000,
  );
  client.on('error', (error) => log.warn({ error: error.message }, 'MQTT service client error'));

  const run = (what: Record<string, unknown>, call: () => void | Promise<void>) => {
    try {
      const r = call();
      if (r instanceof Promise)
        r.catch((error: unknown) => log.warn({ ...what, error: safeError(error) }, 'handler failed'));
    } catch (error) {
      log.warn({ ...what, error: safeError(error) }, 'handler failed');
    }
  };

  const onMessage = (topic: string, payload: Buffer, retained: boolean) => {
    const target = parseDeviceTopic(topic);
    if (!target) return void onNodeMessage(topic, payload);
    if (payload.length === 0) return; // a cleared retained message
    const { deviceId, kind } = target;
    const read = <T>(schema: ZodType<T>): T | undefined => {
      const parsed = parseMqttPayload(schema, payload);
      if (parsed.ok) return parsed.value;
      log.warn({ deviceId, topic, error: parsed.error }, 'invalid MQTT payload dropped');
    };
    const deliver = <K extends keyof ServiceMessages>(k: K, schema: ZodType<ServiceMessages[K]>) => {
      const handler: ServiceHandler<K> | undefined = handlers[k];
      const message = handler && read(schema);
      if (handler && message) run({ deviceId, kind: k }, () => handler(deviceId, message, { retained }));
    };
    switch (kind) {
      case 'reported':
        return deliver('reported', MQTT_PAYLOAD_SCHEMAS.reported);
      case 'status':
        return deliver('status', MQTT_PAYLOAD_SCHEMAS.status);
      case 'jobStatus':
        return deliver('jobStatus', MQTT_PAYLOAD_SCHEMAS.jobStatus);
      case 'sensors':
        return deliver('sensors', MQTT_PAYLOAD_SCHEMAS.sensors);
      case 'apiRes': {
        const listeners = responders.get(deviceId);
        if (!listeners) return;
        const parsed = parseApiResponse(payload);
        if (!parsed.ok) return log.warn({ deviceId, topic, error: parsed.error }, 'invalid MQTT payload dropped');
        const message = parsed.value;
        for (const h of listeners) run({ deviceId, kind }, () => h(message));
        return;
      }
      case 'jobs':
      case 'apiReq':
        return; // what the cloud itself sends to devices
    }
  };
  client.on('message', (topic, payload, packet) => onMessage(topic, payload, packet.retain));

  // Retained messages read again: at the start (shared subscriptions get none), and whenever another node died.
  const kinds = (['status', 'reported'] as const).filter((k) => handlers[k] !== undefined);
  let catchingUp: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const catchUp = (why: 'start' | 'nodeGone'): Promise<void> => {
    if (catchingUp) {
      again = true; // what the running one read may predate this death: one more after it
      return catchingUp;
    }
    const one = catchUpRetained(opts, kinds, onMessage, log)
      .then((count) => opts.onCaughtUp?.(why, count))
      .catch((error: unknown) => log.warn({ error: safeError(error) }, 'MQTT retained catch-up failed'))
      .finally(() => {
        catchingUp = undefined;
        if (again && !closed) {
          again = false;
          void catchUp('nodeGone');
        }
      });
    catchingUp = one;
    return one;
  };
  function onNodeMessage(topic: string, payload: Buffer): void {
    const node = parseCloudNodeTopic(topic);
    if (node === undefined || node === nodeId || closed || kinds.length === 0) return;
    const gone = parseMqttPayload(CloudNodeGoneSchema, payload);
    if (!gone.ok) return log.warn({ topic, error: gone.error }, 'invalid MQTT payload dropped');
    log.warn({ node }, "a cloud node left without a goodbye: reading the devices' retained messages again");
    void catchUp('nodeGone');
  }

  // A device's api/res (un)subscriptions in the order made: the broker may finish an UNSUBSCRIBE after a later
  // SUBSCRIBE of the same topic (Aedes does), which would leave a new relay session deaf.
  const topicOps = new Map<string, Promise<unknown>>();
  const inOrder = (deviceId: string, op: () => Promise<unknown>): Promise<unknown> => {
    const next = (topicOps.get(deviceId) ?? Promise.resolve()).then(op, op);
    const settled = next.catch(() => undefined);
    topicOps.set(deviceId, settled);
    void settled.then(() => topicOps.get(deviceId) === settled && topicOps.delete(deviceId));
    return next;
  };

  // Sensor snapshots go to whichever node asked for them (a rollout's audio check), so every node takes them all.
  const share = (k: (typeof SERVICE_KINDS)[number]) =>
    opts.shareGroup && k !== 'sensors' ? `$share/${opts.shareGroup}/${deviceTopicFilter(k)}` : deviceTopicFilter(k);
  const wanted = SERVICE_KINDS.filter((k) => handlers[k] !== undefined);
  if (wanted.length > 0) {
    const filters = [
      ...wanted.map((k) => [share(k), { qos: DEVICE_TOPICS[k].qos }] as const),
      ...(opts.shareGroup ? [[CLOUD_NODE_TOPIC_FILTER, { qos: 1 as const }] as const] : []),
    ];
    try {
      await client.subscribeAsync(Object.fromEntries(filters));
    } catch (error) {
      client.end(true);
      throw new Error(`the broker refused the service subscriptions: ${String(error)}`, { cause: error });
    }
  }

  const caughtUp: Promise<void> = opts.shareGroup && kinds.length > 0 ? catchUp('start') : Promise.resolve();

  const publish = async (deviceId: string, kind: DeviceTopicKind, payload: string | Buffer, retain = false) => {
    await client.publishAsync(deviceTopic(deviceId, kind), payload, { qos: DEVICE_TOPICS[kind].qos, retain });
  };

  return {
    async publishJob(deviceId, job) {
      await publish(deviceId, 'jobs', JSON.stringify(DeviceJobSchema.parse(job)));
    },
    async publishApiRequest(deviceId, message) {
      const { frame, ...header } = message;
      const payload = encodeApiEnvelope(ApiEnvelopeHeaderSchema.parse(header), frame);
      await publish(deviceId, 'apiReq', typeof payload === 'string' ? payload : asBuffer(payload));
    },
    async onApiResponse(deviceId, handler) {
      const topic = deviceTopic(deviceId, 'apiRes');
      let set = responders.get(deviceId);
      if (!set) {
        responders.set(deviceId, (set = new Set()));
        const subscribe = async () => void (await client.subscribeAsync(topic, { qos: DEVICE_TOPICS.apiRes.qos }));
        set.add(handler);
        await inOrder(deviceId, subscribe);
      } else {
        set.add(handler);
        await topicOps.get(deviceId); // a subscription still on its way
      }
      return async () => {
        set.delete(handler);
        if (set.size > 0 || responders.get(deviceId) !== set) return;
        responders.delete(deviceId);
        await inOrder(deviceId, () => client.unsubscribeAsync(topic));
      };
    },
    async clearShadow(deviceId) {
      await Promise.all([publish(deviceId, 'reported', '', true), publish(deviceId, 'status', '', true)]);
    },
    caughtUp,
    async close() {
      closed = true;
      await client.endAsync();
    },
  };
}

/** The retained catch-up's client leaves once no retained message came for this long (ms)... */
const CATCH_UP_QUIET_MS = 500;
/** ...or after this long at most (ms). */
const CATCH_UP_MAX_MS = 15_000;

/**
 * A node on shared subscriptions gets no retained message (MQTT 5 §4.8.2), so what devices left on the broker while
 * no cloud node was listening (an amp's last will `online: false`, its newest shadow) would never be ingested. A
 * second, short-lived client subscribes plainly, hands the retained messages (retain flag set) to the same handlers
 * and leaves once they stop coming; live messages it also sees (retain flag clear) are the shared subscription's.
 * Every node does this at its start: ingestion is idempotent (same row, same state), so N nodes reading the same
 * retained message store it once.
 */
async function catchUpRetained(
  opts: ServiceClientOptions,
  kinds: readonly ('status' | 'reported')[],
  onMessage: (topic: string, payload: Buffer, retained: boolean) => void,
  log: BrokerLogger,
): Promise<number> {
  const client = await connectOnce(
    opts.url,
    {
      clientId: `${opts.clientId ?? 'rackside-cloud'}-catchup-${randomUUID()}`,
      clean: true,
      reconnectPeriod: 0,
      ...(opts.username !== undefined ? { username: opts.username } : {}),
      ...(opts.password !== undefined ? { password: opts.password } : {}),
    },
    opts.connectTimeoutMs ?? 10_000,
  );
  let count = 0;
  let last: number;
  client.on('message', (topic, payload, packet) => {
    if (!packet.retain) return;
    count += 1;
    last = Date.now();
    onMessage(topic, payload, true);
  });
  try {
    const started = Date.now();
    await client.subscribeAsync(
      Object.fromEntries(kinds.map((k) => [deviceTopicFilter(k), { qos: DEVICE_TOPICS[k].qos }])),
    );
    last = Date.now();
    while (Date.now() - last < CATCH_UP_QUIET_MS && Date.now() - started < CATCH_UP_MAX_MS) {
      await new Promise((r) => setTimeout(r, CATCH_UP_QUIET_MS / 5));
    }
    log.info({ retained: count }, 'MQTT retained messages caught up');
    return count;
  } finally {
    await client.endAsync(true);
  }
}
