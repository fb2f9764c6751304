/**
 * HTTP of firmware rollouts (issue 14; contracts in @rackside/protocol cloud/rollouts.ts), for a signed-in user with
 * a verified email. The app's runner starts here when the app has a broker (it sends jobs) and stops when it closes.
 */
import {
  DeviceParamsSchema,
  FirmwareHistorySchema,
  ROLLOUT_PATHS as P,
  RolloutActionParamsSchema,
  RolloutCandidatesSchema,
  RolloutCreateSchema,
  RolloutListSchema,
  RolloutParamsSchema,
  RolloutSchema,
} from '@rackside/protocol';
import type { DomainApp, DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { BEARER as security, ERROR_REPLIES as errors } from '../http';
import { RolloutsService } from './rollouts.service';
import { RolloutRunner } from './runner';

/** The rollout routes, under the API prefix. */
export function rolloutRoutes(app: DomainApp, ctx: DomainContext): void {
  const runner = ctx.broker === undefined ? undefined : new RolloutRunner(ctx, app.log.child({ domain: 'rollouts' }));
  if (runner !== undefined) {
    app.addHook('onReady', () => runner.start());
    app.addHook('onClose', () => runner.stop());
  }
  const rollouts = new RolloutsService(ctx, runner);
  app.addHook('onRequest', app.authenticateVerified);

  app.get(
    P.candidates,
    {
      config: { permission: 'firmware.read' },
      schema: {
        summary: 'The update screen: venues, their amps, versions and whether each can be updated',
        security,
        response: { 200: RolloutCandidatesSchema, ...errors },
      },
    },
    (request) => rollouts.candidates(currentUser(request)),
  );
  app.get(
    P.rollouts,
    {
      config: { permission: 'firmware.read' },
      schema: {
        summary: "The caller's rollouts, newest first",
        security,
        response: { 200: RolloutListSchema, ...errors },
      },
    },
    (request) => rollouts.list(currentUser(request)),
  );
  app.post(
    P.rollouts,
    {
      config: { permission: 'firmware.update' },
      schema: {
        summary: 'Start a rollout over the selected amps (waves, failure threshold, force)',
        security,
        body: RolloutCreateSchema,
        response: { 201: RolloutSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await rollouts.create(currentUser(request), request.body)),
  );
  app.get(
    P.rollout,
    {
      config: { permission: 'firmware.read' },
      schema: {
        summary: 'A rollout with its amps and its step log',
        security,
        params: RolloutParamsSchema,
        response: { 200: RolloutSchema, ...errors },
      },
    },
    (request) => rollouts.get(currentUser(request), request.params.rolloutId),
  );
  app.post(
    P.action,
    {
      config: { permission: 'firmware.update' },
      schema: {
        summary: 'Pause, resume or cancel a rollout',
        security,
        params: RolloutActionParamsSchema,
        response: { 200: RolloutSchema, ...errors },
      },
    },
    (request) => rollouts.act(currentUser(request), request.params.rolloutId, request.params.action),
  );
  app.get(
    P.deviceHistory,
    {
      config: { permission: 'firmware.read' },
      schema: {
        summary: "An amp's firmware updates, newest first",
        security,
        params: DeviceParamsSchema,
        response: { 200: FirmwareHistorySchema, ...errors },
      },
    },
    (request) => rollouts.history(currentUser(request), request.params.deviceId),
  );
}
