/**
 * HTTP of notifications (issue 15; contracts in @rackside/protocol cloud/incidents.ts): the acknowledge and
 * unsubscribe links (unauthenticated, HTML; GET shows a button, POST acts, with the token as a form field or in the
 * query, so a mail client's RFC 8058 one-click POST works too) and a venue's notification settings (signed in).
 * The delivery worker starts when the app is ready and stops when it closes; STOPs from phones are heard meanwhile.
 */
import {
  INCIDENT_PATHS as P,
  VenueNotificationSettingsReplySchema,
  VenueNotificationSettingsSchema,
  VenueParamsSchema,
} from '@rackside/protocol';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { DomainApp, DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { accountAndAddressLimit } from '../../plugins/rate-limit';
import { BEARER as security, ERROR_REPLIES as errors } from '../http';
import { linkPage, type LinkOutcome } from './link-page';
import { NotificationsService } from './notifications.service';
import { startNotificationWorker, type NotificationWorker } from './worker';

/** The link's token as the query gives it; anything else (an array, nothing) is no token, never a 4xx JSON. */
const LinkQuerySchema = z.object({ token: z.string().optional().catch(undefined) });
/** A form field or a JSON property `token`; bounded before anything reads it. */
const FORM_LIMIT_BYTES = 8 * 1024;

const tokenOfBody = (body: unknown): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>).token : undefined;

const sendPage = (reply: FastifyReply, outcome: LinkOutcome) => {
  const { status, html } = linkPage(outcome);
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
};

/** Starts the worker and the STOP listener on ready, stops both on close. */
function runInBackground(app: DomainApp, ctx: DomainContext, service: NotificationsService, withWorker: boolean): void {
  const log = app.log.child({ domain: 'notifications' });
  let worker: NotificationWorker | undefined;
  let removeStop: (() => void) | undefined;
  app.addHook('onReady', () => {
    if (withWorker) worker = startNotificationWorker(ctx, { log });
    removeStop = ctx.sms.onStop((phone) => {
      service.stop(phone).then(
        (n) => log.info({ contacts: n }, 'SMS STOP received'),
        (error: unknown) => log.error({ error: String(error) }, 'SMS STOP not stored'),
      );
    });
    return Promise.resolve();
  });
  app.addHook('onClose', async () => {
    removeStop?.();
    await worker?.stop();
  });
}

/** What the routes start besides: the delivery worker unless `worker: false` (tests that tick their own). */
export interface NotificationsOptions {
  readonly worker?: boolean;
}

/** The notification routes, under the API prefix. */
export async function notificationsRoutes(
  app: DomainApp,
  ctx: DomainContext,
  options: NotificationsOptions = {},
): Promise<void> {
  const service = new NotificationsService(ctx);
  runInBackground(app, ctx, service, options.worker ?? true);
  // the link pages' buttons post a form; this scope alone reads one (no dependency for two routes)
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const limit = accountAndAddressLimit(app, ctx.config, 'notification-link', () => undefined);

  const links = [
    { path: P.acknowledgeLink, ask: 'askAcknowledge', act: 'acknowledge', what: 'Acknowledge an incident' },
    { path: P.unsubscribeLink, ask: 'askUnsubscribe', act: 'unsubscribe', what: 'Stop notification e-mails' },
  ] as const;
  for (const link of links) {
    app.get(
      link.path,
      {
        config: { permission: 'public' },
        schema: {
          summary: `${link.what}: the link's page (HTML, a button)`,
          querystring: LinkQuerySchema,
          produces: ['text/html'],
        },
        preHandler: limit,
      },
      async (request, reply) => sendPage(reply, await service[link.ask](request.query.token)),
    );
    app.post(
      link.path,
      {
        config: { permission: 'public' },
        schema: {
          summary: `${link.what} (the page's button; form field or query token)`,
          querystring: LinkQuerySchema,
          produces: ['text/html'],
        },
        preHandler: limit,
      },
      async (request, reply) =>
        sendPage(reply, await service[link.act](tokenOfBody(request.body) ?? request.query.token)),
    );
  }

  await app.register((scope: DomainApp) => {
    scope.addHook('onRequest', scope.authenticateVerified);
    scope.get(
      P.venueSettings,
      {
        config: { permission: 'contact.read' },
        schema: {
          summary: "A venue's notification settings (quiet hours, reminders, escalation)",
          security,
          params: VenueParamsSchema,
          response: { 200: VenueNotificationSettingsReplySchema, ...errors },
        },
      },
      (request) => service.settings(currentUser(request), request.params.venueId),
    );
    scope.put(
      P.venueSettings,
      {
        config: { permission: 'contact.write' },
        schema: {
          summary: "Replace a venue's notification settings",
          security,
          params: VenueParamsSchema,
          body: VenueNotificationSettingsSchema,
          response: { 200: VenueNotificationSettingsReplySchema, ...errors },
        },
      },
      (request) => service.saveSettings(currentUser(request), request.params.venueId, request.body),
    );
  });
}
