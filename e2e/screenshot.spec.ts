/**
 * The README's screenshots, written to docs/screenshots/: the amp list (with an amp open beside it) and the channel
 * view, wide (1280x800) in light and dark mode, and the channel view on a phone (375 px); the cloud console's venues
 * and dashboard, light and dark, with amps of a fleet of our own registered through their cloud agents. Not part of
 * the test run (the fleet's meters make every picture different): `npm run screenshots` takes them.
 */
import { join } from 'node:path';
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
import { HTTP_PORT, OPEN_AMPS, OPEN_BASE, nth } from './fleet';
import { card, fault, rememberValues, setAmpValue, startInDarkMode, waitForFleet } from './helpers';

const dir = join(import.meta.dirname, '../docs/screenshots');
const WARNING_AMP = OPEN_AMPS.findIndex((a) => a.model === '124D');
const CHANNEL_AMP = OPEN_AMPS.findIndex((a) => a.model === 'CDS-508');

/** A crossover worth looking at on the CDS-508's first two channels: 80 Hz high-pass, 12 kHz low-pass, some gain. */
const CROSSOVER: Record<string, unknown> = {};
for (const n of [1, 2]) {
  const x = `/amp/channels/${n}/crossover`;
  Object.assign(CROSSOVER, {
    [`${x}/highPassFilter/enable`]: true,
    [`${x}/highPassFilter/frequency`]: n === 1 ? 80 : 120,
    [`${x}/lowPassFilter/enable`]: true,
    [`${x}/lowPassFilter/frequency`]: n === 1 ? 12000 : 8000,
    [`${x}/bandGainAndDelay/gain`]: n === 1 ? 2.5 : -1.5,
    [`${x}/bandGainAndDelay/delay`]: n === 1 ? 4.2 : 0,
  });
}

/** Waits until the page is still: live meters drawn, no ripple or transition left, the pointer out of the way. */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
    .toBe(0);
}

async function shoot(page: Page, name: string): Promise<void> {
  await settle(page);
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** The amp list with Main Left open beside it, and one card in warning. */
async function ampList(page: Page, name: string): Promise<void> {
  await fault(OPEN_BASE, WARNING_AMP, { type: 'warning', channel: 1 });
  try {
    await page.goto('/amps');
    await waitForFleet(page, OPEN_AMPS.length);
    await page.getByRole('link', { name: 'Main Left', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Main Left', level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /^Channel 1: / })
        .getByRole('meter')
        .first(),
    ).toBeVisible();
    // amps not open in detail refresh their summary every 15 s (spec 2 §4)
    await expect(
      card(page, OPEN_AMPS[WARNING_AMP]?.name ?? '').getByRole('link', { name: 'Status: warning' }),
    ).toBeVisible({ timeout: 20_000 });
    await shoot(page, name);
  } finally {
    await fault(OPEN_BASE, WARNING_AMP);
  }
}

/** The CDS-508's Crossover tab, its response drawn. */
async function channelView(page: Page, name: string): Promise<void> {
  const saved = await rememberValues(OPEN_BASE, CHANNEL_AMP, Object.keys(CROSSOVER));
  try {
    for (const [url, value] of Object.entries(CROSSOVER)) await setAmpValue(OPEN_BASE, CHANNEL_AMP, url, value);
    await page.goto(`/amps/${nth(OPEN_BASE, CHANNEL_AMP)}/channels/1/crossover`);
    const panel = page.getByRole('tabpanel', { name: 'Crossover' });
    const first = panel.getByRole('region', { name: /^Channel 1: / });
    await expect(first.getByRole('region', { name: 'High-pass filter' }).getByRole('switch')).toBeChecked();
    await expect(first.getByRole('button', { name: 'Edit Gain' })).toHaveText('2.5 dB');
    await shoot(page, name);
  } finally {
    await saved.restore();
  }
}

test.describe('wide, light', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('amp list', ({ page }) => ampList(page, 'amp-list'));
  test('channel view', ({ page }) => channelView(page, 'channel-view'));
});

test.describe('wide, dark', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.beforeEach(({ page }) => startInDarkMode(page));
  test('amp list', ({ page }) => ampList(page, 'amp-list-dark'));
  test('channel view', ({ page }) => channelView(page, 'channel-view-dark'));
});

test.describe('narrow (375 px), light', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('channel view', ({ page }) => channelView(page, 'channel-view-narrow'));
});

/** The cloud console: two venues, four amps registered through their cloud agents, one amp with a short. */
test.describe('cloud console, wide', () => {
  test.use({ baseURL: CLOUD_URL, viewport: { width: 1280, height: 800 } });
  test.describe.configure({ mode: 'serial' });
  const base = process.env.RACKSIDE_E2E_SCREENSHOT_BASE ?? '127.0.52.1';
  let fleet: Fleet | undefined;
  let email = '';

  test.beforeAll(async ({ request }) => {
    fleet = await startFleet({
      amps: 4,
      models: ['704D', '354N', '1504', 'CDS-508'],
      base,
      httpPort: HTTP_PORT,
      faults: [],
      touchPanels: 0,
      webRoot: process.env.RACKSIDE_WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist', import.meta.url)),
    });
    email = uniqueEmail('shots');
    await createAccount(request, email);
    const idToken = await apiSignIn(request, email);
    const venues = [
      await createVenueByApi(request, idToken, 'Main Hall'),
      await createVenueByApi(request, idToken, 'Studio B'),
    ];
    for (const [i, { amp }] of fleet.amps.entries()) {
      const registrationToken = await registrationTokenByApi(request, idToken, venues[i < 3 ? 0 : 1] ?? '');
      amp.apply({ cloud: { registrationToken, registrationEndpoint: `${CLOUD_URL}/api` } }, 'client');
    }
    const first = fleet.amps[0];
    if (first)
      await fetch(`http://${first.amp.identity.ip}:${HTTP_PORT}/control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'short', channel: 2 }),
      });
  });
  test.afterAll(async () => {
    await fleet?.close();
  });

  async function venues(page: Page, name: string): Promise<void> {
    await signIn(page, email);
    const dashboard = page.getByRole('region', { name: 'Dashboard' });
    await expect(page.getByRole('listitem').filter({ hasText: 'Main Hall' })).toContainText('3 of 3 amps online', {
      timeout: 20_000,
    });
    await expect(dashboard.getByRole('button', { name: 'Faults: 1' })).toBeVisible({ timeout: 20_000 });
    await shoot(page, name);
  }
  test('venues and dashboard', ({ page }) => venues(page, 'cloud-dashboard'));
  test('venues and dashboard, dark', async ({ page }) => {
    await startInDarkMode(page);
    await venues(page, 'cloud-dashboard-dark');
  });
});
