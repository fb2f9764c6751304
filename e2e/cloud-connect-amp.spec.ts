/**
 * spec 1 §4/§5 device-to-cloud registration through the UI, end to end: a new user signs up in the cloud console,
 * takes the registration token Add Amp shows, pastes it on an emulated amp's own (local) Connect to account page,
 * picks the Development region (offered because the amp was started with a development cloud, whose tag its console
 * reads) and connects; the amp comes online in the venue, then moves to a second venue and is removed from the
 * amp menu, each read back through the cloud's API.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startFleet, type Fleet } from '@rackside/amp-sim';
import { CLOUD_URL } from './cloud';
import { apiSignIn, signUpInBrowser, uniqueEmail, venueDeviceIdsByApi, venuesByApi } from './cloud-helpers';
import { HTTP_PORT } from './fleet';

/** Addresses of our own, away from the shared fleets and the dashboard flow's. */
const FLEET_BASE = process.env.RACKSIDE_E2E_CONNECT_BASE ?? '127.0.51.1';
const webRoot = process.env.RACKSIDE_WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist', import.meta.url));
const MAIN = 'Main Hall';
const SIDE = 'Side Stage';

test.use({ baseURL: CLOUD_URL });

let fleet: Fleet | undefined;

test.beforeAll(async () => {
  fleet = await startFleet({
    amps: 1,
    models: ['704D'],
    base: FLEET_BASE,
    httpPort: HTTP_PORT,
    faults: [],
    touchPanels: 0,
    webRoot,
    cloudAgent: true,
    devCloudEndpoint: `${CLOUD_URL}/api/devices/register`,
  });
});

test.afterAll(async () => {
  await fleet?.close();
});

/** Adds a venue on the cloud console's Add venue page. */
async function addVenue(page: Page, name: string): Promise<void> {
  await page.goto('/venues/add');
  await page.getByLabel('Venue name').fill(name);
  await page.getByRole('button', { name: 'Add venue' }).click();
  await expect(page).toHaveURL(/\/venues$/);
  await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
}

const ampCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Amps' }).getByRole('listitem').filter({ hasText: name });

async function openAmpMenuItem(page: Page, name: string, item: string): Promise<void> {
  await ampCard(page, name).getByRole('button', { name: 'Amp menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test("a new user connects an amp from the amp's own Connect page, then moves and removes it", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const amp = fleet?.amps[0]?.amp;
  if (!amp) throw new Error('the fleet did not start');
  const ampName = String(amp.read('/amp/deviceInfo/deviceName'));
  const ampIp = amp.identity.ip;

  // ---- the cloud console: sign up, two venues, Add Amp's token ----
  const email = uniqueEmail('connect');
  await signUpInBrowser(page, request, email);
  await addVenue(page, MAIN);
  await addVenue(page, SIDE);
  const idToken = await apiSignIn(request, email);
  const venues = await venuesByApi(request, idToken);
  const main = venues.get(MAIN) ?? '';
  const side = venues.get(SIDE) ?? '';
  expect(main).not.toBe('');
  expect(side).not.toBe('');

  await page.getByRole('listitem').filter({ hasText: MAIN }).getByRole('link', { name: MAIN }).click();
  await expect(page.getByRole('heading', { name: MAIN, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add Amp' }).click();
  const tokenField = page.getByLabel('Registration token');
  await expect(tokenField).not.toHaveValue('');
  const token = await tokenField.inputValue();

  // ---- the amp's local console (served by the amp): Connect to account, Development region ----
  const local = await context.newPage();
  await local.goto(`http://${ampIp}:${HTTP_PORT}/amps/${ampIp}/connect`);
  await expect(local.getByRole('heading', { name: ampName, level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(local.getByRole('heading', { name: 'Connect to account', level: 2 })).toBeVisible();
  await local.getByRole('textbox', { name: 'Registration token' }).fill(token);
  await local.getByRole('combobox', { name: 'Region' }).click();
  await expect(local.getByRole('option')).toHaveText(['US production', /^China production/, 'Development', 'Test']);
  await local.getByRole('option', { name: 'Development' }).click();
  await local.getByRole('button', { name: 'Connect' }).click();
  const success = local.getByRole('dialog', { name: 'Amp registered' });
  await expect(success).toBeVisible({ timeout: 20_000 });
  expect(amp.state.cloud.registrationEndpoint).toBe(`${CLOUD_URL}/api/devices/register`);
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(success).toBeHidden();
  const deviceId = amp.state.cloud.deviceId;
  expect(deviceId).not.toBe('');
  await local.close();

  // ---- online in the venue within 15 s ----
  await page.goto(`/venues/${main}`);
  await expect(ampCard(page, ampName)).toContainText('Online', { timeout: 15_000 });
  expect(await venueDeviceIdsByApi(request, idToken, main)).toEqual([deviceId]);

  // ---- Move amp to the second venue ----
  await openAmpMenuItem(page, ampName, 'Move amp');
  const move = page.getByRole('dialog', { name: `Move ${ampName}` });
  await move.getByRole('radio', { name: SIDE }).click();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move.getByText(`The amp is moving to ${SIDE}.`, { exact: false })).toBeVisible();
  await move.getByRole('button', { name: 'OK' }).click();
  await expect(move).toBeHidden();
  await expect.poll(() => venueDeviceIdsByApi(request, idToken, side)).toEqual([deviceId]);
  expect(await venueDeviceIdsByApi(request, idToken, main)).toEqual([]);

  // ---- Remove it ----
  await page.goto(`/venues/${side}`);
  await expect(ampCard(page, ampName)).toBeVisible({ timeout: 15_000 });
  await openAmpMenuItem(page, ampName, 'Remove');
  const remove = page.getByRole('dialog', { name: 'Remove amp?' });
  await expect(remove).toContainText(`Remove ${ampName} (${ampIp}) from the cloud?`);
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${ampName} removed`)).toBeVisible();
  await expect.poll(() => venueDeviceIdsByApi(request, idToken, side)).toEqual([]);
  await expect(ampCard(page, ampName)).toHaveCount(0);
});
