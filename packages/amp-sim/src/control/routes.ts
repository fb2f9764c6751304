/**
 * The amp emulator's control interface over HTTP: list, inject and clear faults; list the CS Touch panels behind the
 * amp, read one's stored configuration and take it offline or back. Mounted by the amp's HTTP server; bodies are
 * validated with zod (FaultSchema, TouchOnlineSchema), and a refused body changes nothing.
 */
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { Amp } from '../amp';
import { touchPanelsOf } from '../api/nst-proxy';
import { FaultSchema, describeIssues, faultProblem } from '../sim/faults';
import type { Physics } from '../sim/physics';

/** What the control routes act on: one amp and its running physics. */
export interface ControlTarget {
  readonly amp: Amp;
  readonly physics: Physics;
}

/**
 * Registers `GET /control/faults` (the active faults), `POST /control/faults` (inject one Fault; 400 with a
 * message for a body that is not a valid fault for this model) and `DELETE /control/faults` (clear all);
 * `GET /control/touch` (the panels behind the amp, each with its stored configuration), `GET /control/touch/{ip}`
 * and `POST /control/touch/{ip}` `{online}` (404 for an address with no panel).
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

  const panels = touchPanelsOf(target.amp);
  const panelView = (ip: string) => {
    const p = panels.get(ip);
    return p && { ipAddress: ip, name: p.name, online: p.online, config: p.config };
  };
  app.get('/control/touch', (_req, reply) => reply.send({ panels: panels.addresses().map(panelView) }));
  app.get<{ Params: { ip: string } }>('/control/touch/:ip', (req, reply) => {
    const view = panelView(req.params.ip);
    return view ? reply.send(view) : reply.code(404).send({ error: 'no such panel', message: req.params.ip });
  });
  app.post<{ Params: { ip: string } }>('/control/touch/:ip', (req, reply) => {
    const parsed = TouchOnlineSchema.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid body', message: 'expects {"online": boolean}' });
    if (!panels.get(req.params.ip)) return reply.code(404).send({ error: 'no such panel', message: req.params.ip });
    panels.setOnline(req.params.ip, parsed.data.online);
    return reply.send(panelView(req.params.ip));
  });
}

/** `POST /control/touch/{ip}`: take a CS Touch panel offline or bring it back. */
const TouchOnlineSchema = z.strictObject({ online: z.boolean() });

/** The same routes as a Fastify plugin: `app.register(controlRoutes, { amp, physics })`. */
export const controlRoutes: FastifyPluginCallback<ControlTarget> = (app, target, done) => {
  registerControlRoutes(app, target);
  done();
};
