/**
 * The amp emulator's control interface over HTTP: list, inject and clear faults. Mounted by the amp's HTTP
 * server; bodies are validated with FaultSchema, and a refused body changes nothing.
 */
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import type { Amp } from '../amp';
import { FaultSchema, describeIssues, faultProblem } from '../sim/faults';
import type { Physics } from '../sim/physics';

/** What the control routes act on: one amp and its running physics. */
export interface ControlTarget {
  readonly amp: Amp;
  readonly physics: Physics;
}

/**
 * Registers `GET /control/faults` (the active faults), `POST /control/faults` (inject one Fault; 400 with a
 * message for a body that is not a valid fault for this model) and `DELETE /control/faults` (clear all).
 */
export function registerControlRoutes(app: FastifyInstance, target: ControlTarget): void {
  app.get('/control/faults', (_req, reply) => reply.send({ faults: target.physics.faults() }));

  app.post('/control/faults', (req, reply) => {
    const parsed = FaultSchema.safeParse(req.body);
    const problem = parsed.success ? faultProblem(target.amp.model, parsed.data) : describeIssues(parsed.error);
    if (!parsed.success || problem !== undefined) {
      return reply.code(400).send({ error: 'invalid fault', message: problem });
    }
    target.physics.inject(parsed.data);
    return reply.code(201).send({ faults: target.physics.faults() });
  });

  app.delete('/control/faults', (_req, reply) => {
    target.physics.clear();
    return reply.send({ faults: target.physics.faults() });
  });
}

/** The same routes as a Fastify plugin: `app.register(controlRoutes, { amp, physics })`. */
export const controlRoutes: FastifyPluginCallback<ControlTarget> = (app, target, done) => {
  registerControlRoutes(app, target);
  done();
};
