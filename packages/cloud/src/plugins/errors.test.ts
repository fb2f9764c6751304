/**
 * Issue 16, input and logs: text PostgreSQL cannot store (NUL, lone surrogates, malformed UTF-8) is refused with 400
 * naming the field on every route before any SQL (it answered 500 on seven endpoints), and a 500's log line holds no
 * query text, parameters or quoted values (it held the full SQL with e-mails and password hashes).
 */
import { Writable } from 'node:stream';
import {
  CONTACT_PATHS,
  DEVICE_PATHS,
  fillPath,
  IDENTITY_PATHS,
  OUTBOX_PATH,
  VENUE_PATHS,
} from '@rackside/protocol';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { describeEachDatabase } from '../test/db';
import { call, createSignedInUser, createVenue, errorOf, registrationBody, registrationToken } from '../test/factories';
import { findBadText, registerErrorHandling, safeError, textProblem } from './errors';
import { LOG_REDACT } from './log-redact';

describe('textProblem and findBadText', () => {
  it('name NUL, lone surrogates (either half, at either end) and accept pairs and ordinary text', () => {
    expect(textProblem('a\u0000b')).toBe('contains a NUL character');
    for (const s of ['\ud800', 'x\udc00', '\udfff\ud800', 'a\ud83d'])
      expect(textProblem(s), JSON.stringify(s)).toMatch(/lone surrogate/);
    for (const s of ['', 'Main Stage', '😀', '\u202e', '\\u0000']) expect(textProblem(s)).toBeUndefined();
  });

  it('walk nested bodies and keys, and a body nested 200,000 deep without overflowing', () => {
    expect(findBadText({ venue: { name: 'a\u0000' } }, 'body')).toBe('venue.name: contains a NUL character');
    expect(findBadText({ severityLevel: ['Critical', '\ud800'] }, 'body')).toMatch(/^severityLevel\.1: .*surrogate/);
    expect(findBadText({ ['k\u0000']: 1 }, 'body')).toBe('body: a key contains a NUL character');
    expect(findBadText('\u0000', 'body')).toBe('body: contains a NUL character');
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findBadText(deep, 'body')).toMatch(/NUL/);
  });
});

describeEachDatabase('input guard on every route of the app', (db) => {
  let t: TestApp;
  let token: string;
  let venueId: string;
  let contactId: string;
  beforeAll(async () => {
    t = await buildTestApp(db());
    ({ token } = await createSignedInUser(t.app, t.mailer));
    venueId = await createVenue(t.app, token);
    const contact = await call(t.app, 'POST', CONTACT_PATHS.contacts, { name: 'Ops', email: 'ops@example.com', severityLevel: ['Info'] }, token);
    if (contact.statusCode !== 201) throw new Error(`create contact failed: ${contact.body}`);
    contactId = contact.json<{ contact: { contactId: string } }>().contact.contactId;
  }, 60_000);
  afterAll(() => t.app.close());

  const NUL = 'Main\u0000Stage';
  const contact = (name: string) => ({ name, email: 'ops@example.com', severityLevel: ['Critical'] });

  // the seven endpoints of the issue, each of which answered 500 Unknown
  const cases: [string, () => Promise<{ statusCode: number; json: () => unknown }>, string][] = [
    ['POST /venues', () => call(t.app, 'POST', VENUE_PATHS.venues, { venue: { name: NUL } }, token), 'venue.name'],
    [
      'PUT /venues/{venueId}',
      () => call(t.app, 'PUT', fillPath(VENUE_PATHS.venue, { venueId }), { venue: { name: NUL } }, token),
      'venue.name',
    ],
    ['POST /contacts', () => call(t.app, 'POST', CONTACT_PATHS.contacts, contact(NUL), token), 'name'],
    [
      'PUT /contacts/{contactId}',
      () => call(t.app, 'PUT', fillPath(CONTACT_PATHS.contact, { contactId }), contact(NUL), token),
      'name',
    ],
    [
      'POST /auth/sign-in',
      () => call(t.app, 'POST', IDENTITY_PATHS.signIn, { email: 'a\u0000@example.com', password: 'Passw0rd!' }),
      'email',
    ],
    [
      'POST /auth/forgot-password',
      () => call(t.app, 'POST', IDENTITY_PATHS.forgotPassword, { email: 'owner\u0000@example.com' }),
      'email',
    ],
    [
      'POST /devices/register',
      async () =>
        call(
          t.app,
          'POST',
          DEVICE_PATHS.register,
          registrationBody(await registrationToken(t.app, token, venueId), { deviceName: NUL }),
        ),
      'deviceName',
    ],
  ];
  it.each(cases)('%s: NUL answers 400 ValidationError naming the field', async (_, send, field) => {
    const res = await send();
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    expect(res.json()).toMatchObject({ error: 'ValidationError', message: `${field}: contains a NUL character` });
  });

  it('a lone surrogate answers 400 and stores nothing', async () => {
    const res = await call(t.app, 'POST', VENUE_PATHS.venues, { venue: { name: 'Stage \ud800' } }, token);
    expect([res.statusCode, errorOf(res).error]).toEqual([400, 'ValidationError']);
    expect(errorOf(res).message).toMatch(/^venue\.name: .*lone surrogate/);
    const list = await call(t.app, 'GET', VENUE_PATHS.venues, undefined, token);
    expect(list.body).not.toContain('\\ud800');
  });

  it('malformed UTF-8 in a JSON body answers 400 "not valid text" instead of storing U+FFFD', async () => {
    const payload = Buffer.concat([Buffer.from('{"venue":{"name":"Stage '), Buffer.from([0xc3, 0x28]), Buffer.from('"}}')]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${VENUE_PATHS.venues}`,
      payload,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect([res.statusCode, errorOf(res).error]).toEqual([400, 'ValidationError']);
    expect(errorOf(res).message).toMatch(/not valid text/);
  });

  it('NUL in a query, a path parameter or a header answers 400 too', async () => {
    const query = await t.app.inject({ method: 'GET', url: `/api${OUTBOX_PATH}?to=a%00b` });
    expect([query.statusCode, errorOf(query).message]).toEqual([400, 'to: contains a NUL character']);
    const param = await call(t.app, 'DELETE', `/devices/a%00b`, undefined, token);
    expect(param.statusCode).toBe(400);
    const header = await t.app.inject({
      method: 'GET',
      url: `/api${VENUE_PATHS.venues}`,
      headers: { authorization: `Bearer ${token}`, 'x-note': 'a\u0000b' },
    });
    expect([header.statusCode, errorOf(header).message]).toEqual([400, 'header x-note: contains a NUL character']);
  });

  it('a 1 MB string answers 4xx wherever it goes (body, query), never 5xx', async () => {
    const mega = 'a'.repeat(1024 * 1024);
    const body = await call(t.app, 'POST', VENUE_PATHS.venues, { venue: { name: mega } }, token);
    expect(body.statusCode).toBe(413);
    const inBody = await call(t.app, 'POST', IDENTITY_PATHS.signIn, { email: mega.slice(0, 900_000), password: 'x' });
    expect(inBody.statusCode).toBe(400);
    const query = await t.app.inject({ method: 'GET', url: `/api${OUTBOX_PATH}?to=${mega}` });
    expect(query.statusCode).toBeGreaterThanOrEqual(400);
    expect(query.statusCode).toBeLessThan(500);
  });
});

/** A pino destination that keeps every line. */
function capture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter((l) => l !== ''));
      done();
    },
  });
  return { stream, lines };
}

describeEachDatabase('a 500 is logged without SQL, parameters or values', (db) => {
  const EMAIL = 'owner-secret@example.com';
  const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$aGFzaGhhc2hoYXNo';
  let app: FastifyInstance;
  let lines: string[];
  beforeAll(async () => {
    const log = capture();
    lines = log.lines;
    app = Fastify({ logger: { level: 'info', stream: log.stream, redact: LOG_REDACT } });
    registerErrorHandling(app);
    // in an encapsulated scope, as every domain's routes are (app.ts registers each domain in its own)
    await app.register(
      (scope) => {
        scope.get('/uuid', async () => db().execute(sql`select ${EMAIL}::uuid as id`));
        scope.get('/nul', async () => db().execute(sql`select ${EMAIL}::text, ${HASH}::text, ${'a\u0000b'}::text`));
        scope.post('/echo', (request) => ({ got: request.body }));
      },
      { prefix: '/scope' },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['/scope/uuid', '/scope/nul'])('GET %s: 500 Unknown, and the log line names the error only', async (url) => {
    const before = lines.length;
    const res = await app.inject({ method: 'GET', url });
    expect(res.json()).toEqual({ error: 'Unknown', message: 'Internal server error' });
    const logged = lines.slice(before).join('\n');
    expect(logged).toContain('request failed');
    expect(logged).toMatch(/"code":"(22P02|22021|[0-9A-Z]{5})"/); // the SQLSTATE stays: it is what an operator needs
    for (const secret of [EMAIL, HASH, 'select', '$1', 'argon2id']) expect(logged).not.toContain(secret);
  });

  it('the input guard covers a route in an encapsulated scope', async () => {
    const res = await app.inject({ method: 'POST', url: '/scope/echo', payload: { a: ['\u0000'] } });
    expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([400, 'a.0: contains a NUL character']);
  });

  it('the redaction list masks credentials, codes and e-mails in any logged object', () => {
    const before = lines.length;
    app.log.info(
      {
        req: { headers: { authorization: 'Bearer secret-jwt', cookie: 'rt=secret-cookie' } },
        body: { email: EMAIL, password: 'secret-password', code: '123456' },
        refreshToken: 'secret-refresh',
        err: { query: 'select secret-sql', params: ['secret-param'] },
        code: 1008,
      },
      'with secrets',
    );
    const logged = lines.slice(before).join('\n');
    for (const secret of ['secret-', EMAIL, '123456']) expect(logged).not.toContain(secret);
    expect(logged).toContain('"code":1008'); // a close or error code is not a secret
  });

  it('safeError keeps the constraint a message names and drops the values it quotes', () => {
    const pgLike = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      constraint: 'users_email_key',
      detail: `Key (email)=(${EMAIL}) already exists.`,
    });
    const safe = safeError(new Error(`Failed query: insert into users values ($1)\nparams: ${EMAIL}`, { cause: pgLike }));
    const text = JSON.stringify(safe);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('insert');
    expect(text).toContain('users_email_key');
    expect(text).toContain('23505');
    const quoted = safeError(Object.assign(new Error(`invalid input syntax for type uuid: "${EMAIL}"`), { code: '22P02', severity: 'ERROR' }));
    expect(JSON.stringify(quoted)).not.toContain(EMAIL);
  });
});
