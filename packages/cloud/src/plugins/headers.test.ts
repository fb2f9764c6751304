import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDENTITY_PATHS } from '@rackside/protocol';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { useTestDb } from '../test/db';

/** issue 16: security headers on every reply (docs/security.md). */
const webRoot = mkdtempSync(join(tmpdir(), 'rackside-web-headers-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><head></head><title>Rackside</title>');
writeFileSync(join(webRoot, 'app.js'), 'console.log(1)');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

/** The CSP as directive → sources. */
const policy = (header: unknown): Map<string, string[]> =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name = '', ...sources]) => [name, sources]),
  );

describe('security headers', () => {
  const db = useTestDb();
  let t: TestApp;
  afterEach(() => t.app.close());

  it('are on the console, the API, the 404s and the error replies', async () => {
    t = await buildTestApp(db(), { config: { WEB_ROOT: webRoot } });
    const replies = {
      console: await t.app.inject({ method: 'GET', url: '/' }),
      clientRoute: await t.app.inject({ method: 'GET', url: '/venues/42' }),
      asset: await t.app.inject({ method: 'GET', url: '/app.js' }),
      health: await t.app.inject({ method: 'GET', url: '/api/health' }),
      validationError: await t.app.inject({
        method: 'POST',
        url: `/api${IDENTITY_PATHS.signIn}`,
        payload: '[]',
        headers: { 'content-type': 'application/json' },
      }),
      unauthorized: await t.app.inject({ method: 'GET', url: '/api/venues' }),
      notFound: await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
    };
    expect(Object.values(replies).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 400, 401, 404]);
    for (const [name, res] of Object.entries(replies)) {
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['referrer-policy'], name).toBe('no-referrer');
      expect(res.headers['x-frame-options'], name).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy'], name).toBe('same-origin');
      // PUBLIC_URL is http: no HSTS (a browser would pin https on a host that has none)
      expect(res.headers['strict-transport-security'], name).toBeUndefined();
      const csp = policy(res.headers['content-security-policy']);
      expect(csp.get('default-src'), name).toEqual(["'self'"]);
      expect(csp.get('script-src'), name).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), name).toEqual(["'none'"]);
      expect(csp.get('object-src'), name).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), name).toEqual(["'none'"]);
      expect(csp.get('base-uri'), name).toEqual(["'self'"]);
      // the relay's WebSocket on the cloud's own origin
      expect(csp.get('connect-src'), name).toEqual(["'self'", 'ws://cloud.test']);
      expect(csp.has('upgrade-insecure-requests'), name).toBe(false);
    }
  });

  it('add HSTS and upgrade-insecure-requests when the cloud is served over https', async () => {
    t = await buildTestApp(db(), { config: { PUBLIC_URL: 'https://cloud.example.com' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = policy(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://cloud.example.com']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it('keep the OpenAPI UI working under the same policy: its scripts and styles are its own files', async () => {
    t = await buildTestApp(db());
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    const html =
      ui.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: `/api/docs/${String(ui.headers.location)}` })
        : ui;
    expect(html.statusCode).toBe(200);
    expect(policy(html.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    // no inline <script> body and no inline event handler: only <script src=…>
    expect(html.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    expect(html.body).not.toMatch(/\son[a-z]+=/i);
  });
});
