/**
 * The live stream of someone acting in another account's organisation (issue 21 on issue 20's stream), over real
 * HTTP: a member's stream carries the organisation's amps (all of them, or the venues the role is narrowed to, rollouts
 * included), an integrator's member through a grant only the granted venues; a re-narrowed role takes effect on the
 * open stream, and a removed member or a revoked grant ends it with `end` revoked. A ticket or a stream for an
 * organisation the caller is not in answers 404, as every other call.
 */
import { randomUUID } from 'node:crypto';
import {
  fillPath,
  LIVE_PATHS,
  LiveTicketReplySchema,
  ORG_HEADER,
  ORG_PATHS,
  type GrantReply,
  type LiveEvent,
} from '@rackside/protocol';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DeviceEvents } from '../../device-events';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, registerDevice } from '../../test/factories';
import { callIn, createMember, personalOrganisation } from '../../test/members';
import { SseClient } from '../../test/sse';
import { updateRollout, updateTarget } from '../rollouts/rollouts.repo';
import { insertOneAmpRollout, liveDomains, statusIngestion } from './live.fixtures';

const API = '/api';
const DAY_MS = 86_400_000;

describeEachDatabase('live stream of members and integrators', (db) => {
  let t: TestApp;
  let base = '';
  const events = new DeviceEvents();
  let status: (deviceId: string, online: boolean) => Promise<void>;
  let owner: { token: string; userId: string };
  let orgId = '';
  let hall = '';
  let annex = '';
  let hallAmp = '';
  let annexAmp = '';
  let technician: Awaited<ReturnType<typeof createMember>>;
  let narrowed: Awaited<ReturnType<typeof createMember>>;
  let integrator: { token: string };
  let fitter: Awaited<ReturnType<typeof createMember>>;
  const open: SseClient[] = [];

  /** A stream opened with a ticket taken acting in the organisation (none: the personal one). */
  const streamOf = async (token: string, organisationId?: string) => {
    const res =
      organisationId === undefined
        ? await call(t.app, 'POST', LIVE_PATHS.ticket, undefined, token)
        : await callIn(t.app, organisationId, 'POST', LIVE_PATHS.ticket, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    const { ticket } = LiveTicketReplySchema.parse(res.json());
    const client = await SseClient.open(`${base}${API}${LIVE_PATHS.stream}?token=${ticket}`);
    open.push(client);
    expect(client.status).toBe(200);
    return client;
  };
  const devicesOf = (c: SseClient) =>
    c.events.flatMap((e: { event: LiveEvent['event']; data: object }) =>
      'deviceId' in e.data && typeof e.data.deviceId === 'string' ? [e.data.deviceId] : [],
    );
  const rolloutOver = async (deviceId: string) => {
    const rolloutId = await insertOneAmpRollout(db(), owner.userId, deviceId, t.clock.now());
    await updateTarget(db(), rolloutId, deviceId, { state: 'inProgress', firmwareStatus: 'Flashing' });
    return rolloutId;
  };

  beforeAll(async () => {
    t = await buildTestApp(db(), { domains: liveDomains(), deviceEvents: events });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    status = statusIngestion(db(), t, events);
    const o = await createSignedInUser(t.app, t.mailer);
    owner = { token: o.token, userId: String(decodeJwt(o.token).sub) };
    orgId = await personalOrganisation(t.app, owner.token);
    hall = await createVenue(t.app, owner.token, 'Hall');
    annex = await createVenue(t.app, owner.token, 'Annex');
    ({ deviceId: hallAmp } = await registerDevice(t.app, owner.token, hall));
    ({ deviceId: annexAmp } = await registerDevice(t.app, owner.token, annex, {
      mac: '00:1B:2C:00:0C:02',
      serialNumber: 'RS704D0C002',
    }));
    technician = await createMember(t.app, t.mailer, owner.token, 'technician');
    narrowed = await createMember(t.app, t.mailer, owner.token, 'viewer');
    const narrowing = await call(
      t.app,
      'PUT',
      fillPath(ORG_PATHS.member, { userId: narrowed.userId }),
      { role: 'viewer', venueIds: [annex] },
      owner.token,
    );
    expect(narrowing.statusCode, narrowing.body).toBe(200);
    integrator = await createSignedInUser(t.app, t.mailer);
    fitter = await createMember(t.app, t.mailer, integrator.token, 'technician');
  }, 60_000);
  afterAll(async () => {
    for (const client of open) client.close();
    await t.app.close();
  });

  it("tells a member of the organisation's amps in the venues of its role, and the member's own stream of none", async () => {
    const whole = await streamOf(technician.token, orgId);
    const annexOnly = await streamOf(narrowed.token, orgId);
    const personal = await streamOf(technician.token);

    await status(hallAmp, true);
    await status(hallAmp, false);
    await status(annexAmp, true);
    await status(annexAmp, false);

    await whole.next('device', (d) => d.deviceId === hallAmp && !d.online);
    await whole.next('incident', (d) => d.deviceId === hallAmp && d.kind === 'offline');
    expect((await whole.next('device', (d) => d.deviceId === annexAmp && !d.online)).data.venueId).toBe(annex);
    await whole.next('incident', (d) => d.deviceId === annexAmp && d.kind === 'offline');
    // the annex's events came after the hall's, in order: had the narrowed stream been told of the hall, it would be
    // there by now
    await annexOnly.next('device', (d) => d.deviceId === annexAmp && !d.online);
    await annexOnly.next('incident', (d) => d.deviceId === annexAmp && d.kind === 'offline');
    expect(devicesOf(annexOnly)).not.toContain(hallAmp);
    await personal.nextComment('ping');
    expect(devicesOf(personal)).toEqual([]);
    expect([...whole.invalid, ...annexOnly.invalid, ...personal.invalid]).toEqual([]);
  });

  it('tells a narrowed member of the rollouts within its venues only', async () => {
    const whole = await streamOf(technician.token, orgId);
    const annexOnly = await streamOf(narrowed.token, orgId);
    const overHall = await rolloutOver(hallAmp);
    // one unfinished rollout per organisation: the hall's ends before the annex's starts
    await updateRollout(db(), overHall, { state: 'completed', currentWave: 1, updatedAt: t.clock.now() });
    const overAnnex = await rolloutOver(annexAmp);
    await whole.next('rollout', (d) => d.rolloutId === overHall && d.deviceId === undefined);
    await whole.next('rollout', (d) => d.rolloutId === overHall && d.deviceId === hallAmp);
    await whole.next('rollout', (d) => d.rolloutId === overHall && d.state === 'completed');
    await whole.next('rollout', (d) => d.rolloutId === overAnnex && d.deviceId === annexAmp);
    await annexOnly.next('rollout', (d) => d.rolloutId === overAnnex && d.deviceId === undefined);
    await annexOnly.next('rollout', (d) => d.rolloutId === overAnnex && d.deviceId === annexAmp);
    const rollouts = annexOnly.events.flatMap((e) => (e.event === 'rollout' ? [e.data.rolloutId] : []));
    expect(rollouts).not.toContain(overHall);
  });

  it('a role narrowed to other venues takes effect on the open stream; a removed member’s stream ends revoked', async () => {
    const moving = await streamOf(narrowed.token, orgId);
    const leaving = await streamOf(technician.token, orgId);
    const renarrowed = await call(
      t.app,
      'PUT',
      fillPath(ORG_PATHS.member, { userId: narrowed.userId }),
      { role: 'viewer', venueIds: [hall] },
      owner.token,
    );
    expect(renarrowed.statusCode, renarrowed.body).toBe(200);
    const removed = await call(
      t.app,
      'DELETE',
      fillPath(ORG_PATHS.member, { userId: technician.userId }),
      undefined,
      owner.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    await leaving.next('end', (d) => d.reason === 'revoked', { timeoutMs: 1000 });
    await leaving.whenEnded();
    // the narrowed member is told of the hall now, no longer of the annex (the annex first: in order, as above); the
    // role change was told before these changes, and a batch checks its sign-outs and role changes first
    await status(annexAmp, true);
    await status(hallAmp, true);
    await moving.next('device', (d) => d.deviceId === hallAmp && d.online);
    expect(devicesOf(moving)).not.toContain(annexAmp);
    expect(moving.ended).toBe(false);
    // the removed member can no longer take a ticket for the organisation, nor open its stream with a bearer
    const ticket = await callIn(t.app, orgId, 'POST', LIVE_PATHS.ticket, undefined, technician.token);
    expect(ticket.statusCode).toBe(404);
    const bearer = await SseClient.open(`${base}${API}${LIVE_PATHS.stream}`, {
      authorization: `Bearer ${technician.token}`,
      [ORG_HEADER]: orgId,
    });
    expect(bearer.status).toBe(404);
  });

  it("tells an integrator's member of the granted venues only, and ends its stream when the grant is revoked", async () => {
    const granted = await call(
      t.app,
      'POST',
      ORG_PATHS.grants,
      {
        integrator: await personalOrganisation(t.app, integrator.token),
        role: 'operator',
        venueIds: [annex],
        expiresAt: new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString(),
      },
      owner.token,
    );
    expect(granted.statusCode, granted.body).toBe(201);
    const { grant } = granted.json<GrantReply>();
    const through = await streamOf(fitter.token, orgId);
    await status(hallAmp, false);
    await status(annexAmp, false);
    await through.next('device', (d) => d.deviceId === annexAmp && !d.online);
    expect(devicesOf(through)).not.toContain(hallAmp);

    const revoked = await call(
      t.app,
      'DELETE',
      fillPath(ORG_PATHS.grant, { grantId: grant.grantId }),
      undefined,
      owner.token,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    await through.next('end', (d) => d.reason === 'revoked', { timeoutMs: 1000 });
    await through.whenEnded();
  });

  it('refuses a ticket and a stream for an organisation the caller is not in (404), and a header that is no id (400)', async () => {
    const outsider = await createSignedInUser(t.app, t.mailer);
    expect((await callIn(t.app, orgId, 'POST', LIVE_PATHS.ticket, undefined, outsider.token)).statusCode).toBe(404);
    expect((await callIn(t.app, randomUUID(), 'POST', LIVE_PATHS.ticket, undefined, outsider.token)).statusCode).toBe(
      404,
    );
    const bad = await t.app.inject({
      method: 'POST',
      url: `${API}${LIVE_PATHS.ticket}`,
      headers: { authorization: `Bearer ${outsider.token}`, [ORG_HEADER]: 'not-an-id' },
    });
    expect(bad.statusCode).toBe(400);
    const stream = await SseClient.open(`${base}${API}${LIVE_PATHS.stream}`, {
      authorization: `Bearer ${outsider.token}`,
      [ORG_HEADER]: orgId,
    });
    expect(stream.status).toBe(404);
  });
});
