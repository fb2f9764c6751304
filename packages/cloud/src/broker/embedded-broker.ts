/**
 * The embedded MQTT broker (ARCHITECTURE.md §3: Aedes inside the cloud process by default): MQTT 3.1.1 over TCP,
 * every client authenticated (anonymous refused), a device bound to its client id (= its device id) and confined
 * to its own topics by acl.ts. Retained messages and sessions live in memory: after a restart devices reconnect
 * and publish their status and reported state again.
 */
import type { EventEmitter } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import {
  type ApiResponseMessage,
  DEVICE_TOPICS,
  deviceTopic,
  encodeApiEnvelope,
  parseApiResponse,
} from '@rackside/protocol';
import { Aedes, type AedesPublishPacket, type AuthenticateError, type Client } from 'aedes';
import { mayPublish, maySubscribe, type BrokerIdentity } from './acl';
import { consoleBrokerLogger, type BrokerLogger } from './logger';
import { createMessageQueue } from './message-queue';
import { encodePublishQos0 } from './publish-packet';
import { asBuffer, type ServiceClient } from './service-client';
import { safeError } from '../plugins/errors';

/** What the remote relay needs of a broker: an amp's api/req out, its api/res in (ServiceClient's two methods). */
export type RelayLink = Pick<ServiceClient, 'publishApiRequest' | 'onApiResponse'>;

/** Options of startEmbeddedBroker. */
export interface EmbeddedBrokerOptions {
  /** TCP port; 0 picks a free one. */
  readonly port: number;
  /** Address to listen on; default 127.0.0.1 (set 0.0.0.0 for amps on the network). */
  readonly host?: string;
  /** Checks a client's credentials: a device, the cloud's service identity, or null to refuse. */
  authenticate(username: string, password: string): Promise<BrokerIdentity | null>;
  readonly log?: BrokerLogger;
}

/** A running embedded broker. */
export interface EmbeddedBroker {
  /** The port it listens on. */
  readonly port: number;
  /**
   * Disconnects a device (its last will marks it offline, unless `discardWill`: a removed device, whose retained
   * topics are about to be cleared); false when it was not connected.
   */
  disconnectDevice(deviceId: string, options?: { readonly discardWill?: boolean }): Promise<boolean>;
  /**
   * The relay's link in process (issue 13): the cloud holds this broker, so an amp's api/req is published and its
   * api/res heard without the service client's socket — two loopback hops fewer on every remote request. Same
   * topics, payloads and checks as the service client's (`connectService`), which an external broker keeps using.
   */
  readonly relayLink: RelayLink;
  /** Stops listening and closes every client. */
  close(): Promise<void>;
}

// aedes' AuthErrorCode is an ambient const enum (unusable with isolatedModules): MQTT 3.1.1 CONNACK return codes.
const IDENTIFIER_REJECTED = 2;
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

const refusal = (returnCode: number, message: string): AuthenticateError =>
  Object.assign<Error, Pick<AuthenticateError, 'returnCode'>>(new Error(message), { returnCode });

/** Starts the embedded broker; resolves once it listens. */
export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const log = opts.log ?? consoleBrokerLogger;
  const identities = new WeakMap<Client, BrokerIdentity>();
  const devices = new Map<string, Client>();
  const willless = new WeakSet<Client>(); // dropped with discardWill: their will is refused, quietly

  const broker = await Aedes.createBroker({
    // Aedes' default queue (mqemitter, 100 at a time) without its stack overflow under a backlog (message-queue.ts)
    mq: createMessageQueue({ concurrency: 100 }),
    authenticate(client, username, password, done) {
      if (!username) {
        log.warn({ clientId: client.id }, 'anonymous MQTT client refused');
        return done(refusal(NOT_AUTHORIZED, 'anonymous clients are not allowed'), false);
      }
      opts.authenticate(username, password?.toString('utf8') ?? '').then(
        (identity) => {
          if (!identity) {
            log.warn({ clientId: client.id, username }, 'MQTT client refused: bad username or password');
            return done(refusal(BAD_USERNAME_OR_PASSWORD, 'bad username or password'), false);
          }
          if (identity.kind === 'device' && client.id !== identity.deviceId) {
            log.warn({ clientId: client.id, deviceId: identity.deviceId }, 'device refused: client id is not its id');
            return done(refusal(IDENTIFIER_REJECTED, 'a device connects with its device id as client id'), false);
          }
          identities.set(client, identity);
          done(null, true);
        },
        (error: unknown) => {
          log.warn({ clientId: client.id, error: safeError(error) }, 'MQTT authentication failed');
          done(refusal(SERVER_UNAVAILABLE, 'authentication unavailable'), false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      if (client && willless.has(client)) return done(new Error('the device was removed'));
      const identity = client ? identities.get(client) : undefined;
      if (identity && mayPublish(identity, packet.topic)) return done(null);
      log.warn({ clientId: client?.id, topic: packet.topic }, 'MQTT publish refused (client disconnected)');
      done(new Error(`not authorized to publish to ${packet.topic}`));
    },
    authorizeSubscribe(client, sub, done) {
      const identity = identities.get(client);
      if (identity && maySubscribe(identity, sub.topic)) return done(null, sub);
      log.warn({ clientId: client.id, topic: sub.topic }, 'MQTT subscription refused');
      done(null, null); // SUBACK failure (0x80) for this filter; the client stays connected
    },
  });
  broker.on('client', (client) => {
    const identity = identities.get(client);
    if (identity?.kind === 'device') devices.set(identity.deviceId, client);
  });
  broker.on('clientDisconnect', (client) => {
    if (devices.get(client.id) === client) devices.delete(client.id);
  });
  // Aedes emits 'error' (absent from its types) on persistence failures: an unheard 'error' would throw.
  (broker as EventEmitter).on('error', (error: unknown) => log.warn({ error: safeError(error) }, 'MQTT broker error'));

  const sockets = new Set<Socket>(); // including those that never finish CONNECT: close() must not wait for them
  // no Nagle: a remote request or reply is one small packet that must leave at once, not wait for the last one's ACK
  const server: Server = createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    relayLink: inProcessRelayLink(broker, devices, log),
    disconnectDevice(deviceId, options = {}) {
      const client = devices.get(deviceId);
      if (!client) return Promise.resolve(false);
      devices.delete(deviceId);
      if (options.discardWill === true) willless.add(client);
      return new Promise((resolve) => client.close(() => resolve(true)));
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** One amp's api/res subscription in process, shared by every relay session listening to it. */
interface ResponseListeners {
  readonly handlers: Set<(message: ApiResponseMessage) => void>;
  readonly deliver: (packet: AedesPublishPacket, done: () => void) => void;
  /** Resolves once Aedes has the subscription. */
  readonly ready: Promise<void>;
}

/** A connected MQTT 3.1 / 3.1.1 client whose socket still takes writes (Aedes accepts no other version). */
const isOpenMqtt3 = (client: Client): boolean =>
  client.connected && !client.closed && (client.version === 3 || client.version === 4) && client.conn.writable;

/**
 * RelayLink over Aedes in process (no client, no socket of the cloud's own). Requests: when the amp is connected
 * here and has subscribed to its own `api/req` (it does on every connection), each request is written straight to
 * its socket as one QoS 0 PUBLISH (publish-packet.ts: the bytes Aedes would write), skipping Aedes' publish pipeline
 * (topic matching, its queue, two setImmediate turns): on that way only the amp hears its requests, as the ACL wants
 * (nobody else but the service identity may subscribe to them). Otherwise (not connected here, or an amp that
 * restored its subscription from a persistent session without a SUBSCRIBE) the request goes through Aedes' publish
 * like any message. The message is the relay's own, built in this process: it is serialised (encodeApiEnvelope: its
 * header line, then the frame's bytes), not parsed again. Replies: one subscription per amp, however many sessions
 * listen to it; each reply (bytes from the amp) is read once (parseApiResponse: the header with its schema, the frame
 * checked to be UTF-8 and handed on as a view of the amp's bytes; one that does not parse is dropped) and handed to
 * every listener.
 */
function inProcessRelayLink(broker: Aedes, devices: ReadonlyMap<string, Client>, log: BrokerLogger): RelayLink {
  const byDevice = new Map<string, ResponseListeners>();
  // device clients subscribed to their own api/req (acl.ts always grants it), with that topic: the only clients a
  // request goes straight to
  const hearing = new WeakMap<Client, string>();
  const apiReqOf = (client: Client) => (devices.get(client.id) === client ? deviceTopic(client.id, 'apiReq') : '');
  broker.on('subscribe', (subscriptions, client) => {
    const topic = apiReqOf(client);
    if (subscriptions.some((sub) => sub.topic === topic)) hearing.set(client, topic);
  });
  broker.on('unsubscribe', (topics, client) => {
    if (topics.includes(apiReqOf(client))) hearing.delete(client);
  });
  const listen = (deviceId: string, topic: string): ResponseListeners => {
    const handlers = new Set<(message: ApiResponseMessage) => void>();
    const deliver = (packet: AedesPublishPacket, done: () => void) => {
      const { payload } = packet; // bytes from a client; text only from an in-process publish
      const parsed = parseApiResponse(typeof payload === 'string' ? Buffer.from(payload) : payload);
      if (!parsed.ok) log.warn({ deviceId, topic, error: parsed.error }, 'invalid MQTT payload dropped');
      else
        for (const handler of handlers) {
          try {
            handler(parsed.value);
          } catch (error) {
            log.warn({ deviceId, error: safeError(error) }, 'relay handler failed');
          }
        }
      done();
    };
    const ready = new Promise<void>((resolve) => broker.subscribe(topic, deliver, () => resolve()));
    return { handlers, deliver, ready };
  };
  return {
    publishApiRequest(deviceId, { frame, ...header }) {
      const envelope = encodeApiEnvelope(header, frame);
      const payload = typeof envelope === 'string' ? Buffer.from(envelope) : asBuffer(envelope);
      const amp = devices.get(deviceId);
      const topic = amp === undefined ? undefined : hearing.get(amp);
      if (amp !== undefined && topic !== undefined && isOpenMqtt3(amp)) {
        amp.conn.write(encodePublishQos0(topic, payload));
        return Promise.resolve();
      }
      const packet = {
        cmd: 'publish',
        topic: deviceTopic(deviceId, 'apiReq'),
        payload,
        qos: DEVICE_TOPICS.apiReq.qos,
        retain: false,
        dup: false,
      } as const;
      return new Promise((resolve, reject) => broker.publish(packet, (error) => (error ? reject(error) : resolve())));
    },
    async onApiResponse(deviceId, handler) {
      const topic = deviceTopic(deviceId, 'apiRes');
      let entry = byDevice.get(deviceId);
      if (entry === undefined) byDevice.set(deviceId, (entry = listen(deviceId, topic)));
      const listeners = entry;
      listeners.handlers.add(handler);
      await listeners.ready;
      return async () => {
        listeners.handlers.delete(handler);
        if (listeners.handlers.size > 0 || byDevice.get(deviceId) !== listeners) return;
        byDevice.delete(deviceId);
        await new Promise<void>((resolve) => broker.unsubscribe(topic, listeners.deliver, () => resolve()));
      };
    },
  };
}
