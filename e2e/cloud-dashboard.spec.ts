/**
 * spec 1 §2 Dashboard against the real cloud and emulated amps: two amps of a fleet of our own register with a
 * venue through their cloud agents (a registration token and the endpoint on `/cloud`, as a user types them on the
 * amp's connect page), come online over MQTT (the registration reply names the broker, whose port the cloud picks),
 * and a fault injected into one shows on the venue card, the faults tile and the amp table, wide and at 390 px.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startFleet, type Fleet } from '@rackside/amp-sim';
import { CLOUD_URL } from './cloud';
import {
  apiSignIn,
  createAccount,
  createVenueByApi,
  registrationTokenByApi,
  signIn,
  uniqueEmail,
} from './cloud-helpers';
import { HTTP_PORT } from './fleet';
import { seriousViolations } from './helpers';

/** Addresses of our own, away from the shared fleets (RACKSIDE_E2E_BASE, RACKSIDE_E2E_PROTECTED_BASE). */
const FLEET_BASE = process.env.RACKSIDE_E2E_DASHBOARD_BASE ?? '127.0.50.1';
const webRoot = process.env.RACKSIDE_WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist', import.meta.url));
const VENUE = 'Dashboard Hall';

test.use({ baseURL: CLOUD_URL });
test.describe.configure({ mode: 'serial' });

let fleet: Fleet | undefined;
let email = '';
const names: string[] = [];

test.beforeAll(async ({ request }) => {
  fleet = await startFleet({
    amps: 2,
    models: ['704D', '354N'],
    base: FLEET_BASE,
    httpPort: HTTP_PORT,
    faults: [],
    touchPanels: 0,
    webRoot,
  });
  email = uniqueEmail('dash');
  await createAccount(request, email);
  const idToken = await apiSignIn(request, email);
  const venueId = await createVenueByApi(request, idToken, VENUE);
  for (const { amp } of fleet.amps) {
    names.push(String(amp.read('/amp/deviceInfo/deviceName')));
    const registrationToken = await registrationTokenByApi(request, idToken, venueId);
    // what `set /cloud` on the amp's device API does: the cloud agent registers, then connects to the broker
    amp.apply({ cloud: { registrationToken, registrationEndpoint: `${CLOUD_URL}/api` } }, 'client');
  }
});

test.afterAll(async () => {
  await fleet?.close();
});

const ampRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Amps' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name }) });

test('the dashboard shows the amps online, then a fault on the venue card, the faults tile and the table', async ({
  page,
  request,
}) => {
  const [faulty = '', healthy = ''] = names;
  await signIn(page, email);
  const card = page.getByRole('listitem').filter({ hasText: VENUE });
  const dashboard = page.getByRole('region', { name: 'Dashboard' });
  await expect(card).toContainText('2 of 2 amps online', { timeout: 15_000 });
  await expect(dashboard.getByRole('group', { name: 'Amps: 2' })).toBeVisible();
  await expect(dashboard.getByRole('button', { name: 'Offline: 0' })).toBeDisabled();
  for (const name of names) await expect(ampRow(page, name)).toContainText('Online');
  await expect(ampRow(page, faulty).getByRole('link', { name: faulty })).toHaveAttribute(
    'href',
    new RegExp(`^/venues/[^/]+/amps/[^/]+$`),
  );

  const amp = `http://${FLEET_BASE}:${HTTP_PORT}`;
  const injected = await request.post(`${amp}/control/faults`, { data: { type: 'short', channel: 2 } });
  expect(injected.status()).toBe(201);

  // the amp publishes its shadow within a second; the venues screens poll every 10 s
  await expect(card.getByRole('img', { name: 'Fault' })).toBeVisible({ timeout: 20_000 });
  const faults = dashboard.getByRole('button', { name: 'Faults: 1' });
  await expect(faults).toBeEnabled({ timeout: 15_000 });
  await expect(ampRow(page, faulty).locator('[data-log="fault"]')).toContainText(/Channel 2/);
  await expect(ampRow(page, healthy).locator('[data-log="fault"]')).toHaveCount(0);
  await expect(dashboard.getByText('Looking good!')).toHaveCount(0);

  await faults.click();
  await expect(faults).toHaveAttribute('aria-pressed', 'true');
  await expect(ampRow(page, healthy)).toHaveCount(0);
  await expect(ampRow(page, faulty)).toBeVisible();
  await faults.click();
  await expect(ampRow(page, healthy)).toBeVisible();
  // the tiles, the table with a fault in it and the venue cards, in light and dark
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => window.localStorage.setItem('DARK_MODE', 'true'));
  await page.reload();
  await expect(ampRow(page, faulty).locator('[data-log="fault"]')).toContainText(/Channel 2/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => window.localStorage.removeItem('DARK_MODE'));
});

test('at 390 px the dashboard is a tab that shows the fault without widening the page', async ({ page }) => {
  const [faulty = ''] = names;
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, email);
  await page.getByRole('tab', { name: 'Cloud Dashboard' }).click();
  await expect(page).toHaveURL(/\/venues\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Faults: 1' })).toBeEnabled({ timeout: 15_000 });
  await expect(ampRow(page, faulty).locator('[data-log="fault"]')).toContainText(/Channel 2/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
