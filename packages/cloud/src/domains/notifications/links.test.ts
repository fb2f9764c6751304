/**
 * The routes of notifications (issue 15): the acknowledge link (GET shows a button and acknowledges nothing, POST
 * acknowledges as the contact), the unsubscribe link (stops further e-mail; the Contact reply says so), a STOP from a
 * phone (stops SMS until the number changes), junk and expired tokens (a 400 page, never a 5xx), and a venue's
 * notification settings (validation, scoping to the caller).
 */
import {
  CONTACT_PATHS,
  INCIDENT_PATHS,
  fillPath,
  type ContactList,
  type VenueNotificationSettingsReply,
} from '@rackside/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { incidents, notifications } from '../../db/schema/index';
import { isSmsOutbox } from '../../plugins/sms';
import { describeEachDatabase } from '../../test/db';
import { call, errorOf } from '../../test/factories';
import { addContact, makeWorld, openIncident, rowsOf, workerFor, type World } from './notifications.fixtures';

describeEachDatabase('notification links and settings', (db) => {
  const worlds: World[] = [];
  const world = async () => {
    const w = await makeWorld(db());
    worlds.push(w);
    return w;
  };
  afterAll(async () => {
    for (const w of worlds) await w.t.app.close();
  });
  beforeEach(async () => {
    await db().update(incidents).set({ state: 'resolved' }).where(eq(incidents.state, 'open'));
    await db().update(notifications).set({ state: 'cancelled' }).where(eq(notifications.state, 'pending'));
  });

  /** The newest outbox mail to an address, and a link's token in it. */
  const mailTo = async (w: World, to: string) => (await w.t.mailer.list(to, 1))[0];
  const tokenIn = (text: string | undefined, path: string) =>
    new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([\\w-]+)`).exec(text ?? '')?.[1] ?? '';
  const get = (w: World, path: string, token: string) =>
    w.t.app.inject({ method: 'GET', url: `/api${path}?token=${encodeURIComponent(token)}` });
  const postForm = (w: World, path: string, body: string) =>
    w.t.app.inject({
      method: 'POST',
      url: `/api${path}`,
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const contactOf = async (w: World, id: string) =>
    (await call(w.t.app, 'GET', CONTACT_PATHS.contacts, undefined, w.token))
      .json<ContactList>()
      .contacts.find((c) => c.contactId === id);

  it('the acknowledge link: GET shows a button and acknowledges nothing; POST acknowledges as the contact, once', async () => {
    const w = await world();
    const c = await addContact(w, { name: 'Ana' });
    const incidentId = await openIncident(w);
    await workerFor(w, w.t.mailer).tick();
    const token = tokenIn((await mailTo(w, c.email ?? ''))?.text, INCIDENT_PATHS.acknowledgeLink);
    expect(token).toHaveLength(72);

    const page = await get(w, INCIDENT_PATHS.acknowledgeLink, token);
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body).toContain('<form method="post" action="/api/incidents/ack-link">');
    expect(page.body).toContain(`value="${token}"`);
    expect(page.body).toContain('Critical: Channel 1: output faulted on Main Left');
    const [still] = await db().select().from(incidents).where(eq(incidents.id, incidentId));
    expect(still?.acknowledgedAt).toBeNull();

    const done = await postForm(w, INCIDENT_PATHS.acknowledgeLink, `token=${token}`);
    expect([done.statusCode, done.body.includes('Acknowledged by Ana')]).toEqual([200, true]);
    w.t.clock.advance(60_000);
    const again = await w.t.app.inject({ method: 'POST', url: `/api${INCIDENT_PATHS.acknowledgeLink}?token=${token}` });
    expect(again.statusCode).toBe(200);
    const [acked] = await db().select().from(incidents).where(eq(incidents.id, incidentId));
    expect([acked?.acknowledgedBy, acked?.acknowledgedAt?.toISOString()]).toEqual(['Ana', '2026-01-15T10:00:00.000Z']);
  });

  it('damaged, foreign, expired and junk tokens answer the 400 page, never a 5xx', async () => {
    const w = await world();
    const c = await addContact(w);
    await openIncident(w);
    await workerFor(w, w.t.mailer).tick();
    const text = (await mailTo(w, c.email ?? ''))?.text;
    const ack = tokenIn(text, INCIDENT_PATHS.acknowledgeLink);
    const unsubscribe = tokenIn(text, INCIDENT_PATHS.unsubscribeLink);
    const flipped = `${ack.slice(0, 40)}${ack[40] === 'A' ? 'B' : 'A'}${ack.slice(41)}`;
    const junk = ['', 'x', flipped, unsubscribe, '\u0000\u0000', 'A'.repeat(100_000), '%ZZ', '../../etc/passwd'];
    for (const token of junk) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await w.t.app.inject({
          method,
          url: `/api${INCIDENT_PATHS.acknowledgeLink}?token=${encodeURIComponent(token)}`,
        });
        // (a NUL anywhere in a query is refused before any route: a JSON 400 from the app's input guard)
        const page = !token.includes('\u0000');
        expect([res.statusCode, res.body.includes('LINK_INVALID') || !page], `${method} ${token.slice(0, 20)}`).toEqual(
          [400, true],
        );
      }
    }
    const twice = await w.t.app.inject({ method: 'GET', url: `/api${INCIDENT_PATHS.acknowledgeLink}?token=a&token=b` });
    expect(twice.statusCode).toBe(400);
    const form = await postForm(w, INCIDENT_PATHS.unsubscribeLink, `token=${ack}&token=${ack}`);
    expect(form.statusCode).toBe(400);
    const huge = await postForm(w, INCIDENT_PATHS.unsubscribeLink, `token=${'A'.repeat(20_000)}`);
    expect(huge.statusCode).toBeLessThan(500);
    w.t.clock.advance(8 * 24 * 3600 * 1000); // acknowledge links live 7 days
    expect((await get(w, INCIDENT_PATHS.acknowledgeLink, ack)).statusCode).toBe(400);
    expect((await get(w, INCIDENT_PATHS.unsubscribeLink, unsubscribe)).statusCode).toBe(200);
  });

  it('the unsubscribe link stops further e-mail (GET alone does not); confirming the address again resumes it', async () => {
    const w = await world();
    const c = await addContact(w);
    const worker = workerFor(w, w.t.mailer);
    await openIncident(w);
    await worker.tick();
    const token = tokenIn((await mailTo(w, c.email ?? ''))?.text, INCIDENT_PATHS.unsubscribeLink);
    expect((await get(w, INCIDENT_PATHS.unsubscribeLink, token)).body).toContain('<button type="submit">Unsubscribe');
    expect((await contactOf(w, c.id))?.emailUnsubscribed).toBeUndefined();
    // a queued message and the click race: the worker re-checks before sending
    const queued = await openIncident(w, { severity: 'Warning', type: 'thermal' });
    const done = await postForm(w, INCIDENT_PATHS.unsubscribeLink, `token=${token}`);
    expect([done.statusCode, done.body.includes('Unsubscribed')]).toEqual([200, true]);
    expect(await worker.tick()).toMatchObject({ sent: 0, cancelled: 1 });
    expect((await rowsOf(db(), queued))[0]?.state).toBe('cancelled');
    await openIncident(w);
    expect((await worker.tick()).sent).toBe(0);
    expect(await w.t.mailer.list(c.email ?? '')).toHaveLength(1);
    expect((await contactOf(w, c.id))?.emailUnsubscribed).toBe(true);

    // saving the contact again sends a confirmation link; confirming lifts the unsubscribe
    const put = await call(
      w.t.app,
      'PUT',
      fillPath(CONTACT_PATHS.contact, { contactId: c.id }),
      { name: 'Night Tech', email: c.email, severityLevel: ['Critical', 'Warning', 'Info'] },
      w.token,
    );
    expect(put.statusCode).toBe(200);
    const confirm = (await mailTo(w, c.email ?? ''))?.code ?? '';
    expect((await w.t.app.inject({ method: 'GET', url: `/api/contacts/confirm?token=${confirm}` })).statusCode).toBe(
      200,
    );
    expect((await contactOf(w, c.id))?.emailUnsubscribed).toBeUndefined();
  });

  it('a STOP from a phone stops SMS to it; saving another number lets SMS go again', async () => {
    const w = await world();
    const c = await addContact(w, { email: null, phone: '+12015550199' });
    const worker = workerFor(w, w.t.mailer);
    await openIncident(w);
    expect((await worker.tick()).sent).toBe(1);
    if (!isSmsOutbox(w.t.sms)) throw new Error('the test app has the SMS outbox');
    expect((await w.t.sms.list('+12015550199'))[0]?.text).toMatch(/Reply STOP to opt out$/);
    w.t.sms.receiveStop('+12015550199');
    await expect.poll(async () => (await contactOf(w, c.id))?.smsStopped).toBe(true);
    await openIncident(w);
    expect((await worker.tick()).sent).toBe(0);
    expect(await w.t.sms.list('+12015550199')).toHaveLength(1);

    const put = await call(
      w.t.app,
      'PUT',
      fillPath(CONTACT_PATHS.contact, { contactId: c.id }),
      { name: 'Night Tech', phone: '+12015550198', severityLevel: ['Critical'] },
      w.token,
    );
    expect(put.statusCode).toBe(200);
    expect((await contactOf(w, c.id))?.smsStopped).toBeUndefined();
    await openIncident(w);
    expect((await worker.tick()).sent).toBe(1);
  });

  it("settings: defaults, validation, the caller's venue and contacts only", async () => {
    const w = await world();
    const other = await world();
    const mine = await addContact(w, { select: false });
    const theirs = await addContact(other, { select: false });
    const path = fillPath(INCIDENT_PATHS.venueSettings, { venueId: w.venueId });
    const read = await call(w.t.app, 'GET', path, undefined, w.token);
    expect(read.json<VenueNotificationSettingsReply>()).toEqual({
      settings: { quietHours: null, reminderMinutes: 15, escalateAfterMinutes: 30, escalationContactIds: [] },
    });
    const settings = {
      quietHours: { start: '22:30', end: '07:00', timeZone: 'America/New_York' },
      reminderMinutes: 5,
      escalateAfterMinutes: 20,
      escalationContactIds: [mine.id],
    };
    const put = await call(w.t.app, 'PUT', path, settings, w.token);
    expect([put.statusCode, put.json<VenueNotificationSettingsReply>()]).toEqual([200, { settings }]);
    expect((await call(w.t.app, 'GET', path, undefined, w.token)).json()).toEqual({ settings });

    const cases: [unknown, number, string][] = [
      [{ ...settings, quietHours: { ...settings.quietHours, timeZone: 'Mars/Olympus' } }, 400, 'TIME_ZONE_INVALID'],
      [{ ...settings, escalationContactIds: [theirs.id] }, 400, 'CONTACT_UNKNOWN'],
      [{ ...settings, quietHours: { ...settings.quietHours, start: '24:00' } }, 400, 'ValidationError'],
      [{ ...settings, reminderMinutes: 0 }, 400, 'ValidationError'],
    ];
    for (const [body, status, error] of cases) {
      const res = await call(w.t.app, 'PUT', path, body, w.token);
      expect([res.statusCode, errorOf(res).error], JSON.stringify(body)).toEqual([status, error]);
    }
    expect((await call(other.t.app, 'GET', path, undefined, other.token)).statusCode).toBe(404);
    expect((await call(other.t.app, 'PUT', path, settings, other.token)).statusCode).toBe(404);
    expect((await call(w.t.app, 'GET', path)).statusCode).toBe(401);
    const cleared = await call(
      w.t.app,
      'PUT',
      path,
      { ...settings, quietHours: null, escalationContactIds: [] },
      w.token,
    );
    expect(cleared.json<VenueNotificationSettingsReply>().settings.quietHours).toBeNull();
  });
});
