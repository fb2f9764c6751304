/**
 * buildApp(deps): the whole HTTP service as a Fastify instance, used by main.ts and by every route test (inject).
 * Order: zod compilers → error handling → security headers → rate-limit store → auth decorators → OpenAPI → domains
 * (under API_PREFIX) → dev outbox (RACKSIDE_DEV only) → the web app at / (docs/adr/0003-cloud-http-layout.md).
 *
 * To add a domain: write src/domains/<d>/index.ts exporting `<d>Domain: Domain` and add it to DOMAINS.
 */
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import {
  APP_VERSION,
  FIRMWARE_TOKEN_QUERY,
  OUTBOX_PATH,
  OutboxListSchema,
  OutboxQuerySchema,
  RELAY_MAX_FRAME_BYTES,
  RELAY_SUBPROTOCOL,
  RELAY_TOKEN_QUERY,
  SMS_OUTBOX_PATH,
  SmsOutboxListSchema,
  SmsOutboxQuerySchema,
} from '@rackside/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceClient } from './broker/index';
import { systemClock, type Clock } from './clock';
import type { ResolvedConfig } from './config';
import type { Db } from './db/client';
import { DeviceEvents } from './device-events';
import type { Domain, DomainContext } from './domain';
import { auditDomain } from './domains/audit/index';
import { AuditRecorder } from './domains/audit/recorder';
import { contactsDomain } from './domains/contacts/index';
import { devicesDomain } from './domains/devices/index';
import { firmwareDomain } from './domains/firmware/index';
import { identityDomain } from './domains/identity/index';
import { incidentsDomain } from './domains/incidents/index';
import { notificationsDomain } from './domains/notifications/index';
import { orgsDomain } from './domains/orgs/index';
import { liveDomain } from './domains/live/index';
import { remoteDomain } from './domains/remote/index';
import { rolloutsDomain } from './domains/rollouts/index';
import { venuesDomain } from './domains/venues/index';
import { registerAuth } from './plugins/auth';
import { registerPolicy } from './plugins/policy';
import { registerErrorHandling, safeError, sendNotFound } from './plugins/errors';
import { LOG_REDACT } from './plugins/log-redact';
import { registerSecurityHeaders } from './plugins/headers';
import { isOutbox, type Mailer } from './plugins/mailer';
import { registerRateLimits } from './plugins/rate-limit';
import { createSmsOutbox, isSmsOutbox, type SmsSender } from './plugins/sms';
import { TokenService } from './plugins/tokens';
import { hostingOf, registerWebApp } from './plugins/web-app';

/** The domains, in registration order. */
export const DOMAINS: readonly Domain[] = [
  identityDomain,
  venuesDomain,
  devicesDomain,
  contactsDomain,
  remoteDomain,
  firmwareDomain,
  rolloutsDomain,
  incidentsDomain,
  notificationsDomain,
  liveDomain,
  orgsDomain,
  auditDomain,
];

/** Query parameters that carry credentials: the relay's and the firmware download's (both `token` today). */
const SECRET_QUERIES = [...new Set([RELAY_TOKEN_QUERY, FIRMWARE_TOKEN_QUERY])].join('|');

/** A URL with the credential query parameters masked. */
export function redactQuery(url: string): string {
  return url.replace(new RegExp(`([?&](?:${SECRET_QUERIES})=)[^&#]*`, 'g'), '$1[redacted]');
}

/** What the app is built from; main.ts makes the real ones, tests make theirs (src/test/app.ts). */
export interface AppDeps {
  readonly config: ResolvedConfig;
  readonly db: Db;
  readonly mailer: Mailer;
  /** SMS sender; default the SMS outbox on the database. */
  readonly sms?: SmsSender;
  readonly clock?: Clock;
  readonly broker?: ServiceClient;
  /** Closes a device's broker connection (the embedded broker); see DomainContext. */
  readonly disconnectDevice?: (deviceId: string) => Promise<boolean>;
  /** Device and sign-out events (shared with startMqtt, which tells of amps online and offline); default a new one. */
  readonly deviceEvents?: DeviceEvents;
  /** Override DOMAINS (a test of one domain, or of a domain not yet listed). */
  readonly domains?: readonly Domain[];
}

/** Builds the service; call `app.ready()` (inject does) or `app.listen()`. Closing it does not close the deps. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, mailer } = deps;
  const sms = deps.sms ?? createSmsOutbox(db);
  const clock = deps.clock ?? systemClock;
  const prefix = config.API_PREFIX;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // credentials, codes, e-mails and database errors' query text never reach the log (plugins/log-redact.ts)
      redact: LOG_REDACT,
      // a relay credential or a firmware download token may ride in the query (docs/cloud-api.md): never into the logs
      serializers: {
        req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
          method: req.method,
          url: redactQuery(req.url),
          host: req.host,
          remoteAddress: req.ip,
        }),
      },
    },
    trustProxy: config.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // helmet's onRequest hook: every reply, the 404s and error replies included, carries the headers (docs/security.md)
  await registerSecurityHeaders(app, config);

  await app.register(fastifyCookie); // the refresh cookie (domains/identity/refresh-cookie.ts)
  // rate limits and back-offs: process memory, or with REDIS_URL Redis shared by every node (closed with the app)
  await registerRateLimits(app, config);
  // frames above the relay's limit get the device API's error (domains/remote); far above it the socket closes (1009)
  await app.register(fastifyWebsocket, {
    // a client's broken frame (bad UTF-8, above maxPayload) is the client's fault, not the cloud's: ws closes the
    // socket with 1007/1009; it is logged at info, so no client can fill the error log
    errorHandler: (error, socket, request) => {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_'))
        request.log.info({ code, reason: error.message }, 'websocket: a bad frame from the client');
      else request.log.error({ error: safeError(error) }, 'websocket handler failed');
      socket.terminate();
    },
    options: {
      maxPayload: 16 * RELAY_MAX_FRAME_BYTES,
      // select the relay's subprotocol, never the `bearer.` entry that carries the credential
      handleProtocols: (offered) => (offered.has(RELAY_SUBPROTOCOL) ? RELAY_SUBPROTOCOL : false),
    },
  });
  const tokens = new TokenService(config, clock);
  registerAuth(app, { db, tokens, clock });
  // every domain route declares its permission; one hook checks it (docs/adr/0008-organisations-and-roles.md)
  const policy = registerPolicy(app, { db, clock });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Rackside cloud API', version: APP_VERSION },
      servers: [{ url: `${config.PUBLIC_URL}${prefix}` }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${prefix}/docs` });

  const context: DomainContext = {
    config,
    db,
    mailer,
    sms,
    clock,
    tokens,
    deviceEvents: deps.deviceEvents ?? new DeviceEvents(),
    broker: deps.broker,
    disconnectDevice: deps.disconnectDevice,
    audit: new AuditRecorder({ db, clock, log: app.log.child({ domain: 'audit' }) }),
  };
  for (const domain of deps.domains ?? DOMAINS) {
    // Each domain in its own encapsulated scope: its hooks (e.g. authenticateVerified on all its routes) stay there.
    await app.register(
      async (scope) => {
        // The domain's name tags its routes in the OpenAPI document.
        scope.addHook('onRoute', (route) => {
          route.schema = { tags: [domain.name], ...route.schema };
          policy.guard(route);
        });
        await domain.routes(scope.withTypeProvider<ZodTypeProvider>(), context);
      },
      { prefix },
    );
  }

  const api = app.withTypeProvider<ZodTypeProvider>();
  // the console's hosting mode is in index.html (plugins/web-app.ts); health says the same to scripts and probes
  const health = z.object({
    ok: z.literal(true),
    service: z.literal('rackside-cloud'),
    china: z.boolean(),
    /** A development cloud (RACKSIDE_DEV=1): the dev outboxes are open; never true in production. */
    dev: z.boolean(),
  });
  api.get(`${prefix}/health`, { schema: { hide: true, response: { 200: health } } }, () => ({
    ok: true as const,
    service: 'rackside-cloud' as const,
    china: hostingOf(config) === 'cloud-china',
    dev: config.RACKSIDE_DEV,
  }));
  if (config.RACKSIDE_DEV && isOutbox(mailer)) {
    api.get(
      `${prefix}${OUTBOX_PATH}`,
      { schema: { tags: ['dev'], querystring: OutboxQuerySchema, response: { 200: OutboxListSchema } } },
      async (request) => ({ mails: await mailer.list(request.query.to) }),
    );
  }
  if (config.RACKSIDE_DEV && isSmsOutbox(sms)) {
    api.get(
      `${prefix}${SMS_OUTBOX_PATH}`,
      { schema: { tags: ['dev'], querystring: SmsOutboxQuerySchema, response: { 200: SmsOutboxListSchema } } },
      async (request) => ({ messages: await sms.list(request.query.to) }),
    );
  }

  const webRoot = config.WEB_ROOT;
  if (webRoot === undefined) app.setNotFoundHandler(sendNotFound);
  else await registerWebApp(app, config, webRoot);
  return app;
}
