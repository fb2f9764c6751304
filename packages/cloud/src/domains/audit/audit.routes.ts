/**
 * HTTP of the audit timelines (issue 21; contracts in @rackside/protocol cloud/audit.ts), permission `audit.read`
 * (every role). The amps' own events are recorded here too: online and offline as ingestion stores them (the faults
 * come with the incidents they open, firmware status with the job it updates), and the retention job runs from here.
 */
import { Readable } from 'node:stream';
import {
  AUDIT_PATHS as P,
  AuditCsvQuerySchema,
  AuditOrgCsvQuerySchema,
  AuditOrgQuerySchema,
  AuditPageSchema,
  AuditQuerySchema,
  DeviceParamsSchema,
  VenueParamsSchema,
} from '@rackside/protocol';
import type { FastifyReply } from 'fastify';
import type { DomainApp, DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { BEARER as security, ERROR_REPLIES as errors } from '../http';
import { AuditService } from './audit.service';
import { AuditRetention } from './retention';

const CSV_DESCRIPTION =
  'text/csv (UTF-8 with a byte order mark, RFC 4180, a header row: AUDIT_CSV_COLUMNS); every matching event, ' +
  'newest first, at most AUDIT_CSV_MAX_ROWS. A cell starting with = + - @, a tab or CR has a leading apostrophe.';

/** Sends the CSV text as an attachment. */
function sendCsv(reply: FastifyReply, name: string, text: AsyncIterable<string>, now: Date): FastifyReply {
  const day = now.toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="audit-${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(text));
}

/** The audit routes, under the API prefix; every one wants a signed-in user with a verified email. */
export function auditRoutes(app: DomainApp, ctx: DomainContext): void {
  const service = new AuditService(ctx);
  const retention = new AuditRetention(ctx, app.log.child({ domain: 'audit' }));
  const offs: (() => void)[] = [];
  app.addHook('onReady', () => {
    offs.push(
      ctx.deviceEvents.onStatusStored((deviceId, online) => {
        void ctx.audit.aboutDevice(deviceId, { kind: online ? 'amp.online' : 'amp.offline', details: {} });
      }),
    );
    retention.start();
  });
  app.addHook('onClose', async () => {
    offs.forEach((off) => off());
    await retention.stop();
  });
  app.addHook('onRequest', app.authenticateVerified);

  const page = { 200: AuditPageSchema, ...errors };
  app.get(
    P.audit,
    {
      config: { permission: 'audit.read' },
      schema: {
        summary: "The organisation's audit log, newest first (kind, actor, date, venue and amp filters; pages)",
        security,
        querystring: AuditOrgQuerySchema,
        response: page,
      },
    },
    (request) => {
      const { venueId, deviceId, ...query } = request.query;
      return service.page(currentUser(request), { organisation: { venueId, deviceId } }, query);
    },
  );
  app.get(
    P.auditCsv,
    {
      config: { permission: 'audit.read' },
      schema: {
        summary: "The organisation's audit log as CSV (the same filters)",
        description: CSV_DESCRIPTION,
        security,
        querystring: AuditOrgCsvQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { venueId, deviceId, ...filters } = request.query;
      const text = await service.csv(currentUser(request), { organisation: { venueId, deviceId } }, filters);
      return sendCsv(reply, 'organisation', text, ctx.clock.now());
    },
  );
  app.get(
    P.venueAudit,
    {
      config: { permission: 'audit.read' },
      schema: {
        summary: "A venue's audit timeline, newest first (amps moved out of it included)",
        security,
        params: VenueParamsSchema,
        querystring: AuditQuerySchema,
        response: page,
      },
    },
    (request) => service.page(currentUser(request), { venueId: request.params.venueId }, request.query),
  );
  app.get(
    P.venueAuditCsv,
    {
      config: { permission: 'audit.read' },
      schema: {
        summary: "A venue's audit timeline as CSV",
        description: CSV_DESCRIPTION,
        security,
        params: VenueParamsSchema,
        querystring: AuditCsvQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { venueId } = request.params;
      const text = await service.csv(currentUser(request), { venueId }, request.query);
      return sendCsv(reply, `venue-${venueId}`, text, ctx.clock.now());
    },
  );
  app.get(
    P.deviceAudit,
    {
      config: { permission: 'audit.read' },
      schema: {
        summary: "An amp's audit timeline, newest first",
        security,
        params: DeviceParamsSchema,
        querystring: AuditQuerySchema,
        response: page,
      },
    },
    (request) => service.page(currentUser(request), { deviceId: request.params.deviceId }, request.query),
  );
  app.get(
    P.deviceAuditCsv,
    {
      config: { permission: 'audit.read' },
      schema: {
        summary: "An amp's audit timeline as CSV",
        description: CSV_DESCRIPTION,
        security,
        params: DeviceParamsSchema,
        querystring: AuditCsvQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { deviceId } = request.params;
      const text = await service.csv(currentUser(request), { deviceId }, request.query);
      return sendCsv(reply, `amp-${deviceId}`, text, ctx.clock.now());
    },
  );
}
