/**
 * HTTP of the live stream (issue 20; contracts in @rackside/protocol cloud/live.ts):
 * - `POST /live/ticket` (bearer, verified email): a ticket that opens the stream once within LIVE_TICKET_TTL_S, on
 *   any node (tickets are rows: live.repo.ts), acting in the organisation its X-Rackside-Org header names (scope.ts;
 *   404 when the caller is not in it, as every other call answers);
 * - `GET /live`: the caller's Server-Sent Events, opened with the bearer header (and X-Rackside-Org) or
 *   `?token={ticket}` (the request log masks `token`; nothing here logs the query). Not in the OpenAPI document: a
 *   stream is no REST reply (and the generated fuzz suite, which injects requests and waits for their end, would wait
 *   for ever).
 *
 * Both declare `self` (docs/adr/0008): the policy hook would make the caller the organisation's owner, and the stream
 * needs the signed-in account (its session ends the stream); scope.ts checks the organisation itself.
 *
 * The app's listener starts when the app is ready (notifier.ts); its hub (hub.ts) closes every stream before the
 * server closes, then the listener stops.
 */
import {
  LIVE_PATHS as P,
  LIVE_RETRY_MS,
  LIVE_TICKET_PATTERN,
  LIVE_TICKET_TTL_S,
  LiveQuerySchema,
  LiveTicketReplySchema,
} from '@rackside/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import type { DomainApp, DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { requestedOrganisation } from '../../plugins/policy';
import { BEARER as security, ERROR_REPLIES as errors } from '../http';
import { LiveHub, type LiveHubOptions, type StreamOwner } from './hub';
import { issueTicket, liveSession, spendTicket } from './live.repo';
import { listenLive, type LiveListener } from './notifier';
import { LivePublisher } from './publisher';
import { streamScope, type StreamScope } from './scope';

/** The live domain's settings (constants for now: config.ts has no LIVE_* variables yet). */
export interface LiveOptions extends LiveHubOptions {
  /** Streams one user may hold open on one node; one more answers 429. */
  readonly maxStreamsPerUser: number;
}

const notValid = () => new AppError('Unauthorized', 'The stream ticket is not valid (used, or never issued)');

/** The live routes, under the API prefix. */
export function liveRoutes(options: LiveOptions) {
  return (app: DomainApp, ctx: DomainContext): void => {
    const log = app.log.child({ domain: 'live' });
    const hub = new LiveHub(ctx, log, options);
    const publisher = new LivePublisher(ctx.db, log);
    const offs: (() => void)[] = [];
    let listener: LiveListener | undefined;

    app.addHook('onReady', async () => {
      listener = await listenLive(
        ctx.db,
        {
          changes: (c) => {
            hub.receive(c);
            // what else holds access on this node (the relay) checks it again too
            if ((c.d?.length ?? 0) + (c.s?.length ?? 0) > 0)
              ctx.deviceEvents.toldByCluster({ deviceIds: c.d ?? [], userIds: c.s ?? [] });
          },
          resync: () => hub.resync(),
        },
        log,
      );
      offs.push(
        ctx.deviceEvents.onChanged((deviceId) => publisher.device(deviceId)),
        ctx.deviceEvents.onSignedOut((userId) => publisher.signedOut(userId)),
      );
      hub.start();
    });
    // before the server closes: it waits for open responses, and a stream never ends on its own
    app.addHook('preClose', async () => {
      await hub.close();
    });
    app.addHook('onClose', async () => {
      for (const off of offs.splice(0)) off();
      await publisher.flush();
      await listener?.stop();
    });

    /** The stream's owner and scope: the bearer header's session, or the ticket's (spent here, whatever follows). */
    async function admit(
      request: FastifyRequest,
      ticket: string | undefined,
    ): Promise<{ owner: StreamOwner; scope: StreamScope }> {
      const owner = await authenticate(request, ticket);
      const scope = await streamScope(ctx.db, owner.userId, owner.organisationId, ctx.clock.now());
      return { owner, scope };
    }

    async function authenticate(request: FastifyRequest, ticket: string | undefined): Promise<StreamOwner> {
      if (request.headers.authorization !== undefined) {
        await app.authenticateVerified(request);
        const user = currentUser(request);
        const organisationId = requestedOrganisation(request);
        return {
          userId: user.id,
          sessionId: user.sessionId,
          ...(organisationId === undefined ? {} : { organisationId }),
        };
      }
      if (ticket === undefined) throw new AppError('Unauthorized', 'Missing bearer token or stream ticket');
      if (!LIVE_TICKET_PATTERN.test(ticket)) throw notValid();
      const spent = await spendTicket(ctx.db, ticket);
      if (spent === undefined) throw notValid();
      const now = ctx.clock.now();
      if (spent.expiresAt.getTime() <= now.getTime())
        throw new AppError('Unauthorized', 'The stream ticket has expired');
      const user = await liveSession(ctx.db, spent.sessionId, now);
      if (user?.id !== spent.userId) throw new AppError('Unauthorized', 'The session has ended; sign in again');
      if (!user.emailVerified) throw new AppError('EmailNotVerified', 'Verify your email address first');
      const { organisationId } = spent;
      return {
        userId: spent.userId,
        sessionId: spent.sessionId,
        ...(organisationId === null ? {} : { organisationId }),
      };
    }

    /** Turns the reply into the owner's event stream, keeping the headers set so far (the security headers). */
    function stream(reply: FastifyReply, owner: StreamOwner, scope: StreamScope): void {
      reply.hijack();
      const res = reply.raw;
      const headers: OutgoingHttpHeaders = {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and others buffer responses unless told not to
        'x-accel-buffering': 'no',
      };
      delete headers['content-length'];
      res.socket?.setNoDelay(true);
      res.socket?.setTimeout(0);
      res.writeHead(200, headers);
      hub.open(owner, scope, res);
      res.write(`retry: ${LIVE_RETRY_MS}\n\n`);
    }

    app.post(
      P.ticket,
      {
        config: { permission: 'self' },
        onRequest: app.authenticateVerified,
        schema: {
          summary: `A ticket that opens the live stream once, within ${LIVE_TICKET_TTL_S} s (GET /live?token=)`,
          security,
          response: { 200: LiveTicketReplySchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const now = ctx.clock.now();
        const organisationId = requestedOrganisation(request);
        // refused now as the stream would be (404 outside the organisation), not at the stream's open
        await streamScope(ctx.db, user.id, organisationId, now);
        const expiresAt = new Date(now.getTime() + LIVE_TICKET_TTL_S * 1000);
        const ticket = await issueTicket(
          ctx.db,
          { userId: user.id, sessionId: user.sessionId, organisationId: organisationId ?? null },
          now,
          expiresAt,
        );
        return { ticket, expiresAt: expiresAt.toISOString() };
      },
    );

    app.get(
      P.stream,
      {
        config: { permission: 'self' },
        schema: {
          hide: true,
          summary: "The caller's live stream (text/event-stream): device, incident, rollout, resync, end",
          querystring: LiveQuerySchema,
        },
      },
      async (request, reply) => {
        const { owner, scope } = await admit(request, request.query.token);
        // checked after the awaits: a stream opened on a closed hub would hold the server open
        if (hub.closed) throw new AppError('ServiceUnavailable', 'The server is shutting down; open the stream again');
        if (hub.count(owner.userId) >= options.maxStreamsPerUser) {
          throw new AppError('TooManyRequests', `At most ${options.maxStreamsPerUser} live streams at once`, {
            retryAfterS: 5,
          });
        }
        stream(reply, owner, scope);
        return reply;
      },
    );
  };
}
