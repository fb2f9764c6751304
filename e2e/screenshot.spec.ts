/**
 * The README's screenshot of the amp list (wide), written to docs/screenshots/amp-list.png. Not part of the test
 * run (the fleet's meters make every picture different): `npm run screenshots` takes it.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { OPEN_AMPS, OPEN_BASE } from './fleet';
import { card, fault, waitForFleet } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('amp list, wide', async ({ page }) => {
  await fault(OPEN_BASE, 3, { type: 'warning', channel: 1 });
  try {
    await page.goto('/amps');
    await waitForFleet(page, OPEN_AMPS.length);
    await page.getByRole('link', { name: 'Main Left', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Main Left', level: 1 })).toBeVisible();
    // the channel view beside the list, once it has drawn its tabs and first meters
    await expect(page.getByRole('tab').first()).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(card(page, 'Front Fill').getByRole('link', { name: 'Status: warning' })).toBeVisible({
      timeout: 20_000,
    });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(import.meta.dirname, '../docs/screenshots/amp-list.png') });
  } finally {
    await fault(OPEN_BASE, 3);
  }
});
