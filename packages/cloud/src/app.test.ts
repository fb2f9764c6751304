import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDENTITY_PATHS } from '@rackside/protocol';
import { afterAll, afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import type { Domain } from './domain';
import { identityDomain } from './domains/identity/index';
import { currentUser } from './plugins/auth';
import { buildTestApp, type TestApp } from './test/app';
import { describeEachDatabase } from './test/db';
import { call, createSignedInUser, errorOf, PASSWORD, signUp } from './test/factories';

/** A domain as the venue/device/contact engineers write theirs: a plugin that gets the shared services. */
const probeDomain: Domain = {
  name: 'probe',
  routes: (app, ctx) => {
    app.addHook('onRequest', app.authenticateVerified);
    const reply = z.object({ email: z.string(), at: z.string() });
    app.get('/probe', { config: { permission: 'venue.read' }, schema: { response: { 200: reply } } }, (request) => ({
      email: currentUser(request).email,
      at: ctx.clock.now().toISOString(),
    }));
  },
};

const webRoot = mkdtempSync(join(tmpdir(), 'rackside-web-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><head></head><title>Rackside</title>');
writeFileSync(join(webRoot, 'app.js'), 'console.log(1)');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describeEachDatabase('app', (db) => {
  let t: TestApp;
  afterEach(() => t.app.close());

  it('serves the OpenAPI document generated from the zod contracts, and its UI', async () => {
    t = await buildTestApp(db());
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json<{
      servers: { url: string }[];
      paths: Record<string, Record<string, { security?: unknown; tags?: string[] }>>;
    }>();
    expect(spec.servers[0]?.url).toBe('http://cloud.test/api');
    for (const path of Object.values(IDENTITY_PATHS)) expect(Object.keys(spec.paths)).toContain(path);
    expect(spec.paths[IDENTITY_PATHS.changePassword]?.post?.security).toEqual([{ bearer: [] }]);
    expect(spec.paths[IDENTITY_PATHS.signIn]?.post?.tags).toEqual(['identity']);
    // spec 1 §7: every row of the REST table, with the method it names.
    const rows = [
      ['get', '/venues'],
      ['post', '/venues'],
      ['put', '/venues/{venueId}'],
      ['delete', '/venues/{venueId}'],
      ['get', '/venues/{venueId}/devices'],
      ['post', '/venues/{venueId}/devices/attributes'],
      ['post', '/venues/{venueId}/devices/registrationToken'],
      ['delete', '/devices/{deviceId}'],
      ['put', '/devices/{deviceId}/relocate'],
      ['post', '/venues/{venueId}/devices/firmware'],
      ['post', '/devices/{deviceId}/firmware'],
      ['get', '/contacts'],
      ['get', '/contacts/{contactId}/email_enabled'],
      ['post', '/contacts'],
      ['put', '/contacts/{contactId}'],
      ['delete', '/contacts/{contactId}'],
      ['get', '/venues/{venueId}/contacts'],
      ['post', '/venues/{venueId}/contacts/{contactId}'],
      ['delete', '/venues/{venueId}/contacts/{contactId}'],
      ['post', '/devices/register'],
      ['get', '/contacts/confirm'],
    ] as const;
    for (const [method, path] of rows) expect(spec.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(spec.paths['/venues']?.get?.security).toEqual([{ bearer: [] }]);
    expect(spec.paths['/devices/register']?.post?.security).toBeUndefined();
    expect(spec.paths['/venues/{venueId}/devices/attributes']?.post?.tags).toEqual(['devices']);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect([ui.statusCode, ui.headers['content-type']]).toEqual([200, expect.stringContaining('text/html')]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      ok: true,
      service: 'rackside-cloud',
      china: false,
      dev: true,
    });
  });

  it('mounts extra domains under the prefix with the shared services and the auth hooks', async () => {
    t = await buildTestApp(db(), { domains: [identityDomain, probeDomain] });
    expect((await call(t.app, 'GET', '/probe')).statusCode).toBe(401);
    const { email, token } = await createSignedInUser(t.app, t.mailer);
    const ok = await call(t.app, 'GET', '/probe', undefined, token);
    expect(ok.json()).toEqual({ email, at: t.clock.now().toISOString() });

    // spec 1 §6: an unverified email may not act on the other domains.
    await call(
      t.app,
      'POST',
      IDENTITY_PATHS.updateEmail,
      { email: `x${email}`, verifyEmail: `x${email}`, password: PASSWORD },
      token,
    );
    const unverified = await call(t.app, 'GET', '/probe', undefined, token);
    expect([unverified.statusCode, errorOf(unverified).error]).toEqual([403, 'EmailNotVerified']);
  });

  it('mounts at the root with API_PREFIX empty', async () => {
    t = await buildTestApp(db(), { config: { API_PREFIX: '' } });
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${IDENTITY_PATHS.me}` })).statusCode).toBe(401);
  });

  it('shows the outbox outside production only', async () => {
    t = await buildTestApp(db());
    const { email } = await signUp(t.app);
    const list = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
    expect(list.json<{ mails: { code: string }[] }>().mails[0]?.code).toMatch(/^\d{6}$/);
    await t.app.close();
    t = await buildTestApp(db(), { config: { NODE_ENV: 'production' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
  });

  it('serves the web app at / with client-side routes falling back to index.html', async () => {
    t = await buildTestApp(db(), { config: { WEB_ROOT: webRoot } });
    const tagged =
      '<!doctype html><head><meta name="rackside-hosting" content="cloud"><meta name="rackside-api" content="/api">' +
      '</head><title>Rackside</title>';
    for (const url of ['/', '/index.html', '/venues', '/venues/42/settings', '/login?next=%2Fcontacts']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect([res.statusCode, res.body], url).toEqual([200, tagged]);
      expect(res.headers['content-type'], url).toContain('text/html');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect([asset.statusCode, asset.body]).toEqual([200, 'console.log(1)']);
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect([api.statusCode, errorOf(api).error]).toEqual([404, 'NotFound']);
    expect((await t.app.inject({ method: 'GET', url: '/api/venues' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/venues' })).statusCode).toBe(404);
  });

  it('tells the console it is the China cloud, in index.html and at /api/health', async () => {
    t = await buildTestApp(db(), { config: { WEB_ROOT: webRoot, CHINA_CLOUD: 'true' } });
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.body).toContain('<meta name="rackside-hosting" content="cloud-china">');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ china: true });
  });
});
