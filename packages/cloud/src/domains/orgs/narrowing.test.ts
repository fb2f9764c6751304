/**
 * Members narrowed to venues (issue 21): an invitation or a role change names the venues; the member then lists, reads
 * and acts on those venues' amps, incidents and rollouts only (404 for the others, as another organisation's), adds no
 * venue, and gives no one more than it has.
 */
import { buildFirmwareImage } from '@rackside/amp-sim';
import {
  DEVICE_PATHS,
  fillPath,
  INCIDENT_PATHS,
  ORG_PATHS,
  ROLLOUT_PATHS,
  VENUE_PATHS,
  type IncidentList,
  type InvitationReply,
  type MemberList,
  type MemberReply,
  type OrganisationList,
  type RolloutCandidates,
  type RolloutList,
  type VenueList,
} from '@rackside/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOwner, type OwnedObjects } from '../../security/accounts';
import { buildTestApp, type TestApp } from '../../test/app';
import { FakeBroker } from '../../test/broker';
import { describeEachDatabase } from '../../test/db';
import {
  call,
  createSignedInUser,
  createVenue,
  errorOf,
  lastCode,
  registerDevice,
  uniqueEmail,
} from '../../test/factories';
import { callIn, createMember, personalOrganisation } from '../../test/members';

const IMAGE = buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0', payloadBytes: 1024 });

describeEachDatabase('members narrowed to venues', (db) => {
  let t: TestApp;
  let owner: OwnedObjects;
  let orgId: string;
  let annex: string;
  let annexAmp: string;

  beforeAll(async () => {
    const broker = new FakeBroker();
    t = await buildTestApp(db(), { broker, disconnectDevice: broker.disconnectDevice });
    // a venue with an amp, a rollout over it and an incident on it; then a second venue with its own amp
    owner = await createOwner(t.app, t.mailer, db(), 'narrow', IMAGE);
    orgId = await personalOrganisation(t.app, owner.token);
    annex = await createVenue(t.app, owner.token, 'Annex');
    ({ deviceId: annexAmp } = await registerDevice(t.app, owner.token, annex, {
      mac: '00:1B:2C:00:0A:01',
      serialNumber: 'RS704D0A001',
    }));
  }, 60_000);
  afterAll(() => t.app.close());

  it('an invitation narrowed to a venue makes a member who sees and reaches that venue only', async () => {
    const email = uniqueEmail('narrowed');
    const invited = await call(
      t.app,
      'POST',
      ORG_PATHS.invitations,
      { email, role: 'admin', venueIds: [annex] },
      owner.token,
    );
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json<InvitationReply>().invitation.venueIds).toEqual([annex]);
    const token = await lastCode(t.mailer, email);
    const member = await createSignedInUser(t.app, t.mailer, email);
    expect((await call(t.app, 'POST', ORG_PATHS.accept, { token }, member.token)).statusCode).toBe(200);
    const orgs = await call(t.app, 'GET', ORG_PATHS.orgs, undefined, member.token);
    expect(orgs.json<OrganisationList>().organisations.find((o) => o.organisationId === orgId)?.venueIds).toEqual([
      annex,
    ]);
    const get = (path: string) => callIn(t.app, orgId, 'GET', path, undefined, member.token);

    expect((await get(VENUE_PATHS.venues)).json<VenueList>().venues.map((v) => v.venueId)).toEqual([annex]);
    expect((await get(fillPath(DEVICE_PATHS.venueDevices, { venueId: annex }))).statusCode).toBe(200);
    expect((await get(fillPath(DEVICE_PATHS.venueDevices, { venueId: owner.venueId }))).statusCode).toBe(404);
    expect((await get(INCIDENT_PATHS.incidents)).json<IncidentList>().incidents).toEqual([]);
    const byVenue = await get(`${INCIDENT_PATHS.incidents}?venueId=${owner.venueId}`);
    expect(byVenue.statusCode).toBe(404);
    expect((await get(fillPath(INCIDENT_PATHS.incident, { incidentId: owner.incidentId ?? '' }))).statusCode).toBe(404);
    expect((await get(ROLLOUT_PATHS.rollouts)).json<RolloutList>().rollouts).toEqual([]);
    expect((await get(fillPath(ROLLOUT_PATHS.rollout, { rolloutId: owner.rolloutId ?? '' }))).statusCode).toBe(404);
    const candidates = (await get(ROLLOUT_PATHS.candidates)).json<RolloutCandidates>();
    expect(candidates.venues.map((v) => v.venueId)).toEqual([annex]);
    expect(candidates.activeRolloutId).toBeNull();
    expect((await get(fillPath(ROLLOUT_PATHS.deviceHistory, { deviceId: owner.deviceId }))).statusCode).toBe(404);
    expect((await get(fillPath(ROLLOUT_PATHS.deviceHistory, { deviceId: annexAmp }))).statusCode).toBe(200);

    // an admin narrowed: may not move an amp out of its venues, nor into another one, nor add a venue
    const act = (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
      callIn(t.app, orgId, method, path, body, member.token);
    const into = await act(
      'PUT',
      `${fillPath(DEVICE_PATHS.relocate, { deviceId: annexAmp })}?venueId=${owner.venueId}`,
    );
    expect([into.statusCode, errorOf(into).error]).toEqual([404, 'NotFound']);
    const outOf = await act('PUT', `${fillPath(DEVICE_PATHS.relocate, { deviceId: owner.deviceId })}?venueId=${annex}`);
    expect([outOf.statusCode, errorOf(outOf).error]).toEqual([404, 'NotFound']);
    const rollout = await act('POST', ROLLOUT_PATHS.rollouts, { deviceIds: [owner.deviceId, annexAmp] });
    expect(rollout.statusCode).toBe(404);
    const added = await act('POST', VENUE_PATHS.venues, { venue: { name: 'Mine' } });
    expect([added.statusCode, errorOf(added).error]).toEqual([403, 'Forbidden']);
    const renamed = await act('PUT', fillPath(VENUE_PATHS.venue, { venueId: annex }), { venue: { name: 'Annex 2' } });
    expect(renamed.statusCode).toBe(200);

    // it gives no one more than it has
    const wide = await act('POST', ORG_PATHS.invitations, { email: uniqueEmail('wide'), role: 'viewer' });
    expect([wide.statusCode, errorOf(wide).error]).toEqual([403, 'Forbidden']);
    const other = await act('POST', ORG_PATHS.invitations, {
      email: uniqueEmail('other'),
      role: 'viewer',
      venueIds: [owner.venueId],
    });
    expect(other.statusCode).toBe(404);
    const within = await act('POST', ORG_PATHS.invitations, {
      email: uniqueEmail('within'),
      role: 'viewer',
      venueIds: [annex],
    });
    expect(within.statusCode, within.body).toBe(201);
  });

  it('a role change narrows or widens a member; the narrowed one sees the incidents and rollouts of its venue', async () => {
    const member = await createMember(t.app, t.mailer, owner.token, 'operator');
    const path = fillPath(ORG_PATHS.member, { userId: member.userId });
    const narrowed = await call(t.app, 'PUT', path, { role: 'operator', venueIds: [owner.venueId] }, owner.token);
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(narrowed.json<MemberReply>().member.venueIds).toEqual([owner.venueId]);
    const listed = await call(t.app, 'GET', ORG_PATHS.members, undefined, owner.token);
    expect(listed.json<MemberList>().members.find((m) => m.userId === member.userId)?.venueIds).toEqual([
      owner.venueId,
    ]);
    const get = (p: string) => callIn(t.app, orgId, 'GET', p, undefined, member.token);
    expect((await get(VENUE_PATHS.venues)).json<VenueList>().venues.map((v) => v.venueId)).toEqual([owner.venueId]);
    expect((await get(INCIDENT_PATHS.incidents)).json<IncidentList>().incidents.map((i) => i.incidentId)).toEqual([
      owner.incidentId,
    ]);
    expect((await get(ROLLOUT_PATHS.rollouts)).json<RolloutList>().rollouts.map((r) => r.rolloutId)).toEqual([
      owner.rolloutId,
    ]);
    const ack = await callIn(
      t.app,
      orgId,
      'POST',
      fillPath(INCIDENT_PATHS.acknowledge, { incidentId: owner.incidentId ?? '' }),
      undefined,
      member.token,
    );
    expect(ack.statusCode).toBe(200);

    // the role alone leaves the venues as they are; null widens to every venue
    const roleOnly = await call(t.app, 'PUT', path, { role: 'viewer' }, owner.token);
    expect(roleOnly.json<MemberReply>().member.venueIds).toEqual([owner.venueId]);
    const widened = await call(t.app, 'PUT', path, { role: 'viewer', venueIds: null }, owner.token);
    expect(widened.json<MemberReply>().member.venueIds).toBeNull();
    expect((await get(VENUE_PATHS.venues)).json<VenueList>().venues).toHaveLength(2);

    const bad = await call(t.app, 'PUT', path, { role: 'viewer', venueIds: [] }, owner.token);
    expect(bad.statusCode).toBe(400);
    const foreign = await createVenue(t.app, member.token, 'Their own');
    const notOurs = await call(t.app, 'PUT', path, { role: 'viewer', venueIds: [foreign] }, owner.token);
    expect([notOurs.statusCode, errorOf(notOurs).error]).toEqual([404, 'NotFound']);
  });
});
