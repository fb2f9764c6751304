/**
 * Requiring two-factor sign-in (issue 21): the owner turns it on only once its own is on; then a member — or an
 * integrator's member — without it gets 403 TWO_FACTOR_REQUIRED (saying to enrol) on everything it does there, and
 * the relay refuses it, until it turns two-factor on.
 */
import {
  ORG_PATHS,
  TWO_FACTOR_PATHS,
  VENUE_PATHS,
  type OrganisationList,
  type OrgSettings,
  type TwoFactorEnrolment,
  type VenueList,
} from '@rackside/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, errorOf, registerDevice } from '../../test/factories';
import { callIn, createMember, personalOrganisation } from '../../test/members';
import { totpCode } from '../identity/totp';
import { findDeviceWith } from './orgs.repo';

describeEachDatabase('an organisation requiring two-factor sign-in', (db) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let orgId: string;
  let venueId: string;
  let deviceId: string;

  beforeAll(async () => {
    t = await buildTestApp(db());
    owner = await createSignedInUser(t.app, t.mailer);
    orgId = await personalOrganisation(t.app, owner.token);
    venueId = await createVenue(t.app, owner.token, 'Hall');
    ({ deviceId } = await registerDevice(t.app, owner.token, venueId));
  }, 60_000);
  afterAll(() => t.app.close());

  /** Turns two-factor sign-in on for the account (enrol, confirm with the app's code). */
  async function enrol(token: string): Promise<void> {
    const started = await call(t.app, 'POST', TWO_FACTOR_PATHS.enrol, undefined, token);
    const { secret } = started.json<TwoFactorEnrolment>();
    const confirmed = await call(
      t.app,
      'POST',
      TWO_FACTOR_PATHS.confirm,
      { code: totpCode(secret, t.clock.now()) },
      token,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  it('the owner turns it on once its own two-factor is on; members without it are refused until they enrol', async () => {
    const technician = await createMember(t.app, t.mailer, owner.token, 'technician');
    const require = (value: boolean, token = owner.token) =>
      call(t.app, 'PUT', ORG_PATHS.settings, { requireTwoFactor: value }, token);

    const early = await require(true);
    expect([early.statusCode, errorOf(early).error]).toEqual([409, 'TwoFactorNotEnabled']);
    const byMember = await callIn(
      t.app,
      orgId,
      'PUT',
      ORG_PATHS.settings,
      { requireTwoFactor: true },
      technician.token,
    );
    expect([byMember.statusCode, errorOf(byMember).error]).toEqual([403, 'Forbidden']);
    expect((await callIn(t.app, orgId, 'GET', VENUE_PATHS.venues, undefined, technician.token)).statusCode).toBe(200);

    await enrol(owner.token);
    const on = await require(true);
    expect([on.statusCode, on.json<OrgSettings>()]).toEqual([200, { requireTwoFactor: true }]);
    const read = await callIn(t.app, orgId, 'GET', ORG_PATHS.settings, undefined, technician.token);
    expect(errorOf(read).error).toBe('TWO_FACTOR_REQUIRED');
    expect((await call(t.app, 'GET', ORG_PATHS.settings, undefined, owner.token)).json<OrgSettings>()).toEqual({
      requireTwoFactor: true,
    });

    // the member: refused with the reason, the organisation marked in GET /orgs, the relay closed to it
    const refused = await callIn(t.app, orgId, 'GET', VENUE_PATHS.venues, undefined, technician.token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).error).toBe('TWO_FACTOR_REQUIRED');
    expect(errorOf(refused).message).toMatch(/two-factor/i);
    const orgs = await call(t.app, 'GET', ORG_PATHS.orgs, undefined, technician.token);
    expect(orgs.json<OrganisationList>().organisations.find((o) => o.organisationId === orgId)?.twoFactorNeeded).toBe(
      true,
    );
    const now = t.clock.now();
    expect(await findDeviceWith(db(), technician.userId, deviceId, 'remote.control', now)).toBeUndefined();
    // its own organisation is its own business
    expect((await call(t.app, 'GET', VENUE_PATHS.venues, undefined, technician.token)).statusCode).toBe(200);

    // an integrator's member is held to it too
    const integrator = await createSignedInUser(t.app, t.mailer);
    const granted = await call(
      t.app,
      'POST',
      ORG_PATHS.grants,
      {
        integrator: integrator.email,
        role: 'viewer',
        venueIds: [venueId],
        expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
      },
      owner.token,
    );
    expect(granted.statusCode, granted.body).toBe(201);
    const viaGrant = await callIn(t.app, orgId, 'GET', VENUE_PATHS.venues, undefined, integrator.token);
    expect(errorOf(viaGrant).error).toBe('TWO_FACTOR_REQUIRED');

    // enrolled, the member acts again
    t.clock.advanceSeconds(30);
    await enrol(technician.token);
    const after = await callIn(t.app, orgId, 'GET', VENUE_PATHS.venues, undefined, technician.token);
    expect(after.json<VenueList>().venues.map((v) => v.venueId)).toEqual([venueId]);
    expect(await findDeviceWith(db(), technician.userId, deviceId, 'remote.control', t.clock.now())).toBeDefined();
    const orgsAfter = await call(t.app, 'GET', ORG_PATHS.orgs, undefined, technician.token);
    expect(
      orgsAfter.json<OrganisationList>().organisations.find((o) => o.organisationId === orgId)?.twoFactorNeeded,
    ).toBeUndefined();

    // turned off, nobody needs it
    expect((await require(false)).json<OrgSettings>()).toEqual({ requireTwoFactor: false });
    expect((await callIn(t.app, orgId, 'GET', VENUE_PATHS.venues, undefined, integrator.token)).statusCode).toBe(200);
  });
});
