import {
  CONTACT_PATHS as P,
  fillPath,
  type ContactList,
  type ContactReply,
  type EmailEnabled,
  type VenueContacts,
} from '@rackside/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, errorOf, lastCode, uniqueEmail } from '../../test/factories';

const contactPath = (contactId: string) => fillPath(P.contact, { contactId });
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Front of House',
  email: uniqueEmail('foh'),
  phone: '+1 201 555 0123',
  severityLevel: ['Critical', 'Warning'],
  ...overrides,
});

/** Adds a contact; returns it. */
async function addContact(app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(app, 'POST', P.contacts, body(overrides), token);
  if (res.statusCode !== 201) throw new Error(`add contact failed: ${res.body}`);
  return res.json<ContactReply>().contact;
}

describeEachDatabase('contacts', (db) => {
  let t: TestApp;
  afterEach(() => t.app.close());

  const list = async (token: string) =>
    (await call(t.app, 'GET', P.contacts, undefined, token)).json<ContactList>().contacts;
  const emailEnabled = async (token: string, contactId: string) =>
    (await call(t.app, 'GET', fillPath(P.emailEnabled, { contactId }), undefined, token)).json<EmailEnabled>()
      .emailEnabled;
  const confirm = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api${P.confirm}?token=${encodeURIComponent(token)}` });

  it('adds, lists, replaces and deletes contacts, storing the phone in E.164 and the severity as flags', async () => {
    t = await buildTestApp(db());
    const { token } = await createSignedInUser(t.app, t.mailer);
    const email = uniqueEmail('foh');
    const added = await call(t.app, 'POST', P.contacts, body({ email: ` ${email} ` }), token);
    expect(added.statusCode).toBe(201);
    const contact = added.json<ContactReply>().contact;
    expect(contact).toEqual({
      contactId: contact.contactId,
      name: 'Front of House',
      email,
      phone: '+12015550123',
      severityLevel: ['Critical', 'Warning'],
      emailEnabled: false,
    });
    // spec 1 §5: an empty email is none, and so is a phone that is only a dial code.
    const sms = await addContact(t.app, token, {
      name: 'Alice',
      email: '',
      phone: '201-555-0177',
      severityLevel: ['Info'],
    });
    expect(sms).toEqual({
      contactId: sms.contactId,
      name: 'Alice',
      phone: '+12015550177',
      severityLevel: ['Info'],
      emailEnabled: false,
    });
    const mailOnly = await addContact(t.app, token, { name: 'Bob', phone: '+1' });
    expect(mailOnly.phone).toBeUndefined();
    await call(t.app, 'DELETE', contactPath(mailOnly.contactId), undefined, token);
    expect(await list(token)).toEqual([sms, contact]);

    const put = await call(
      t.app,
      'PUT',
      contactPath(contact.contactId),
      { contactId: contact.contactId, name: 'FOH', phone: '(201) 555-0199', severityLevel: ['Info', 'Critical'] },
      token,
    );
    expect(put.json<ContactReply>().contact).toEqual({
      contactId: contact.contactId,
      name: 'FOH',
      phone: '+12015550199',
      severityLevel: ['Critical', 'Info'],
      emailEnabled: false,
    });
    expect((await call(t.app, 'DELETE', contactPath(sms.contactId), undefined, token)).json()).toEqual({ ok: true });
    expect((await list(token)).map((c) => c.name)).toEqual(['FOH']);
  });

  it('confirms an email through the link e-mailed to it, once; a new address needs a new confirmation', async () => {
    t = await buildTestApp(db(), { config: { CONTACT_CONFIRM_TTL_S: '3600' } });
    const { token } = await createSignedInUser(t.app, t.mailer);
    const email = uniqueEmail('ops');
    const contact = await addContact(t.app, token, { email });
    const [mail] = await t.mailer.list(email);
    const link = await lastCode(t.mailer, email);
    expect(mail?.text).toContain(`http://cloud.test/api/contacts/confirm?token=${link}`);
    expect(await emailEnabled(token, contact.contactId)).toBe(false);

    const page = await confirm(link);
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body).toContain('Email address confirmed');
    expect(page.body).toContain(email);
    expect(await emailEnabled(token, contact.contactId)).toBe(true);
    const twice = await confirm(link);
    expect([twice.statusCode, twice.body.includes('not valid')]).toEqual([404, true]);
    expect((await confirm('<script>')).body).not.toContain('<script>');

    // Saving it unchanged keeps the confirmation; a new address starts over.
    const same = { ...body({ email: email.toUpperCase() }), severityLevel: ['Info'] };
    await call(t.app, 'PUT', contactPath(contact.contactId), same, token);
    expect(await emailEnabled(token, contact.contactId)).toBe(true);
    const moved = uniqueEmail('ops2');
    await call(t.app, 'PUT', contactPath(contact.contactId), body({ email: moved }), token);
    expect(await emailEnabled(token, contact.contactId)).toBe(false);
    const newLink = await lastCode(t.mailer, moved);

    t.clock.advanceSeconds(3600);
    const expired = await confirm(newLink);
    expect([expired.statusCode, expired.body.includes('expired')]).toEqual([410, true]);
    const missing = await t.app.inject({ method: 'GET', url: `/api${P.confirm}` });
    expect(missing.statusCode).toBe(404);
  });

  it('applies the spec 1 §5 rules with the spec 1 §8 names', async () => {
    t = await buildTestApp(db());
    const { token } = await createSignedInUser(t.app, t.mailer);
    const other = await createSignedInUser(t.app, t.mailer);
    const taken = await addContact(t.app, token, { email: 'Taken@Example.com', phone: '+1 201 555 0100' });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ email: 'not-an-address' }, 400, 'EMAIL_FORMAT_ERROR'],
      [{ email: 'a@b' }, 400, 'EMAIL_FORMAT_ERROR'],
      [{ phone: '+1 201 555' }, 400, 'PHONE_FORMAT_ERROR'],
      [{ email: ' taken@EXAMPLE.com ' }, 409, 'CONTACT_EMAIL_IN_USE'],
      [{ phone: '(201) 555-0100' }, 409, 'CONTACT_PHONE_IN_USE'],
      [{ email: '', phone: '' }, 400, 'RequiredFieldsMissing'],
      [{ email: null, phone: '+86' }, 400, 'RequiredFieldsMissing'],
      [{ severityLevel: [] }, 400, 'RequiredFieldsMissing'],
      [{ name: '  ' }, 400, 'RequiredFieldsMissing'],
      [{ severityLevel: ['Loud'] }, 400, 'ValidationError'],
      [{ severityLevel: 'Critical' }, 400, 'ValidationError'],
      [{ name: 'x'.repeat(101) }, 400, 'ValidationError'],
    ];
    for (const [overrides, status, error] of cases) {
      const res = await call(t.app, 'POST', P.contacts, body(overrides), token);
      expect([res.statusCode, errorOf(res).error], JSON.stringify(overrides)).toEqual([status, error]);
    }
    // Its own email and phone are not "another contact's"; another user's contacts do not count.
    const self = await call(
      t.app,
      'PUT',
      contactPath(taken.contactId),
      body({ email: 'TAKEN@example.com', phone: '+12015550100' }),
      token,
    );
    expect(self.statusCode).toBe(200);
    await addContact(t.app, other.token, { email: 'taken@example.com', phone: '+1 201 555 0100' });
    const wrongId = await call(
      t.app,
      'PUT',
      contactPath(taken.contactId),
      body({ contactId: other.session.user.username }),
      token,
    );
    expect([wrongId.statusCode, errorOf(wrongId).error]).toEqual([400, 'ValidationError']);
    expect(await list(token)).toHaveLength(1);
  });

  it('selects and deselects contacts for a venue', async () => {
    t = await buildTestApp(db());
    const { token } = await createSignedInUser(t.app, t.mailer);
    const venueId = (await call(t.app, 'POST', '/venues', { venue: { name: 'Hall' } }, token)).json<{
      venue: { venueId: string };
    }>().venue.venueId;
    const [a, b] = [await addContact(t.app, token, { phone: '' }), await addContact(t.app, token, { phone: null })];
    const path = (contactId: string) => fillPath(P.venueContact, { venueId, contactId });
    const selected = async () => {
      const res = await call(t.app, 'GET', fillPath(P.venueContacts, { venueId }), undefined, token);
      return res
        .json<VenueContacts>()
        .venueContacts.map((c) => c.contactId)
        .sort();
    };

    expect(await selected()).toEqual([]);
    for (const c of [a, b, a])
      expect((await call(t.app, 'POST', path(c.contactId), undefined, token)).json()).toEqual({ ok: true });
    expect(await selected()).toEqual([a.contactId, b.contactId].sort());
    for (let i = 0; i < 2; i++)
      expect((await call(t.app, 'DELETE', path(a.contactId), undefined, token)).statusCode).toBe(200);
    expect(await selected()).toEqual([b.contactId]);
    // Deleting a contact deselects it everywhere.
    await call(t.app, 'DELETE', contactPath(b.contactId), undefined, token);
    expect(await selected()).toEqual([]);
  });

  it("answers 404 on every contact route for another user's contact or venue, and changes nothing", async () => {
    t = await buildTestApp(db());
    const a = await createSignedInUser(t.app, t.mailer);
    const b = await createSignedInUser(t.app, t.mailer);
    const aVenue = await createVenue(t.app, a.token);
    const bVenue = await createVenue(t.app, b.token);
    const aContact = await addContact(t.app, a.token);
    const bContact = await addContact(t.app, b.token);
    const routes: [string, string, unknown][] = [
      ['PUT', contactPath(aContact.contactId), body()],
      ['DELETE', contactPath(aContact.contactId), undefined],
      ['GET', fillPath(P.emailEnabled, { contactId: aContact.contactId }), undefined],
      ['GET', fillPath(P.venueContacts, { venueId: aVenue }), undefined],
      ['POST', fillPath(P.venueContact, { venueId: aVenue, contactId: bContact.contactId }), undefined],
      ['POST', fillPath(P.venueContact, { venueId: bVenue, contactId: aContact.contactId }), undefined],
      ['DELETE', fillPath(P.venueContact, { venueId: aVenue, contactId: aContact.contactId }), undefined],
    ];
    await call(
      t.app,
      'POST',
      fillPath(P.venueContact, { venueId: aVenue, contactId: aContact.contactId }),
      undefined,
      a.token,
    );
    for (const [method, path, payload] of routes) {
      const res = await call(t.app, method as 'GET', path, payload, b.token);
      expect([res.statusCode, errorOf(res).error], `${method} ${path}`).toEqual([404, 'NotFound']);
      expect((await call(t.app, method as 'GET', path, payload)).statusCode, `${method} ${path} anonymous`).toBe(401);
    }
    expect(await list(a.token)).toEqual([aContact]);
    expect((await list(b.token)).map((c) => c.contactId)).toEqual([bContact.contactId]);
    const selected = await call(t.app, 'GET', fillPath(P.venueContacts, { venueId: aVenue }), undefined, a.token);
    expect(selected.json()).toEqual({ venueContacts: [{ contactId: aContact.contactId }] });
  });
});
