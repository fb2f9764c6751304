/**
 * The audit timeline (issue 21) through the real HTTP stack and database: each source records its event with the
 * person who acted (a member acting in the owner's organisation is the member), the amps' own events, the timelines'
 * filters and keyset pages, the CSV, the organisation scoping, bad queries, the append-only table.
 */
import { randomUUID } from 'node:crypto';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PATHS as A,
  CONTACT_PATHS,
  DEVICE_PATHS,
  fillPath,
  getModel,
  IDENTITY_PATHS,
  ORG_PATHS,
  VENUE_PATHS,
  type AuditEvent,
  type AuditPage,
  type ContactReply,
  type DeviceReported,
  type FirmwareJobsReply,
  type VenueReply,
} from '@rackside/protocol';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentBrokerLogger } from '../../broker/index';
import { DeviceEvents } from '../../device-events';
import { auditEvents } from '../../db/schema/index';
import { FakeBroker } from '../../test/broker';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, errorOf, PASSWORD, registrationBody } from '../../test/factories';
import { callIn, createMember, personalOrganisation } from '../../test/members';
import { until } from '../../test/online-amp';
import { shadowIngestion } from '../devices/index';
import { insertImage } from '../firmware/firmware.repo';

type Member = Awaited<ReturnType<typeof createMember>>;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const reported = (status: 'Ok' | 'Faulted'): DeviceReported => ({
  ts: 0,
  amp: {
    powerSupply: { powerOk: true, fault: false },
    channels: Object.fromEntries(
      ['1', '2', '3', '4'].map((c) => [c, { output: { status: c === '2' ? status : 'Ok', thermal: false } }]),
    ),
  },
});

describeEachDatabase('the audit timeline', (db) => {
  let t: TestApp;
  const broker = new FakeBroker();
  const events = new DeviceEvents();
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let ownerId = '';
  let orgId = '';
  let admin: Member;
  let viewer: Member;

  beforeAll(async () => {
    t = await buildTestApp(db(), { broker, disconnectDevice: broker.disconnectDevice, deviceEvents: events });
    owner = await createSignedInUser(t.app, t.mailer);
    ownerId = String(decodeJwt(owner.token).sub);
    orgId = await personalOrganisation(t.app, owner.token);
    admin = await createMember(t.app, t.mailer, owner.token, 'admin');
    viewer = await createMember(t.app, t.mailer, owner.token, 'viewer');
  }, 60_000);
  afterAll(() => t.app.close());

  /** One page of a timeline as the owner (or a member acting in the owner's organisation). */
  const page = async (path: string, as?: Member): Promise<AuditPage> => {
    const res = as
      ? await callIn(t.app, orgId, 'GET', path, undefined, as.token)
      : await call(t.app, 'GET', path, undefined, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>();
  };
  const timeline = async (path: string, as?: Member) => (await page(path, as)).events;
  const kinds = (list: readonly AuditEvent[]) => list.map((e) => e.kind);
  const actorOf = (e: AuditEvent | undefined) => (e?.actor ? [e.actor.userId, e.actor.email.toLowerCase()] : null);
  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    callIn(t.app, orgId, method, path, body, admin.token);
  const later = () => t.clock.advanceSeconds(60);

  let hall = '';
  let bar = '';
  let amp = '';

  it('records venue and amp changes with the member who made them, and the amps’ own events', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api${VENUE_PATHS.venues}`,
      payload: { venue: { name: 'Hall' } },
      headers: { authorization: `Bearer ${admin.token}`, 'x-rackside-org': orgId, 'user-agent': FIREFOX },
    });
    expect(created.statusCode).toBe(201);
    hall = created.json<VenueReply>().venue.venueId;
    later();
    expect(
      (await asAdmin('PUT', fillPath(VENUE_PATHS.venue, { venueId: hall }), { venue: { name: 'Main Hall' } }))
        .statusCode,
    ).toBe(200);
    later();
    bar = (await call(t.app, 'POST', VENUE_PATHS.venues, { venue: { name: 'Bar' } }, owner.token)).json<VenueReply>()
      .venue.venueId;
    later();
    // the admin asks for the registration token: the amp's registration is the admin's
    const token = await asAdmin('POST', fillPath(DEVICE_PATHS.registrationToken, { venueId: hall }));
    const registered = await call(
      t.app,
      'POST',
      DEVICE_PATHS.register,
      registrationBody(token.json<{ registrationToken: string }>().registrationToken, { deviceName: '=Stage Left' }),
    );
    expect(registered.statusCode).toBe(200);
    amp = registered.json<{ deviceId: string }>().deviceId;
    later();
    expect(
      (await asAdmin('PUT', `${fillPath(DEVICE_PATHS.relocate, { deviceId: amp })}?venueId=${bar}`)).statusCode,
    ).toBe(200);
    later();

    const hallEvents = await timeline(fillPath(A.venueAudit, { venueId: hall }));
    expect(kinds(hallEvents)).toEqual(['device.moved', 'device.added', 'venue.renamed', 'venue.created']);
    for (const e of hallEvents) expect(actorOf(e), e.kind).toEqual([admin.userId, admin.email.toLowerCase()]);
    const [moved, added, renamed, first] = hallEvents;
    expect(first).toMatchObject({ venueId: hall, deviceId: null, userAgent: FIREFOX, details: { name: 'Hall' } });
    expect(first?.ip).toBe('127.0.0.1');
    expect(renamed?.details).toEqual({ from: 'Hall', to: 'Main Hall' });
    expect(added).toMatchObject({
      deviceId: amp,
      venueId: hall,
      details: { name: '=Stage Left', modelId: getModel('704D').modelID },
    });
    expect(moved).toMatchObject({
      deviceId: amp,
      venueId: bar,
      details: {
        name: '=Stage Left',
        fromVenueId: hall,
        fromVenueName: 'Main Hall',
        toVenueId: bar,
        toVenueName: 'Bar',
      },
    });
    // the move is in the venue it went to as well, and the owner's own change is the owner's
    const barEvents = await timeline(fillPath(A.venueAudit, { venueId: bar }));
    expect(kinds(barEvents)).toEqual(['device.moved', 'venue.created']);
    expect(actorOf(barEvents[1])).toEqual([ownerId, owner.email.toLowerCase()]);

    // a firmware job, and the amp's status reports of it
    const [device] = await db()
      .execute(sql`select user_id from devices where id = ${amp}`)
      .then((r) => (r as { rows: { user_id: string }[] }).rows);
    await insertImage(db(), {
      id: randomUUID(),
      userId: device?.user_id ?? '',
      family: getModel('704D').firmwareImagePrefix,
      version: '1.6.0.0',
      name: 'ASBT-1.6.0.0.tar.xz.enc',
      size: 1,
      sha256: '0'.repeat(64),
      boards: false,
      factoryReset: false,
      latest: true,
      uploadedAt: t.clock.now(),
    });
    const sent = await callIn(
      t.app,
      orgId,
      'POST',
      fillPath(DEVICE_PATHS.deviceFirmware, { deviceId: amp }),
      {},
      admin.token,
    );
    expect(sent.statusCode, sent.body).toBe(202);
    const jobId = sent.json<FirmwareJobsReply>().jobs[0]?.jobId ?? '';
    later();
    await shadowIngestion(db(), t.clock, silentBrokerLogger).jobStatus(amp, {
      jobId,
      status: 'failed',
      detail: 'DownloadFail',
    });
    later();
    // online and offline as ingestion stores them; a fault with the incident it opens and resolves
    events.statusStored(amp, false);
    await until('amp.offline', async () =>
      (await timeline(fillPath(A.deviceAudit, { deviceId: amp })))[0]?.kind === 'amp.offline' ? true : undefined,
    );
    later();
    events.statusStored(amp, true);
    await until('amp.online', async () =>
      (await timeline(fillPath(A.deviceAudit, { deviceId: amp })))[0]?.kind === 'amp.online' ? true : undefined,
    );
    later();
    events.reportedStored(amp, reported('Faulted'));
    await until('amp.fault', async () =>
      (await timeline(fillPath(A.deviceAudit, { deviceId: amp })))[0]?.kind === 'amp.fault' ? true : undefined,
    );
    later();
    events.reportedStored(amp, reported('Ok'));
    await until('amp.fault_cleared', async () =>
      (await timeline(fillPath(A.deviceAudit, { deviceId: amp })))[0]?.kind === 'amp.fault_cleared' ? true : undefined,
    );
    later();
    expect((await asAdmin('DELETE', fillPath(DEVICE_PATHS.device, { deviceId: amp }))).statusCode).toBe(200);
    later();

    // the amp is gone; its timeline stays (a viewer may read it), newest first
    const ampEvents = await timeline(fillPath(A.deviceAudit, { deviceId: amp }), viewer);
    expect(kinds(ampEvents)).toEqual([
      'device.removed',
      'amp.fault_cleared',
      'amp.fault',
      'amp.online',
      'amp.offline',
      'firmware.status',
      'firmware.started',
      'device.moved',
      'device.added',
    ]);
    const byKind = new Map(ampEvents.map((e) => [e.kind, e]));
    expect(byKind.get('device.removed')).toMatchObject({ venueId: bar, details: { name: '=Stage Left' } });
    expect(actorOf(byKind.get('device.removed'))).toEqual([admin.userId, admin.email.toLowerCase()]);
    expect(byKind.get('firmware.started')?.details).toEqual({ version: '1.6.0.0', jobId, rolloutId: null });
    expect(byKind.get('firmware.status')).toMatchObject({
      actor: null,
      ip: null,
      details: { jobId, status: 'failed', version: '1.6.0.0', detail: 'DownloadFail' },
    });
    expect(byKind.get('amp.fault')).toMatchObject({
      actor: null,
      venueId: bar,
      details: { condition: 'channelFault', channel: 2, severity: 'Critical' },
    });
    expect(byKind.get('amp.fault_cleared')?.details).toMatchObject({ condition: 'channelFault', channel: 2 });
    expect(byKind.get('amp.offline')).toMatchObject({ actor: null, details: {} });

    // a deleted venue keeps its timeline too
    expect((await asAdmin('DELETE', fillPath(VENUE_PATHS.venue, { venueId: hall }))).statusCode).toBe(200);
    const gone = await timeline(fillPath(A.venueAudit, { venueId: hall }));
    expect(gone[0]).toMatchObject({ kind: 'venue.deleted', details: { name: 'Main Hall' } });
  });

  it('records contacts and members, with the organisation’s log holding what has no venue', async () => {
    later();
    const start = t.clock.now().toISOString();
    const contact = await asAdmin('POST', CONTACT_PATHS.contacts, {
      name: 'Ops',
      email: 'ops@example.com',
      severityLevel: ['Critical'],
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const contactId = contact.json<ContactReply>().contact.contactId;
    later();
    const changed = await asAdmin('PUT', fillPath(CONTACT_PATHS.contact, { contactId }), {
      name: 'Ops desk',
      email: 'ops@example.com',
      severityLevel: ['Critical', 'Warning'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    later();
    expect((await asAdmin('DELETE', fillPath(CONTACT_PATHS.contact, { contactId }))).statusCode).toBe(200);
    later();
    const operator = await createMember(t.app, t.mailer, owner.token, 'operator');
    later();
    expect(
      (await asAdmin('PUT', fillPath(ORG_PATHS.member, { userId: operator.userId }), { role: 'technician' }))
        .statusCode,
    ).toBe(200);
    later();
    expect((await asAdmin('DELETE', fillPath(ORG_PATHS.member, { userId: operator.userId }))).statusCode).toBe(200);

    // member.joined (the operator's own event, at the same moment as member.invited): audit.more.test.ts
    const log = (await timeline(`${A.audit}?from=${encodeURIComponent(start)}`, viewer)).filter(
      (e) => e.kind !== 'member.joined',
    );
    const operatorEmail = log[0]?.details && 'email' in log[0].details ? log[0].details.email : '';
    expect(operatorEmail.toLowerCase()).toBe(operator.email.toLowerCase());
    expect(kinds(log)).toEqual([
      'member.removed',
      'member.role_changed',
      'member.invited',
      'contact.deleted',
      'contact.changed',
      'contact.created',
    ]);
    expect(log.map((e) => e.details)).toEqual([
      { userId: operator.userId, email: operatorEmail, role: 'technician' },
      { userId: operator.userId, email: operatorEmail, from: 'operator', to: 'technician' },
      { email: operator.email, role: 'operator' },
      { contactId, name: 'Ops desk' },
      { contactId, name: 'Ops desk', fields: ['name', 'severity'] },
      { contactId, name: 'Ops' },
    ]);
    expect(actorOf(log[2])).toEqual([ownerId, owner.email.toLowerCase()]);
    for (const e of [...log.slice(0, 2), ...log.slice(3)])
      expect(actorOf(e)).toEqual([admin.userId, admin.email.toLowerCase()]);
  });

  it('records a sign-in from a browser and address the account has not used before, once', async () => {
    const signIn = (userAgent: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: `/api${IDENTITY_PATHS.signIn}`,
        payload: { email: owner.email, password: PASSWORD },
        headers: { 'user-agent': userAgent },
        remoteAddress,
      });
    expect((await signIn(FIREFOX, '203.0.113.9')).statusCode).toBe(200);
    expect((await signIn(FIREFOX, '203.0.113.9')).statusCode).toBe(200);
    expect((await signIn('lightMyRequest')).statusCode).toBe(200); // the device createSignedInUser signed in from
    const signIns = await timeline(`${A.audit}?kind=session.new_device`);
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({
      ip: '203.0.113.9',
      userAgent: FIREFOX,
      venueId: null,
      details: { browser: 'Firefox 128', os: 'Linux' },
    });
    expect(actorOf(signIns[0])).toEqual([ownerId, owner.email.toLowerCase()]);
    // an account's first sign-in is no news; a member's sign-ins are in its own account's log, not the owner's
    expect(await timeline(`${A.audit}?kind=session.new_device`, viewer)).toHaveLength(1);
  });

  it('filters by kind, person and time, and pages newest first with an opaque cursor', async () => {
    const venueId = (
      await call(t.app, 'POST', VENUE_PATHS.venues, { venue: { name: 'Paging' } }, owner.token)
    ).json<VenueReply>().venue.venueId;
    const times: string[] = [];
    for (let i = 1; i <= 6; i++) {
      later();
      times.push(t.clock.now().toISOString());
      const renamer = i % 2 === 0 ? owner.token : admin.token;
      const res = await callIn(
        t.app,
        orgId,
        'PUT',
        fillPath(VENUE_PATHS.venue, { venueId }),
        { venue: { name: `Paging ${i}` } },
        renamer,
      );
      expect(res.statusCode).toBe(200);
    }
    const path = fillPath(A.venueAudit, { venueId });
    const all = await timeline(`${path}?limit=200`);
    expect(all.map((e) => e.details)).toEqual([
      { from: 'Paging 5', to: 'Paging 6' },
      { from: 'Paging 4', to: 'Paging 5' },
      { from: 'Paging 3', to: 'Paging 4' },
      { from: 'Paging 2', to: 'Paging 3' },
      { from: 'Paging 1', to: 'Paging 2' },
      { from: 'Paging', to: 'Paging 1' },
      { name: 'Paging' },
    ]);

    const walked: AuditEvent[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const next: AuditPage = await page(`${path}?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`);
      sizes.push(next.events.length);
      walked.push(...next.events);
      cursor = next.nextCursor;
    } while (cursor !== null);
    expect(sizes).toEqual([3, 3, 1]);
    expect(walked).toEqual(all);

    expect(kinds(await timeline(`${path}?kind=venue.created`))).toEqual(['venue.created']);
    const byAdmin = await timeline(`${path}?actorId=${admin.userId}&kind=venue.renamed,venue.created`);
    expect(byAdmin.map((e) => (e.details as { to: string }).to)).toEqual(['Paging 5', 'Paging 3', 'Paging 1']);
    // from is inclusive, to exclusive
    const window = await timeline(
      `${path}?from=${encodeURIComponent(times[1] ?? '')}&to=${encodeURIComponent(times[4] ?? '')}`,
    );
    expect(window.map((e) => (e.details as { to: string }).to)).toEqual(['Paging 4', 'Paging 3', 'Paging 2']);
    const day = t.clock.now().toISOString().slice(0, 10);
    expect(await timeline(`${path}?to=${day}`)).toEqual([]);
    expect(await timeline(`${path}?from=1970-01-01&to=9999-12-31`)).toEqual(all);
  });

  it('exports the same events as CSV: a header, RFC 4180 quoting and no formula a spreadsheet would run', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${VENUE_PATHS.venues}`,
      payload: { venue: { name: 'Quote "Bar", Inc' } },
      headers: { authorization: `Bearer ${owner.token}`, 'user-agent': '=HYPERLINK("http://evil.example")' },
    });
    const venueId = res.json<VenueReply>().venue.venueId;
    const csv = await call(
      t.app,
      'GET',
      `${fillPath(A.venueAuditCsv, { venueId })}?kind=venue.created`,
      undefined,
      owner.token,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="audit-venue-${venueId}-${t.clock.now().toISOString().slice(0, 10)}.csv"`,
    );
    const [event] = await timeline(fillPath(A.venueAudit, { venueId }));
    expect(csv.body).toBe(
      `\uFEFF${AUDIT_CSV_COLUMNS.join(',')}\r\n` +
        `${event?.at},venue.created,${event?.actor?.email},${ownerId},127.0.0.1,` +
        `"'=HYPERLINK(""http://evil.example"")",${venueId},,` +
        `"{""name"":""Quote \\""Bar\\"", Inc""}",${event?.id}\r\n`,
    );
    // the organisation's CSV with every event, and the same 404 as the JSON for what is not the caller's
    const whole = await call(t.app, 'GET', A.auditCsv, undefined, owner.token);
    const all = await timeline(`${A.audit}?limit=200`);
    expect(whole.body.trimEnd().split('\r\n')).toHaveLength(all.length + 1);
  });

  it("answers 404 for another organisation's venue or amp, and scopes the organisation's log", async () => {
    const stranger = await createSignedInUser(t.app, t.mailer);
    const venueId = (
      await call(t.app, 'POST', VENUE_PATHS.venues, { venue: { name: 'Mine' } }, owner.token)
    ).json<VenueReply>().venue.venueId;
    for (const path of [
      fillPath(A.venueAudit, { venueId }),
      fillPath(A.venueAuditCsv, { venueId }),
      fillPath(A.deviceAudit, { deviceId: amp }),
      fillPath(A.deviceAuditCsv, { deviceId: amp }),
      fillPath(A.venueAudit, { venueId: randomUUID() }),
      fillPath(A.deviceAudit, { deviceId: 'no-such-amp' }),
    ]) {
      const res = await call(t.app, 'GET', path, undefined, stranger.token);
      expect([res.statusCode, errorOf(res).error], path).toEqual([404, 'NotFound']);
    }
    expect(await timeline(`${A.audit}?venueId=${venueId}`, undefined)).not.toEqual([]);
    const theirs = await call(t.app, 'GET', `${A.audit}?venueId=${venueId}`, undefined, stranger.token);
    expect(theirs.json<AuditPage>().events).toEqual([]);
    expect((await call(t.app, 'GET', A.audit, undefined)).statusCode).toBe(401);
  });

  it('answers 400 with a clear message for bad queries, never 5xx', async () => {
    const path = fillPath(A.venueAudit, { venueId: bar });
    const huge = 'x'.repeat(100_000);
    const badCursor = Buffer.from(`2026-01-15T10:00:00.000Z|${'z'.repeat(36)}`).toString('base64url');
    for (const query of [
      'kind=venue.bogus',
      'kind=venue.created%00',
      `kind=${huge}`,
      'kind=,',
      'actorId=not-a-uuid',
      'from=2026-02-30',
      'from=yesterday',
      `to=${huge}`,
      'from=2026-03-01&to=2026-02-01',
      'limit=0',
      'limit=201',
      'limit=ten',
      'cursor=%00',
      `cursor=${huge}`,
      'cursor=not!base64',
      `cursor=${badCursor}`,
      'cursor=%F0%9F%98%80',
    ]) {
      const res = await call(t.app, 'GET', `${path}?${query}`, undefined, owner.token);
      expect([res.statusCode, errorOf(res).error], `${query.slice(0, 60)} ${res.body.slice(0, 200)}`).toEqual([
        400,
        'ValidationError',
      ]);
      expect(errorOf(res).message, query.slice(0, 60)).not.toBe('');
    }
    const csv = await call(
      t.app,
      'GET',
      `${fillPath(A.venueAuditCsv, { venueId: bar })}?from=2026-13-01`,
      undefined,
      owner.token,
    );
    expect(csv.statusCode).toBe(400);
    const badDevice = await call(t.app, 'GET', fillPath(A.deviceAudit, { deviceId: 'a/b c' }), undefined, owner.token);
    expect(badDevice.statusCode).toBe(400);
  });

  it('keeps the table append-only: the database refuses to change or delete an event', async () => {
    const before = await db().select().from(auditEvents);
    expect(before.length).toBeGreaterThan(0);
    await expect(db().execute(sql`update audit_events set kind = 'venue.created'`)).rejects.toThrow();
    await expect(
      db().execute(sql`update audit_events set details = '{}'::jsonb where owner_user_id = ${ownerId}`),
    ).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_events`)).rejects.toThrow();
    // a cutoff lets older rows go only, never a recent one
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`select set_config('rackside.audit_delete_before', '2000-01-01T00:00:00Z', true)`);
        await tx.execute(sql`delete from audit_events where owner_user_id = ${ownerId}`);
      }),
    ).rejects.toThrow();
    expect(await db().select().from(auditEvents)).toEqual(before);
  });
});
