/**
 * The audit timeline (issue 21), the rest of the changes by a person, through the real HTTP stack: integrator grants,
 * invitations withdrawn and accepted, a venue's contacts and notification settings, the firmware library and the
 * organisation's security settings. Each is recorded once it succeeded, with who did it; a refused or idle request
 * (403, 404, a setting saved unchanged) records nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFirmwareImage } from '@rackside/amp-sim';
import {
  AUDIT_PATHS as A,
  CONTACT_PATHS,
  FIRMWARE_PATHS,
  fillPath,
  INCIDENT_PATHS,
  ORG_HEADER,
  ORG_PATHS,
  TWO_FACTOR_PATHS,
  type AuditEvent,
  type AuditKind,
  type AuditPage,
  type ContactReply,
  type FirmwareImage,
  type FirmwareUploadReply,
  type GrantReply,
  type InvitationReply,
  type TwoFactorEnrolment,
} from '@rackside/protocol';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, errorOf, uniqueEmail } from '../../test/factories';
import { callIn, createMember, personalOrganisation } from '../../test/members';
import { totpCode } from '../identity/totp';

type Member = Awaited<ReturnType<typeof createMember>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const DAY_MS = 86_400_000;
const BOUNDARY = '----rackside-audit-boundary';

describeEachDatabase('the audit timeline: grants, invitations, contacts, notifications, firmware, security', (db) => {
  let t: TestApp;
  let dir = '';
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let ownerId = '';
  let orgId = '';
  let admin: Member;
  let technician: Member;
  let viewer: Member;
  let hall = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rackside-audit-fw-'));
    t = await buildTestApp(db(), { config: { FIRMWARE_DIR: dir } });
    owner = await createSignedInUser(t.app, t.mailer);
    ownerId = String(decodeJwt(owner.token).sub);
    orgId = await personalOrganisation(t.app, owner.token);
    admin = await createMember(t.app, t.mailer, owner.token, 'admin');
    technician = await createMember(t.app, t.mailer, owner.token, 'technician');
    viewer = await createMember(t.app, t.mailer, owner.token, 'viewer');
    hall = await createVenue(t.app, owner.token, 'Hall');
  }, 60_000);
  afterAll(async () => {
    await t.app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const later = () => t.clock.advanceSeconds(60);
  /** A request acting in the owner's organisation: as the owner, or as one of its members. */
  const as = (who: Member | undefined, method: Method, path: string, body?: unknown) =>
    who === undefined
      ? call(t.app, method, path, body, owner.token)
      : callIn(t.app, orgId, method, path, body, who.token);
  /** The organisation's log of these kinds (as a viewer: every role reads it), newest first. */
  const logOf = async (kinds: readonly AuditKind[], path: string = A.audit): Promise<AuditEvent[]> => {
    const res = await callIn(t.app, orgId, 'GET', `${path}?kind=${kinds.join(',')}&limit=200`, undefined, viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>().events;
  };
  const actorOf = (e: AuditEvent | undefined) => (e?.actor ? [e.actor.userId, e.actor.email.toLowerCase()] : null);
  const person = (m: { userId: string; email: string }) => [m.userId, m.email.toLowerCase()];
  /** Details with their e-mail address in lower case (an account's address is kept as it was typed). */
  const lowerEmail = (details: unknown) => {
    const d = details as { email?: string };
    return d.email === undefined ? d : { ...d, email: d.email.toLowerCase() };
  };
  const expectStatus = (res: { statusCode: number; body: string }, status: number) =>
    expect(res.statusCode, res.body).toBe(status);

  it('records a grant given and revoked, naming the integrator as the grant list does; refusals record nothing', async () => {
    const kinds = ['grant.created', 'grant.revoked'] as const;
    const integrator = await createSignedInUser(t.app, t.mailer);
    const integratorOrg = await personalOrganisation(t.app, integrator.token);
    const expiresAt = new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString();
    const body = { integrator: integrator.email, role: 'technician', venueIds: [hall], expiresAt };

    expectStatus(await as(admin, 'POST', ORG_PATHS.grants, body), 403); // grant.manage: the owner only
    expectStatus(await as(undefined, 'POST', ORG_PATHS.grants, { ...body, integrator: uniqueEmail('nobody') }), 404);
    expect(await logOf(kinds)).toEqual([]);

    const created = await as(undefined, 'POST', ORG_PATHS.grants, body);
    expectStatus(created, 201);
    const { grant } = created.json<GrantReply>();
    later();
    const grantPath = fillPath(ORG_PATHS.grant, { grantId: grant.grantId });
    expectStatus(await as(admin, 'DELETE', grantPath), 403);
    expectStatus(await as(undefined, 'DELETE', grantPath), 200);
    expectStatus(await as(undefined, 'DELETE', grantPath), 404); // revoked already

    const log = await logOf(kinds);
    expect(log.map((e) => e.kind)).toEqual(['grant.revoked', 'grant.created']);
    const named = {
      grantId: grant.grantId,
      integratorOrganisationId: integratorOrg,
      integratorName: grant.integratorName,
      integratorEmail: grant.integratorEmail,
    };
    expect(grant.integratorEmail.toLowerCase()).toBe(integrator.email.toLowerCase());
    expect(log[0]).toMatchObject({ venueId: null, deviceId: null, details: named });
    expect(log[1]).toMatchObject({
      venueId: null,
      ip: '127.0.0.1',
      details: { ...named, role: 'technician', venueIds: [hall], expiresAt: grant.expiresAt },
    });
    for (const e of log) expect(actorOf(e)).toEqual([ownerId, owner.email.toLowerCase()]);
  });

  it('records an invitation withdrawn, and one accepted with the person who joined as its actor', async () => {
    const kinds = ['member.invitation_withdrawn', 'member.joined'] as const;
    const before = await logOf(kinds);
    // every member of the setup joined: the owner's log has them, as themselves
    expect(before.filter((e) => e.actor?.userId === admin.userId).map((e) => lowerEmail(e.details))).toEqual([
      { userId: admin.userId, email: admin.email.toLowerCase(), role: 'admin' },
    ]);

    const email = uniqueEmail('invitee');
    const invited = await as(admin, 'POST', ORG_PATHS.invitations, { email, role: 'operator' });
    expectStatus(invited, 201);
    const path = fillPath(ORG_PATHS.invitation, {
      invitationId: invited.json<InvitationReply>().invitation.invitationId,
    });
    expectStatus(await as(viewer, 'DELETE', path), 403);
    later();
    expectStatus(await as(admin, 'DELETE', path), 200);
    expectStatus(await as(admin, 'DELETE', path), 404);
    const bogus = await call(t.app, 'POST', ORG_PATHS.accept, { token: 'x'.repeat(43) }, viewer.token);
    expect(bogus.statusCode).toBeGreaterThanOrEqual(400);
    later();
    const operator = await createMember(t.app, t.mailer, owner.token, 'operator');

    const log = (await logOf(kinds)).slice(0, -before.length || undefined);
    expect(log.map((e) => e.kind)).toEqual(['member.joined', 'member.invitation_withdrawn']);
    const [joined, withdrawn] = log;
    expect(withdrawn).toMatchObject({ venueId: null, details: { role: 'operator' } });
    expect(lowerEmail(withdrawn?.details)).toMatchObject({ email: email.toLowerCase() });
    expect(actorOf(withdrawn)).toEqual(person(admin));
    expect(joined).toMatchObject({ venueId: null, ip: '127.0.0.1' });
    expect(lowerEmail(joined?.details)).toEqual({
      userId: operator.userId,
      email: operator.email.toLowerCase(),
      role: 'operator',
    });
    expect(actorOf(joined)).toEqual(person(operator));
    // the joiner's own organisation has nothing of it
    const own = await call(t.app, 'GET', `${A.audit}?kind=member.joined`, undefined, operator.token);
    expect(own.json<AuditPage>().events).toEqual([]);
  });

  it('records a contact chosen for a venue and removed, in the venue’s timeline, once per change', async () => {
    const kinds = ['contact.venue_added', 'contact.venue_removed'] as const;
    const created = await as(undefined, 'POST', CONTACT_PATHS.contacts, {
      name: 'Front desk',
      email: 'desk@example.com',
      severityLevel: ['Critical'],
    });
    expectStatus(created, 201);
    const contactId = created.json<ContactReply>().contact.contactId;
    const path = fillPath(CONTACT_PATHS.venueContact, { venueId: hall, contactId });
    const otherVenue = fillPath(CONTACT_PATHS.venueContact, { venueId: randomUUID(), contactId });

    expectStatus(await as(viewer, 'POST', path), 403);
    expectStatus(await as(admin, 'POST', otherVenue), 404);
    later();
    expectStatus(await as(admin, 'POST', path), 200);
    expectStatus(await as(admin, 'POST', path), 200); // chosen already: no change
    later();
    expectStatus(await as(admin, 'DELETE', path), 200);
    expectStatus(await as(admin, 'DELETE', path), 200);

    const venueLog = await logOf(kinds, fillPath(A.venueAudit, { venueId: hall }));
    expect(venueLog.map((e) => e.kind)).toEqual(['contact.venue_removed', 'contact.venue_added']);
    for (const e of venueLog) {
      expect(e).toMatchObject({ venueId: hall, details: { contactId, name: 'Front desk', venueName: 'Hall' } });
      expect(actorOf(e)).toEqual(person(admin));
    }
    expect(await logOf(kinds)).toEqual(venueLog);
  });

  it('records a venue’s notification settings saved with the fields that changed, not an unchanged save', async () => {
    const path = fillPath(INCIDENT_PATHS.venueSettings, { venueId: hall });
    const settings = {
      quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin' },
      reminderMinutes: 15,
      escalateAfterMinutes: 60,
      escalationContactIds: [],
    };
    expectStatus(await as(viewer, 'PUT', path, settings), 403);
    const badZone = await as(admin, 'PUT', path, {
      ...settings,
      quietHours: { ...settings.quietHours, timeZone: 'Mars/Base' },
    });
    expect(errorOf(badZone).error).toBe('TIME_ZONE_INVALID');
    later();
    expectStatus(await as(admin, 'PUT', path, settings), 200);
    later();
    expectStatus(await as(admin, 'PUT', path, settings), 200); // the same again
    expectStatus(await as(undefined, 'PUT', path, { ...settings, quietHours: null, reminderMinutes: 30 }), 200);

    const log = await logOf(['notifications.changed'], fillPath(A.venueAudit, { venueId: hall }));
    expect(log.map((e) => [e.venueId, e.details])).toEqual([
      [hall, { venueName: 'Hall', fields: ['quietHours', 'reminderMinutes'] }],
      // against the defaults (no quiet hours, 15 min reminders, escalation after 30 min)
      [hall, { venueName: 'Hall', fields: ['quietHours', 'escalateAfterMinutes'] }],
    ]);
    expect(log.map(actorOf)).toEqual([[ownerId, owner.email.toLowerCase()], person(admin)]);
  });

  it('records firmware uploaded, made the latest and deleted, with its family, version and size', async () => {
    const kinds = ['firmware.uploaded', 'firmware.latest_set', 'firmware.deleted'] as const;
    const upload = async (who: Member, version: string) => {
      const data = buildFirmwareImage({ prefix: 'ASBT', version, payloadBytes: 2048 });
      const name = `ASBT-${version}.tar.xz.enc`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        data,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api${FIRMWARE_PATHS.images}`,
        payload,
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          authorization: `Bearer ${who.token}`,
          [ORG_HEADER]: orgId,
        },
      });
    };
    expectStatus(await upload(viewer, '1.6.0.0'), 403);
    const first = await upload(technician, '1.6.0.0');
    expectStatus(first, 201);
    expectStatus(await upload(technician, '1.6.0.0'), 409); // in the library already
    later();
    const second = await upload(technician, '1.7.0.0');
    expectStatus(second, 201);
    const image = (res: { json: <T>() => T }): FirmwareImage => res.json<FirmwareUploadReply>().image;
    const [a, b] = [image(first), image(second)];
    later();
    expectStatus(await as(viewer, 'PUT', fillPath(FIRMWARE_PATHS.latest, { imageId: b.imageId })), 403);
    expectStatus(await as(admin, 'PUT', fillPath(FIRMWARE_PATHS.latest, { imageId: b.imageId })), 200);
    later();
    expectStatus(await as(admin, 'DELETE', fillPath(FIRMWARE_PATHS.image, { imageId: randomUUID() })), 404);
    expectStatus(await as(admin, 'DELETE', fillPath(FIRMWARE_PATHS.image, { imageId: a.imageId })), 200);

    const log = await logOf(kinds);
    expect(log.map((e) => [e.kind, e.venueId, e.details])).toEqual([
      ['firmware.deleted', null, { firmwareId: a.imageId, family: 'ASBT', version: '1.6.0.0' }],
      ['firmware.latest_set', null, { firmwareId: b.imageId, family: 'ASBT', version: '1.7.0.0' }],
      ['firmware.uploaded', null, { firmwareId: b.imageId, family: 'ASBT', version: '1.7.0.0', size: b.size }],
      ['firmware.uploaded', null, { firmwareId: a.imageId, family: 'ASBT', version: '1.6.0.0', size: a.size }],
    ]);
    expect(log.map(actorOf)).toEqual([person(admin), person(admin), person(technician), person(technician)]);
  });

  it('records the organisation requiring two-factor sign-in and no longer, from → to; the owner only', async () => {
    const require = (value: boolean, who?: Member) => as(who, 'PUT', ORG_PATHS.settings, { requireTwoFactor: value });
    expect(errorOf(await require(true)).error).toBe('TwoFactorNotEnabled');
    expectStatus(await require(true, admin), 403);
    const { secret } = (
      await call(t.app, 'POST', TWO_FACTOR_PATHS.enrol, undefined, owner.token)
    ).json<TwoFactorEnrolment>();
    const code = totpCode(secret, t.clock.now());
    expectStatus(await call(t.app, 'POST', TWO_FACTOR_PATHS.confirm, { code }, owner.token), 200);
    later();
    expectStatus(await require(true), 200);
    expectStatus(await require(true), 200); // unchanged
    later();
    expectStatus(await require(false), 200);

    const res = await call(t.app, 'GET', `${A.audit}?kind=org.security_changed`, undefined, owner.token);
    const log = res.json<AuditPage>().events;
    expect(log.map((e) => e.details)).toEqual([
      { requireTwoFactor: { from: true, to: false } },
      { requireTwoFactor: { from: false, to: true } },
    ]);
    for (const e of log) expect(e).toMatchObject({ venueId: null, actor: { userId: ownerId } });
  });
});
