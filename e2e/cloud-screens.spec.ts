/**
 * Issue 7 "done when": every cloud screen in light and dark, wide (1280 px) and narrow (390 px): no serious axe
 * violation and nothing wider than the screen. Signed out: sign in, register, forgot password; signed in: the
 * venues with the dashboard (or the dashboard tab), a venue's panel, its settings and Add Amp, contacts and a new
 * contact, profile, preferences.
 */
import { expect, test, type Page } from '@playwright/test';
import { CLOUD_URL } from './cloud';
import { apiSignIn, createAccount, createVenueByApi, signIn, uniqueEmail } from './cloud-helpers';
import { seriousViolations } from './helpers';

test.use({ baseURL: CLOUD_URL });

let email = '';
let venueId = '';

test.beforeAll(async ({ request }) => {
  email = uniqueEmail('screens');
  await createAccount(request, email);
  venueId = await createVenueByApi(request, await apiSignIn(request, email), 'Screens Hall');
});

/**
 * Opens a path and waits for its heading (level 1 or 2, by name). Signed in, the console goes there as its own links
 * do (the router follows the history), without loading the whole app again for each screen.
 */
async function check(page: Page, path: string, heading: RegExp, { inApp = false } = {}): Promise<void> {
  if (inApp)
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  else await page.goto(path);
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  expect(await seriousViolations(page), path).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} overflows by ${overflow} px`).toBeLessThanOrEqual(0);
}

for (const dark of [false, true])
  for (const width of [1280, 390])
    test(`${dark ? 'dark' : 'light'}, ${width} px: no serious accessibility violations, nothing wider than the screen`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 800 });
      if (dark) await page.addInitScript(() => window.localStorage.setItem('DARK_MODE', 'true'));
      await check(page, '/login', /^Sign in$/);
      await check(page, '/register', /^Register new account$/);
      await check(page, '/forgot', /^Forgot password$/);
      await signIn(page, email);
      await check(page, '/venues', /^Venues$/);
      const inApp = { inApp: true };
      if (width < 1120) await check(page, '/venues/dashboard', /^Dashboard$/, inApp);
      await check(page, `/venues/${venueId}`, /^Screens Hall$/, inApp);
      await check(page, `/venues/${venueId}/settings`, /^Venue settings$/, inApp);
      await check(page, `/venues/${venueId}/add`, /Add Amp/i, inApp);
      await check(page, '/contacts', /^Contacts$/, inApp);
      await check(page, '/contacts/add', /^Add contact$/, inApp);
      await check(page, '/profile', /^Profile$/, inApp);
      await check(page, '/preferences', /^Preferences$/, inApp);
    });
