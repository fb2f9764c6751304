/**
 * HTTP of the remote relay (issue 13; contracts in @rackside/protocol cloud/remote.ts): POST a relay credential for
 * one of the caller's amps (signed-in, verified user), then GET the relay as a WebSocket with that credential in
 * the subprotocols (`rackside.relay.v1`, `bearer.{token}`) or in `?token=` (app.ts keeps it out of the logs).
 * A refused relay is accepted and closed at once with a RELAY_CLOSE code, which a browser can read (an HTTP
 * refusal of the upgrade it cannot).
 */
import {
  can,
  DeviceErrorCode,
  errorFrame,
  RELAY_CLOSE,
  RELAY_RATE_BURST,
  RELAY_TOKEN_PROTOCOL_PREFIX,
  RelayQuerySchema,
  REMOTE_PATHS as P,
  RemoteParamsSchema,
  RemoteSessionReplySchema,
} from '@rackside/protocol';
import type { FastifyRequest } from 'fastify';
import type { DomainApp, DomainContext } from '../../domain';
import { clientOf, currentUser } from '../../plugins/auth';
import { currentActor } from '../../plugins/policy';
import { BEARER as security, ERROR_REPLIES as errors } from '../http';
import { RelayHub, requestId } from './relay';
import { isRefusal, RemoteService } from './remote.service';
import { safeError } from '../../plugins/errors';

/** The credential of a relay request: a `bearer.` subprotocol entry first, else the query parameter. */
function relayToken(request: FastifyRequest, query: string | undefined): string | undefined {
  const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  const entry = offered.find((p) => p.startsWith(RELAY_TOKEN_PROTOCOL_PREFIX));
  return entry?.slice(RELAY_TOKEN_PROTOCOL_PREFIX.length) ?? query;
}

/** The remote relay's routes, under the API prefix. */
export async function remoteRoutes(app: DomainApp, ctx: DomainContext): Promise<void> {
  const remote = new RemoteService(ctx);
  const hub = new RelayHub(ctx, remote);
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });

  await app.register((scope: DomainApp) => {
    scope.addHook('onRequest', scope.authenticateVerified);
    scope.post(
      P.session,
      {
        // an operator (remote.mute) gets a mute-only credential; remote.control the whole device API
        config: { permission: 'remote.mute' },
        schema: {
          summary: 'A short-lived relay credential for one of your amps (remote device API)',
          security,
          params: RemoteParamsSchema,
          response: { 200: RemoteSessionReplySchema, ...errors },
        },
      },
      (request) =>
        remote.issue(
          currentUser(request),
          request.params.deviceId,
          can(currentActor(request).role, 'remote.control') ? 'control' : 'mute',
        ),
    );
  });

  app.get(
    P.relay,
    {
      // the relay's credential is checked by remote.service.ts admit: remote.control, or remote.mute for its scope
      config: { permission: 'remote.mute', permissionCheckedBy: 'route' },
      websocket: true,
      schema: {
        summary: 'The relay (WebSocket): device API frames to and from the amp, unchanged',
        params: RemoteParamsSchema,
        querystring: RelayQuerySchema,
      },
    },
    (socket, request) => {
      const { deviceId } = request.params;
      // Frames that arrive while the credential is checked wait here (bounded by the frame rate's burst).
      const early: Buffer[] = [];
      let session: Awaited<ReturnType<RelayHub['open']>> | undefined;
      // A frame goes to the session as its bytes; binary frames are read as UTF-8 text there (RelaySession.fromBrowser).
      socket.on('message', (data) => {
        const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
        if (session === undefined) {
          if (early.length < RELAY_RATE_BURST) early.push(buffer);
          else {
            const message = 'busy: the relay is opening';
            socket.send(errorFrame('/', { code: DeviceErrorCode.Busy, message }, requestId(buffer.toString('utf8'))));
          }
        } else if (!isRefusal(session)) session.fromBrowser(buffer);
      });
      socket.on('close', () => {
        if (session !== undefined && !isRefusal(session)) session.close(RELAY_CLOSE.GoingAway, 'The browser left');
      });
      void (async () => {
        const admitted = await remote.admit(relayToken(request, request.query.token), deviceId);
        const opened = isRefusal(admitted)
          ? admitted
          : await hub.open(admitted, socket, request.log, clientOf(request));
        if (isRefusal(opened)) {
          session = opened;
          request.log.info({ deviceId, code: opened.code, reason: opened.reason }, 'relay refused');
          return socket.close(opened.code, opened.reason);
        }
        await opened.start();
        session = opened;
        if (socket.readyState !== socket.OPEN) return opened.close(RELAY_CLOSE.GoingAway, 'The browser left');
        for (const buffer of early.splice(0)) opened.fromBrowser(buffer);
      })().catch((error: unknown) => {
        request.log.error({ deviceId, error: safeError(error) }, 'relay failed to open');
        socket.close(1011, 'The relay failed to open');
      });
    },
  );
}
