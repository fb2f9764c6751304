import { createHash } from 'node:crypto';
import {
  DEVICE_PATHS,
  fillPath,
  INVITATION_TTL_S,
  ORG_HEADER,
  ORG_PATHS,
  PERMISSIONS,
  VENUE_PATHS,
  type InvitationList,
  type MemberList,
  type OrganisationList,
  type VenueList,
} from '@rackside/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Domain } from '../../domain';
import { devices, invitations } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import {
  call,
  createSignedInUser,
  createVenue,
  errorOf,
  lastCode,
  registerDevice,
  signIn,
  uniqueEmail,
} from '../../test/factories';
import { callIn, createMember, personalOrganisation } from '../../test/members';
import { identityDomain } from '../identity/index';
import { findDeviceWith } from './orgs.repo';

describeEachDatabase('organisations and roles', (db) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let orgId: string;
  let venueA: string;
  let venueB: string;
  let deviceId: string;

  beforeAll(async () => {
    t = await buildTestApp(db());
    owner = await createSignedInUser(t.app, t.mailer);
    orgId = await personalOrganisation(t.app, owner.token);
    venueA = await createVenue(t.app, owner.token, 'Main hall');
    venueB = await createVenue(t.app, owner.token, 'Side hall');
    ({ deviceId } = await registerDevice(t.app, owner.token, venueA));
  }, 60_000);
  afterAll(() => t.app.close());

  it('a domain route that declares no permission stops the app from starting', async () => {
    const careless: Domain = {
      name: 'careless',
      routes: (app) => {
        app.get('/careless', () => ({ ok: true }));
      },
    };
    await expect(buildTestApp(db(), { domains: [identityDomain, careless] })).rejects.toThrow(
      /GET \/api\/careless: no permission declared/,
    );
  });

  it('every account has its personal organisation, in which it is the owner with every permission', async () => {
    const res = await call(t.app, 'GET', ORG_PATHS.orgs, undefined, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<OrganisationList>().organisations).toEqual([
      {
        organisationId: orgId,
        name: owner.email,
        personal: true,
        ownerEmail: owner.email,
        role: 'owner',
        permissions: PERMISSIONS,
      },
    ]);
    const members = await call(t.app, 'GET', ORG_PATHS.members, undefined, owner.token);
    expect(members.json<MemberList>().members.map((m) => [m.email, m.role])).toEqual([[owner.email, 'owner']]);
  });

  it('a viewer reads the owner’s venues but cannot move an amp (403 Forbidden, nothing changes)', async () => {
    const viewer = await createMember(t.app, t.mailer, owner.token, 'viewer');
    expect(viewer.organisationId).toBe(orgId);
    const venues = await callIn(t.app, orgId, 'GET', VENUE_PATHS.venues, undefined, viewer.token);
    expect(venues.json<VenueList>().venues.map((v) => v.name)).toEqual(['Main hall', 'Side hall']);
    // without the header: its own personal organisation, empty
    const own = await call(t.app, 'GET', VENUE_PATHS.venues, undefined, viewer.token);
    expect(own.json<VenueList>().venues).toEqual([]);

    const move = fillPath(DEVICE_PATHS.relocate, { deviceId }) + `?venueId=${venueB}`;
    const refused = await callIn(t.app, orgId, 'PUT', move, undefined, viewer.token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({
      error: 'Forbidden',
      message: 'Your role (viewer) may not move amps in this organisation',
    });
    const [row] = await db().select().from(devices).where(eq(devices.id, deviceId));
    expect(row?.venueId).toBe(venueA);
    // the HEAD route Fastify adds beside a GET is checked as its GET
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api${ORG_PATHS.invitations}`,
      headers: { authorization: `Bearer ${viewer.token}`, [ORG_HEADER]: orgId },
    });
    expect(head.statusCode).toBe(403);

    // promoted to admin, the same call moves the owner's amp
    const promote = fillPath(ORG_PATHS.member, { userId: viewer.userId });
    expect((await call(t.app, 'PUT', promote, { role: 'admin' }, owner.token)).statusCode).toBe(200);
    const moved = await callIn(t.app, orgId, 'PUT', move, undefined, viewer.token);
    expect(moved.statusCode).toBe(200);
    const [after] = await db().select().from(devices).where(eq(devices.id, deviceId));
    expect(after?.venueId).toBe(venueB);

    // removed, the organisation is gone for it
    expect((await call(t.app, 'DELETE', promote, undefined, owner.token)).statusCode).toBe(200);
    const gone = await callIn(t.app, orgId, 'GET', VENUE_PATHS.venues, undefined, viewer.token);
    expect([gone.statusCode, errorOf(gone).error]).toEqual([404, 'NotFound']);
  });

  it('the organisation header must name one the caller belongs to', async () => {
    const stranger = await createSignedInUser(t.app, t.mailer);
    const cases: [string, number, string][] = [
      [orgId, 404, 'NotFound'], // not a member
      ['00000000-0000-4000-8000-000000000000', 404, 'NotFound'],
      ['not-a-uuid', 400, 'ValidationError'],
      ['x'.repeat(10_000), 400, 'ValidationError'],
      ['\u0000', 400, 'ValidationError'],
    ];
    for (const [value, status, error] of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api${VENUE_PATHS.venues}`,
        headers: { authorization: `Bearer ${stranger.token}`, [ORG_HEADER]: value },
      });
      expect([res.statusCode, errorOf(res).error], value.slice(0, 20)).toEqual([status, error]);
    }
    // its own organisation named explicitly is the same as none
    const own = await personalOrganisation(t.app, stranger.token);
    expect((await callIn(t.app, own, 'GET', VENUE_PATHS.venues, undefined, stranger.token)).statusCode).toBe(200);
  });

  it('the owner is neither demoted nor removed, and no one is made owner', async () => {
    const admin = await createMember(t.app, t.mailer, owner.token, 'admin');
    const ownerPath = fillPath(ORG_PATHS.member, { userId: ownerId() });
    const demote = await callIn(t.app, orgId, 'PUT', ownerPath, { role: 'viewer' }, admin.token);
    expect([demote.statusCode, errorOf(demote).error]).toEqual([409, 'OWNER_IS_FIXED']);
    const remove = await callIn(t.app, orgId, 'DELETE', ownerPath, undefined, admin.token);
    expect([remove.statusCode, errorOf(remove).error]).toEqual([409, 'OWNER_IS_FIXED']);
    const crown = fillPath(ORG_PATHS.member, { userId: admin.userId });
    const crowned = await call(t.app, 'PUT', crown, { role: 'owner' }, owner.token);
    expect([crowned.statusCode, errorOf(crowned).error]).toEqual([400, 'ValidationError']);
    const members = await call(t.app, 'GET', ORG_PATHS.members, undefined, owner.token);
    expect(
      members
        .json<MemberList>()
        .members.filter((m) => m.role === 'owner')
        .map((m) => m.email),
    ).toEqual([owner.email]);
  });

  it('an invitation: stored as a digest, e-mailed once, for its address only, used once, dead after 7 days', async () => {
    const email = uniqueEmail('invitee');
    const res = await call(t.app, 'POST', ORG_PATHS.invitations, { email, role: 'operator' }, owner.token);
    expect(res.statusCode).toBe(201);
    const token = await lastCode(t.mailer, email);
    const [mail] = await t.mailer.list(email, 1);
    expect(mail?.text).toContain(`http://cloud.test/invitation?token=${token}`);
    const rows = await db().select().from(invitations).where(eq(invitations.email, email));
    expect(rows.map((r) => r.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    const pending = await call(t.app, 'GET', ORG_PATHS.invitations, undefined, owner.token);
    expect(pending.json<InvitationList>().invitations.map((i) => [i.email, i.role, i.invitedBy])).toContainEqual([
      email,
      'operator',
      owner.email,
    ]);

    const other = await createSignedInUser(t.app, t.mailer);
    const wrong = await call(t.app, 'POST', ORG_PATHS.accept, { token }, other.token);
    expect([wrong.statusCode, errorOf(wrong).error]).toEqual([403, 'INVITATION_OTHER_EMAIL']);
    const invitee = await createSignedInUser(t.app, t.mailer, email);
    const accepted = await call(t.app, 'POST', ORG_PATHS.accept, { token: ` ${token} ` }, invitee.token);
    expect(accepted.statusCode).toBe(200);
    const again = await call(t.app, 'POST', ORG_PATHS.accept, { token }, invitee.token);
    expect([again.statusCode, errorOf(again).error]).toEqual([404, 'INVITATION_INVALID']);
    const orgs = await call(t.app, 'GET', ORG_PATHS.orgs, undefined, invitee.token);
    expect(orgs.json<OrganisationList>().organisations.map((o) => [o.ownerEmail, o.role])).toEqual([
      [email, 'owner'],
      [owner.email, 'operator'],
    ]);
    const twice = await call(t.app, 'POST', ORG_PATHS.invitations, { email, role: 'viewer' }, owner.token);
    expect([twice.statusCode, errorOf(twice).error]).toEqual([409, 'ALREADY_A_MEMBER']);

    const late = uniqueEmail('late');
    await call(t.app, 'POST', ORG_PATHS.invitations, { email: late, role: 'viewer' }, owner.token);
    const lateToken = await lastCode(t.mailer, late);
    await createSignedInUser(t.app, t.mailer, late);
    t.clock.advanceSeconds(INVITATION_TTL_S + 1);
    // a week later: both sign in again (the id tokens have expired)
    const lateUser = await signIn(t.app, late);
    owner = { ...owner, token: (await signIn(t.app, owner.email)).idToken };
    const expired = await call(t.app, 'POST', ORG_PATHS.accept, { token: lateToken }, lateUser.idToken);
    expect([expired.statusCode, errorOf(expired).error]).toEqual([404, 'INVITATION_INVALID']);
  });

  it('bad invitation bodies answer 400 and store nothing', async () => {
    const before = await db().select().from(invitations);
    for (const body of [
      { email: 'not an address', role: 'viewer' },
      { email: `a${'x'.repeat(300)}@example.com`, role: 'viewer' },
      { email: 'a@example.com', role: 'owner' },
      { email: 'a\u0000@example.com', role: 'viewer' },
      {},
    ]) {
      const res = await call(t.app, 'POST', ORG_PATHS.invitations, body, owner.token);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const accept = await call(t.app, 'POST', ORG_PATHS.accept, { token: 'x'.repeat(1000) }, owner.token);
    expect(accept.statusCode).toBe(400);
    expect(await db().select().from(invitations)).toEqual(before);
  });

  it('the relay admits a member whose role holds remote.control, not one whose role does not', async () => {
    const technician = await createMember(t.app, t.mailer, owner.token, 'technician');
    const operator = await createMember(t.app, t.mailer, owner.token, 'operator');
    const stranger = await createSignedInUser(t.app, t.mailer);
    expect(await findDeviceWith(db(), ownerId(), deviceId, 'remote.control')).toBeDefined();
    expect(await findDeviceWith(db(), technician.userId, deviceId, 'remote.control')).toBeDefined();
    expect(await findDeviceWith(db(), operator.userId, deviceId, 'remote.control')).toBeUndefined();
    const [, payload] = stranger.token.split('.');
    const strangerId = (JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;
    expect(await findDeviceWith(db(), strangerId, deviceId, 'remote.control')).toBeUndefined();
    // demoted, the next recheck refuses it
    const demote = fillPath(ORG_PATHS.member, { userId: technician.userId });
    await call(t.app, 'PUT', demote, { role: 'viewer' }, owner.token);
    expect(await findDeviceWith(db(), technician.userId, deviceId, 'remote.control')).toBeUndefined();
  });

  /** The owner's user id (from its id token). */
  function ownerId(): string {
    const [, payload] = owner.token.split('.');
    return (JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;
  }
});
