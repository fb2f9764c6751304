/**
 * buildApp(deps): the whole HTTP service as a Fastify instance, used by main.ts and by every route test (inject).
 * Order: zod compilers → error handling → rate-limit store → auth decorators → OpenAPI → domains (under API_PREFIX)
 * → dev outbox → the web app at / (docs/adr/0003-cloud-http-layout.md).
 *
 * To add a domain: write src/domains/<d>/index.ts exporting `<d>Domain: Domain` and add it to DOMAINS.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, OUTBOX_PATH, OutboxListSchema, OutboxQuerySchema } from '@rackside/protocol';
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
import type { Domain, DomainContext } from './domain';
import { contactsDomain } from './domains/contacts/index';
import { devicesDomain } from './domains/devices/index';
import { identityDomain } from './domains/identity/index';
import { venuesDomain } from './domains/venues/index';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling, sendNotFound } from './plugins/errors';
import { isOutbox, type Mailer } from './plugins/mailer';
import { TokenService } from './plugins/tokens';
import { hostingOf, registerWebApp } from './plugins/web-app';

/** The domains, in registration order. */
export const DOMAINS: readonly Domain[] = [identityDomain, venuesDomain, devicesDomain, contactsDomain];

/** What the app is built from; main.ts makes the real ones, tests make theirs (src/test/app.ts). */
export interface AppDeps {
  readonly config: ResolvedConfig;
  readonly db: Db;
  readonly mailer: Mailer;
  readonly clock?: Clock;
  readonly broker?: ServiceClient;
  /** Closes a device's broker connection (the embedded broker); see DomainContext. */
  readonly disconnectDevice?: (deviceId: string) => Promise<boolean>;
  /** Override DOMAINS (a test of one domain, or of a domain not yet listed). */
  readonly domains?: readonly Domain[];
}

/** Builds the service; call `app.ready()` (inject does) or `app.listen()`. Closing it does not close the deps. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, mailer } = deps;
  const clock = deps.clock ?? systemClock;
  const prefix = config.API_PREFIX;
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyRateLimit, { global: false });
  const tokens = new TokenService(config, clock);
  registerAuth(app, { db, tokens, clock });

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
    clock,
    tokens,
    broker: deps.broker,
    disconnectDevice: deps.disconnectDevice,
  };
  for (const domain of deps.domains ?? DOMAINS) {
    // Each domain in its own encapsulated scope: its hooks (e.g. authenticateVerified on all its routes) stay there.
    await app.register(
      async (scope) => {
        // The domain's name tags its routes in the OpenAPI document.
        scope.addHook('onRoute', (route) => {
          route.schema = { tags: [domain.name], ...route.schema };
        });
        await domain.routes(scope.withTypeProvider<ZodTypeProvider>(), context);
      },
      { prefix },
    );
  }

  const api = app.withTypeProvider<ZodTypeProvider>();
  // the console's hosting mode is in index.html (plugins/web-app.ts); health says the same to scripts and probes
  const health = z.object({ ok: z.literal(true), service: z.literal('rackside-cloud'), china: z.boolean() });
  api.get(`${prefix}/health`, { schema: { hide: true, response: { 200: health } } }, () => ({
    ok: true as const,
    service: 'rackside-cloud' as const,
    china: hostingOf(config) === 'cloud-china',
  }));
  if (config.NODE_ENV !== 'production' && isOutbox(mailer)) {
    api.get(
      `${prefix}${OUTBOX_PATH}`,
      { schema: { tags: ['dev'], querystring: OutboxQuerySchema, response: { 200: OutboxListSchema } } },
      async (request) => ({ mails: await mailer.list(request.query.to) }),
    );
  }

  const webRoot = config.WEB_ROOT;
  if (webRoot === undefined) app.setNotFoundHandler(sendNotFound);
  else await registerWebApp(app, config, webRoot);
  return app;
}
