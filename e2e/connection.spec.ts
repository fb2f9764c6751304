/**
 * An amp dropping off the network while its detail is open (spec 2 §2 amp detail shell), by the emulator's
 * `unplugNetwork` fault. The app's rules (features/amp-detail connection-notices.tsx): the first failure after the amp
 * was connected shows the 'Amplifier connection has closed' snackbar with Reconnect; a second failure in a row (the
 * client retries by itself after 5 s) shows the 'Amplifier Disconnected' dialog, whose Ok returns to the list.
 * The unplug is long (60 s) and ended by clearing the faults, so the flows decide when the network returns.
 */
import { expect, test, type Page } from '@playwright/test';
import { OPEN_AMPS, OPEN_BASE } from './fleet';
import { card, fault, setAmpValue, rememberValues, waitForFleet } from './helpers';

// not the host amp (127.0.7.1): the page and the fleet's discovery come from it
const AMP = OPEN_AMPS.findIndex((a) => a.model === '124D');
const NAME = OPEN_AMPS[AMP]?.name ?? '';
const NAME_URL = '/amp/channels/1/output/name';

async function openAmp(page: Page): Promise<void> {
  await page.goto('/amps');
  await waitForFleet(page, OPEN_AMPS.length);
  await page.getByRole('link', { name: NAME, exact: true }).click();
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Channel 1: / })).toBeVisible();
}

/** The detail shows live data again: a change made on the amp itself shows on the page within a few seconds. */
async function expectLive(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('img', { name: 'Not connected' })).toHaveCount(0);
  await setAmpValue(OPEN_BASE, AMP, NAME_URL, name);
  await expect(page.getByRole('heading', { name: `Channel 1: ${name}`, level: 2 })).toBeVisible({ timeout: 5000 });
}

test.describe('an amp unplugged while open (spec 2 §2)', () => {
  test.afterEach(async () => {
    await fault(OPEN_BASE, AMP);
  });

  test("shows 'Amplifier connection has closed'; Reconnect brings the detail back", async ({ page }) => {
    const saved = await rememberValues(OPEN_BASE, AMP, [NAME_URL]);
    try {
      await openAmp(page);
      await fault(OPEN_BASE, AMP, { type: 'unplugNetwork', seconds: 60 });
      const alert = page.getByRole('alert').filter({ hasText: 'Amplifier connection has closed' });
      await expect(alert).toBeVisible();
      const closedAt = Date.now();
      await expect(page.getByRole('img', { name: 'Not connected' })).toBeVisible();
      // the network returns (faults cleared) while the snackbar still offers Reconnect
      await fault(OPEN_BASE, AMP);
      await alert.getByRole('button', { name: 'Reconnect' }).click();
      await expect(alert).toHaveCount(0);
      await expect(page.getByRole('img', { name: 'Not connected' })).toHaveCount(0);
      // back before the client's own retry (5 s after the failure) could have done it: Reconnect did
      expect(Date.now() - closedAt).toBeLessThan(4000);
      await expect(page.getByRole('dialog', { name: 'Amplifier Disconnected' })).toHaveCount(0);
      await expectLive(page, 'Back Online');
    } finally {
      await saved.restore();
    }
  });

  test("a second failure shows the 'Amplifier Disconnected' dialog; Ok returns to the list", async ({ page }) => {
    const saved = await rememberValues(OPEN_BASE, AMP, [NAME_URL]);
    try {
      await openAmp(page);
      await fault(OPEN_BASE, AMP, { type: 'unplugNetwork', seconds: 60 });
      await expect(page.getByRole('alert').filter({ hasText: 'Amplifier connection has closed' })).toBeVisible();
      // the client's own retry 5 s later fails too
      const dialog = page.getByRole('dialog', { name: 'Amplifier Disconnected' });
      await expect(dialog).toBeVisible({ timeout: 15_000 });
      await expect(dialog).toContainText('You will return to the amp list');
      await dialog.getByRole('button', { name: 'Ok' }).click();
      await expect(page).toHaveURL(/\/amps$/);
      await expect(card(page, NAME)).toContainText('Not connected');
      // once the network is back the client's retry reconnects the card, and the amp opens again
      await fault(OPEN_BASE, AMP);
      await expect(card(page, NAME).getByRole('link', { name: 'Status: OK' })).toBeVisible({ timeout: 15_000 });
      await openAmp(page);
      await expectLive(page, 'Back Again');
    } finally {
      await saved.restore();
    }
  });
});
