import { randomUUID } from 'node:crypto';
import { fillPath, VENUE_PATHS as P, type VenueList, type VenueReply } from '@rackside/protocol';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, errorOf, registerDevice } from '../../test/factories';

const venuePath = (venueId: string) => fillPath(P.venue, { venueId });

describeEachDatabase('venues', (db) => {
  let t: TestApp;
  afterEach(() => t.app.close());

  const list = async (token: string) => (await call(t.app, 'GET', P.venues, undefined, token)).json<VenueList>().venues;

  it('adds, lists by name, renames and deletes venues', async () => {
    t = await buildTestApp(db());
    const { token } = await createSignedInUser(t.app, t.mailer);
    expect(await list(token)).toEqual([]);

    const added = await call(t.app, 'POST', P.venues, { venue: { name: '  Main Hall ' } }, token);
    expect(added.statusCode).toBe(201);
    const hall = added.json<VenueReply>().venue;
    expect(hall).toEqual({ venueId: hall.venueId, name: 'Main Hall' });
    expect(hall.venueId).toMatch(/^[0-9a-f-]{36}$/);
    const bar = await createVenue(t.app, token, 'bar');
    expect(await list(token)).toEqual([
      { venueId: bar, name: 'bar' },
      { venueId: hall.venueId, name: 'Main Hall' },
    ]);

    const renamed = await call(t.app, 'PUT', venuePath(hall.venueId), { venue: { name: 'Ballroom' } }, token);
    expect(renamed.json()).toEqual({ venue: { venueId: hall.venueId, name: 'Ballroom' } });
    // spec 1 §5: a venue may take its own name in another case.
    const recased = await call(t.app, 'PUT', venuePath(bar), { venue: { name: 'BAR' } }, token);
    expect(recased.json<VenueReply>().venue.name).toBe('BAR');

    expect((await call(t.app, 'DELETE', venuePath(bar), undefined, token)).json()).toEqual({ ok: true });
    expect(await list(token)).toEqual([{ venueId: hall.venueId, name: 'Ballroom' }]);
  });

  it('refuses a name another venue of the user has, trimmed and in any case (VENUE_NAME_EXISTS, 409)', async () => {
    t = await buildTestApp(db());
    const { token } = await createSignedInUser(t.app, t.mailer);
    const other = await createSignedInUser(t.app, t.mailer);
    await createVenue(t.app, token, 'Main Hall');
    const bar = await createVenue(t.app, token, 'Bar');

    const dup = await call(t.app, 'POST', P.venues, { venue: { name: ' MAIN hall ' } }, token);
    expect([dup.statusCode, errorOf(dup)]).toEqual([
      409,
      { error: 'VENUE_NAME_EXISTS', message: 'Venue name already exists!' },
    ]);
    const rename = await call(t.app, 'PUT', venuePath(bar), { venue: { name: 'main HALL' } }, token);
    expect([rename.statusCode, errorOf(rename).error]).toEqual([409, 'VENUE_NAME_EXISTS']);
    expect((await list(token)).map((v) => v.name)).toEqual(['Bar', 'Main Hall']);

    // Names are per user.
    expect((await call(t.app, 'POST', P.venues, { venue: { name: 'Main Hall' } }, other.token)).statusCode).toBe(201);
  });

  it('keeps a venue that holds amps (VENUE_HAS_AMPS, 409) and deletes it once empty', async () => {
    t = await buildTestApp(db());
    const { token } = await createSignedInUser(t.app, t.mailer);
    const venueId = await createVenue(t.app, token);
    const { deviceId } = await registerDevice(t.app, token, venueId);

    const refused = await call(t.app, 'DELETE', venuePath(venueId), undefined, token);
    expect([refused.statusCode, errorOf(refused)]).toEqual([
      409,
      { error: 'VENUE_HAS_AMPS', message: 'Cannot delete a venue that contains amps' },
    ]);
    expect(await list(token)).toHaveLength(1);

    expect((await call(t.app, 'DELETE', `/devices/${deviceId}`, undefined, token)).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', venuePath(venueId), undefined, token)).statusCode).toBe(200);
    expect(await list(token)).toEqual([]);
  });

  it("answers 404 for another user's venue and changes nothing", async () => {
    t = await buildTestApp(db());
    const a = await createSignedInUser(t.app, t.mailer);
    const b = await createSignedInUser(t.app, t.mailer);
    const venueId = await createVenue(t.app, a.token, 'Mine');

    for (const [method, body] of [
      ['PUT', { venue: { name: 'Stolen' } }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, venuePath(venueId), body, b.token);
      expect([res.statusCode, errorOf(res).error], method).toEqual([404, 'NotFound']);
    }
    expect(await list(b.token)).toEqual([]);
    expect(await list(a.token)).toEqual([{ venueId, name: 'Mine' }]);
    const missing = await call(t.app, 'DELETE', venuePath(randomUUID()), undefined, a.token);
    expect(missing.statusCode).toBe(404);
  });

  it('wants a verified user and well-formed requests (4xx with a clear message, never 5xx)', async () => {
    t = await buildTestApp(db());
    const { token } = await createSignedInUser(t.app, t.mailer);
    const venueId = await createVenue(t.app, token);
    expect((await call(t.app, 'GET', P.venues)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', P.venues, { venue: { name: 'x' } }, 'not-a-token')).statusCode).toBe(401);

    const cases: [Promise<Awaited<ReturnType<typeof call>>>, number, string][] = [
      [call(t.app, 'POST', P.venues, { venue: { name: '   ' } }, token), 400, 'RequiredFieldsMissing'],
      [call(t.app, 'POST', P.venues, {}, token), 400, 'RequiredFieldsMissing'],
      [call(t.app, 'POST', P.venues, { name: 'flat' }, token), 400, 'RequiredFieldsMissing'],
      [call(t.app, 'POST', P.venues, { venue: { name: 42 } }, token), 400, 'ValidationError'],
      [call(t.app, 'POST', P.venues, { venue: { name: 'x'.repeat(101) } }, token), 400, 'ValidationError'],
      [call(t.app, 'PUT', venuePath('not-a-uuid'), { venue: { name: 'x' } }, token), 400, 'ValidationError'],
      [call(t.app, 'PUT', venuePath(venueId), undefined, token), 400, 'RequiredFieldsMissing'],
      [call(t.app, 'DELETE', venuePath('1; drop table venues'), undefined, token), 400, 'ValidationError'],
    ];
    for (const [reply, status, error] of cases) {
      const res = await reply;
      expect([res.statusCode, errorOf(res).error], res.body).toEqual([status, error]);
      expect(errorOf(res).message).not.toBe('');
    }
    expect(await list(token)).toHaveLength(1);
  });
});
