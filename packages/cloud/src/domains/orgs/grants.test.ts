/**
 * Integrator grants (issue 21): the owner gives another organisation a role on some venues until a date; its members
 * act with the lower of that role and theirs, on those venues only, as themselves; an expired or revoked grant gives
 * nothing (404, as any organisation one does not belong to).
 */
import {
  DEVICE_PATHS,
  fillPath,
  GRANT_MAX_DAYS,
  INCIDENT_PATHS,
  ORG_PATHS,
  REMOTE_PATHS,
  VENUE_PATHS,
  type GrantList,
  type GrantReply,
  type IncidentDetail,
  type IncidentList,
  type OrganisationList,
  type VenueList,
} from '@rackside/protocol';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { incidents } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, errorOf, registerDevice } from '../../test/factories';
import { callIn, createMember, personalOrganisation } from '../../test/members';
import { findDeviceWith } from './orgs.repo';

const DAY_MS = 86_400_000;

describeEachDatabase('integrator grants', (db) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createSignedInUser>> & { userId: string };
  let orgId: string;
  let hall: string;
  let annex: string;
  let hallAmp: string;
  let annexAmp: string;
  let integrator: Awaited<ReturnType<typeof createSignedInUser>>;
  let integratorOrg: string;
  let technician: Awaited<ReturnType<typeof createMember>>;
  let viewer: Awaited<ReturnType<typeof createMember>>;

  const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY_MS).toISOString();
  const grant = (body: Record<string, unknown>, token = owner.token) =>
    call(t.app, 'POST', ORG_PATHS.grants, body, token);
  const incidentIn = async (venueId: string, deviceId: string) => {
    const now = t.clock.now();
    const [row] = await db()
      .insert(incidents)
      .values({
        userId: owner.userId,
        deviceId,
        venueId,
        conditionKey: `offline-${venueId}`,
        conditionType: 'offline',
        severity: 'Critical',
        state: 'open',
        openedAt: now,
        updatedAt: now,
      })
      .returning({ id: incidents.id });
    if (row === undefined) throw new Error('no incident');
    return row.id;
  };

  beforeAll(async () => {
    t = await buildTestApp(db());
    const signedIn = await createSignedInUser(t.app, t.mailer);
    owner = { ...signedIn, userId: String(decodeJwt(signedIn.token).sub) };
    orgId = await personalOrganisation(t.app, owner.token);
    hall = await createVenue(t.app, owner.token, 'Hall');
    annex = await createVenue(t.app, owner.token, 'Annex');
    ({ deviceId: hallAmp } = await registerDevice(t.app, owner.token, hall));
    ({ deviceId: annexAmp } = await registerDevice(t.app, owner.token, annex, {
      mac: '00:1B:2C:00:00:02',
      serialNumber: 'RS704D00002',
    }));
    integrator = await createSignedInUser(t.app, t.mailer);
    integratorOrg = await personalOrganisation(t.app, integrator.token);
    technician = await createMember(t.app, t.mailer, integrator.token, 'technician');
    viewer = await createMember(t.app, t.mailer, integrator.token, 'viewer');
  }, 60_000);
  afterAll(() => t.app.close());

  it('refuses grants that are not for some of the owner’s venues, to another organisation, within 90 days', async () => {
    const ok = { integrator: integrator.email, role: 'admin', venueIds: [hall], expiresAt: inDays(7) };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...ok, venueIds: [] }, 400, 'ValidationError'],
      [{ ...ok, expiresAt: inDays(-1) }, 400, 'ValidationError'],
      [{ ...ok, expiresAt: inDays(GRANT_MAX_DAYS + 1) }, 400, 'ValidationError'],
      [{ ...ok, expiresAt: 'next week' }, 400, 'ValidationError'],
      [{ ...ok, role: 'owner' }, 400, 'ValidationError'],
      [{ ...ok, integrator: 'nobody-here@example.com' }, 404, 'INTEGRATOR_UNKNOWN'],
      [{ ...ok, integrator: '6a1f0c8e-2b7d-4c1e-9f3a-5d8b7e6c4a21' }, 404, 'INTEGRATOR_UNKNOWN'],
      [{ ...ok, integrator: 'not an address' }, 400, 'ValidationError'],
      [{ ...ok, integrator: owner.email }, 400, 'ValidationError'],
      [{ ...ok, venueIds: [await createVenue(t.app, integrator.token, 'Theirs')] }, 404, 'NotFound'],
    ];
    for (const [body, status, error] of cases) {
      const res = await grant(body);
      expect([res.statusCode, errorOf(res).error], JSON.stringify(body)).toEqual([status, error]);
    }
    const list = await call(t.app, 'GET', ORG_PATHS.grants, undefined, owner.token);
    expect(list.json<GrantList>().grants).toEqual([]);
  });

  it('the integrator’s members act on the granted venues only, with the lower role, as themselves', async () => {
    const created = await grant({
      integrator: integrator.email.toUpperCase(),
      role: 'admin',
      venueIds: [hall],
      expiresAt: inDays(30),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { grant: made } = created.json<GrantReply>();
    expect(made).toMatchObject({
      integratorOrganisationId: integratorOrg,
      integratorEmail: integrator.email,
      role: 'admin',
      venueIds: [hall],
      createdBy: owner.email,
    });
    const listed = await call(t.app, 'GET', ORG_PATHS.grants, undefined, owner.token);
    expect(listed.json<GrantList>().grants.map((g) => g.grantId)).toEqual([made.grantId]);

    // GET /orgs of the integrator's technician: the owner's organisation, via the grant, technician (capped)
    const orgs = await call(t.app, 'GET', ORG_PATHS.orgs, undefined, technician.token);
    const granted = orgs.json<OrganisationList>().organisations.find((o) => o.organisationId === orgId);
    expect(granted).toMatchObject({
      role: 'technician',
      venueIds: [hall],
      grant: { grantId: made.grantId, expiresAt: made.expiresAt, integratorOrganisationId: integratorOrg },
    });
    expect(granted?.permissions).toContain('remote.control');
    expect(granted?.permissions).not.toContain('device.move');
    const viewersView = await call(t.app, 'GET', ORG_PATHS.orgs, undefined, viewer.token);
    expect(viewersView.json<OrganisationList>().organisations.find((o) => o.organisationId === orgId)?.role).toBe(
      'viewer',
    );

    // the granted venue only
    const venues = await callIn(t.app, orgId, 'GET', VENUE_PATHS.venues, undefined, technician.token);
    expect(venues.json<VenueList>().venues.map((v) => v.name)).toEqual(['Hall']);
    const inHall = await callIn(
      t.app,
      orgId,
      'GET',
      fillPath(DEVICE_PATHS.venueDevices, { venueId: hall }),
      undefined,
      technician.token,
    );
    expect(inHall.statusCode).toBe(200);
    const inAnnex = await callIn(
      t.app,
      orgId,
      'GET',
      fillPath(DEVICE_PATHS.venueDevices, { venueId: annex }),
      undefined,
      technician.token,
    );
    expect([inAnnex.statusCode, errorOf(inAnnex).error]).toEqual([404, 'NotFound']);
    const hallIncident = await incidentIn(hall, hallAmp);
    const annexIncident = await incidentIn(annex, annexAmp);
    const list = await callIn(t.app, orgId, 'GET', INCIDENT_PATHS.incidents, undefined, technician.token);
    expect(list.json<IncidentList>().incidents.map((i) => i.incidentId)).toEqual([hallIncident]);
    const otherAck = await callIn(
      t.app,
      orgId,
      'POST',
      fillPath(INCIDENT_PATHS.acknowledge, { incidentId: annexIncident }),
      undefined,
      technician.token,
    );
    expect(otherAck.statusCode).toBe(404);

    // the capped role: the viewer may not acknowledge nor control; the technician may, on the hall's amp only
    const viewerAck = await callIn(
      t.app,
      orgId,
      'POST',
      fillPath(INCIDENT_PATHS.acknowledge, { incidentId: hallIncident }),
      undefined,
      viewer.token,
    );
    expect([viewerAck.statusCode, errorOf(viewerAck).error]).toEqual([403, 'Forbidden']);
    const viewerRemote = await callIn(
      t.app,
      orgId,
      'POST',
      fillPath(REMOTE_PATHS.session, { deviceId: hallAmp }),
      undefined,
      viewer.token,
    );
    expect(viewerRemote.statusCode).toBe(403);
    const now = t.clock.now();
    expect(await findDeviceWith(db(), technician.userId, hallAmp, 'remote.control', now)).toBeDefined();
    expect(await findDeviceWith(db(), technician.userId, annexAmp, 'remote.control', now)).toBeUndefined();
    expect(await findDeviceWith(db(), viewer.userId, hallAmp, 'remote.control', now)).toBeUndefined();
    const move = await callIn(
      t.app,
      orgId,
      'PUT',
      `${fillPath(DEVICE_PATHS.relocate, { deviceId: hallAmp })}?venueId=${hall}`,
      undefined,
      technician.token,
    );
    expect([move.statusCode, errorOf(move).error]).toEqual([403, 'Forbidden']);

    // attribution: the acknowledgement is the technician's, not the owner's nor the integrator's
    const ack = await callIn(
      t.app,
      orgId,
      'POST',
      fillPath(INCIDENT_PATHS.acknowledge, { incidentId: hallIncident }),
      undefined,
      technician.token,
    );
    expect(ack.statusCode, ack.body).toBe(200);
    const detail = ack.json<IncidentDetail>();
    expect(detail.timeline.find((e) => e.type === 'acknowledged')?.actor).toBe(technician.email);
  });

  it('a revoked grant and an expired one give nothing: 404 like an organisation one does not belong to', async () => {
    const listed = await call(t.app, 'GET', ORG_PATHS.grants, undefined, owner.token);
    const [live] = listed.json<GrantList>().grants;
    if (live === undefined) throw new Error('no live grant');
    // a new grant to the same integrator replaces the live one
    const replaced = await grant({
      integrator: integratorOrg,
      role: 'operator',
      venueIds: [hall, annex],
      expiresAt: inDays(10 / 1440),
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    const { grant: current } = replaced.json<GrantReply>();
    const after = await call(t.app, 'GET', ORG_PATHS.grants, undefined, owner.token);
    expect(after.json<GrantList>().grants.map((g) => [g.grantId, g.role])).toEqual([[current.grantId, 'operator']]);
    const gone = await call(
      t.app,
      'DELETE',
      fillPath(ORG_PATHS.grant, { grantId: live.grantId }),
      undefined,
      owner.token,
    );
    expect(gone.statusCode).toBe(404);
    const venues = await callIn(t.app, orgId, 'GET', VENUE_PATHS.venues, undefined, technician.token);
    expect(venues.json<VenueList>().venues.map((v) => v.name)).toEqual(['Annex', 'Hall']);

    // expired: ten minutes and a second later
    t.clock.advance(10 * 60_000 + 1000);
    const expired = await callIn(t.app, orgId, 'GET', VENUE_PATHS.venues, undefined, technician.token);
    expect([expired.statusCode, errorOf(expired).error]).toEqual([404, 'NotFound']);
    expect(await findDeviceWith(db(), technician.userId, hallAmp, 'remote.control', t.clock.now())).toBeUndefined();
    const orgs = await call(t.app, 'GET', ORG_PATHS.orgs, undefined, technician.token);
    expect(orgs.json<OrganisationList>().organisations.map((o) => o.organisationId)).not.toContain(orgId);
    expect((await call(t.app, 'GET', ORG_PATHS.grants, undefined, owner.token)).json<GrantList>().grants).toEqual([]);

    // revoked: a new grant works, then the owner revokes it
    const again = await grant({
      integrator: integrator.email,
      role: 'technician',
      venueIds: [annex],
      expiresAt: inDays(2),
    });
    const { grantId } = again.json<GrantReply>().grant;
    const before = await callIn(t.app, orgId, 'GET', VENUE_PATHS.venues, undefined, technician.token);
    expect(before.json<VenueList>().venues.map((v) => v.name)).toEqual(['Annex']);
    const revoked = await call(t.app, 'DELETE', fillPath(ORG_PATHS.grant, { grantId }), undefined, owner.token);
    expect(revoked.statusCode).toBe(200);
    const denied = await callIn(t.app, orgId, 'GET', VENUE_PATHS.venues, undefined, technician.token);
    expect([denied.statusCode, errorOf(denied).error]).toEqual([404, 'NotFound']);
    const twice = await call(t.app, 'DELETE', fillPath(ORG_PATHS.grant, { grantId }), undefined, owner.token);
    expect(twice.statusCode).toBe(404);
    // the integrator's owner may not revoke (or see) the grant of another organisation
    const foreign = await callIn(t.app, orgId, 'GET', ORG_PATHS.grants, undefined, integrator.token);
    expect(foreign.statusCode).toBe(404);
  });
});
