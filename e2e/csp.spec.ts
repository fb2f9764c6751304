/**
 * Issue 16: the console the cloud serves runs under its enforced Content Security Policy (packages/cloud/src/plugins/
 * headers.ts) with no violation in Chromium: signed out (sign in, register), signed in (venues, a venue, the
 * dashboard, contacts, the firmware update and library pages), and the OpenAPI UI at /api/docs. Every
 * `securitypolicyviolation` event (listened for by an init script, which the policy does not govern) and every
 * console message about the policy fails the test.
 */
import { expect, test, type Page } from '@playwright/test';
import { CLOUD_URL } from './cloud';
import { apiSignIn, createAccount, createVenueByApi, signIn, uniqueEmail } from './cloud-helpers';

test.use({ baseURL: CLOUD_URL });

let email = '';
let venueId = '';

test.beforeAll(async ({ request }) => {
  email = uniqueEmail('csp');
  await createAccount(request, email);
  venueId = await createVenueByApi(request, await apiSignIn(request, email), 'CSP Hall');
});

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Starts collecting the policy's violations of every page the test opens. */
async function watch(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    // (the console runs zod jitless, packages/web/src/app/zod-config.ts: not even zod's eval probe may show here)
    const text = message.text();
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)|unsafe-eval/i.test(text))
      consoleErrors.push(`console: ${text}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return async () => {
    return [...((await page.evaluate(() => window.__cspViolations)) ?? []), ...consoleErrors];
  };
}

/** Opens a path, waits for its heading, and returns the violations seen on it so far. */
async function visit(page: Page, path: string, heading: RegExp, violations: () => Promise<string[]>) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  // lazy chunks, fonts and the relay's requests of the page have had their turn
  await page.waitForLoadState('networkidle');
  expect(await violations(), path).toEqual([]);
}

test('the console runs under the enforced policy with no violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watch(page);
  const res = await page.goto('/login');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(res?.headers()['x-content-type-options']).toBe('nosniff');

  await visit(page, '/login', /^Sign in$/, violations);
  await visit(page, '/register', /^Register new account$/, violations);
  await signIn(page, email);
  expect(await violations(), 'sign in').toEqual([]);
  await visit(page, '/venues', /^Venues$/, violations);
  // the dashboard is a tab of its own on a narrow screen (beside the venue list on a wide one)
  await page.setViewportSize({ width: 390, height: 800 });
  await visit(page, '/venues/dashboard', /^Dashboard$/, violations);
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, `/venues/${venueId}`, /^CSP Hall$/, violations);
  await visit(page, '/contacts', /^Contacts$/, violations);
  await visit(page, '/update', /^Firmware update$/, violations);
  await visit(page, '/firmware', /^Firmware library$/, violations);
  await visit(page, '/preferences', /^Preferences$/, violations);
});

test('the OpenAPI UI runs under the same policy', async ({ page }) => {
  const violations = await watch(page);
  await page.goto('/api/docs');
  await expect(page.getByText('Rackside cloud API').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});
