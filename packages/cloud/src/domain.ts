/**
 * What a domain (identity, venues, devices, contacts) is to the app: a function that registers its routes on an
 * encapsulated Fastify scope (zod type provider, mounted under API_PREFIX) with the shared services. app.ts lists
 * the domains in DOMAINS; each domain folder's index.ts exports one `Domain`.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceClient } from './broker/index';
import type { Clock } from './clock';
import type { ResolvedConfig } from './config';
import type { Db } from './db/client';
import type { DeviceEvents } from './device-events';
import type { AuditRecorder } from './domains/audit/recorder';
import type { Mailer } from './plugins/mailer';
import type { SmsSender } from './plugins/sms';
import type { TokenService } from './plugins/tokens';

/** The services every domain receives. */
export interface DomainContext {
  readonly config: ResolvedConfig;
  readonly db: Db;
  readonly mailer: Mailer;
  /** SMS: the SMPP gateway (SMPP_URL) or the SMS outbox. */
  readonly sms: SmsSender;
  readonly clock: Clock;
  readonly tokens: TokenService;
  /** Device changes (relocated, removed) that other domains react to (the relay re-checks its sessions). */
  readonly deviceEvents: DeviceEvents;
  /** The cloud's MQTT client, when the process has one (main.ts; tests that need it pass one). */
  readonly broker?: ServiceClient;
  /**
   * Drops a device's broker connection without its last will (the embedded broker's disconnectDevice); absent with an
   * external broker, whose own configuration revokes a device (docs/cloud-mqtt.md).
   */
  readonly disconnectDevice?: (deviceId: string) => Promise<boolean>;
  /** The audit log (issue 21): every domain records the changes people make and the amps' events here. */
  readonly audit: AuditRecorder;
}

/** The Fastify scope a domain registers on: its hooks stay inside it, its routes get the API prefix. */
export type DomainApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** One domain: a name (its OpenAPI tag) and its routes. */
export interface Domain {
  readonly name: string;
  routes(app: DomainApp, ctx: DomainContext): void | Promise<void>;
}
