import { expect, test } from '@playwright/test';
import { OPEN_AMPS } from './fleet';
import { ampList, waitForFleet } from './helpers';

test.describe('narrow (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('shows the list or one amp at a time', async ({ page }) => {
    await page.goto('/amps');
    await waitForFleet(page, OPEN_AMPS.length);
    await expect(page.getByRole('heading', { name: 'Select an Amp' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Front Fill', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Front Fill', level: 1 })).toBeVisible();
    await expect(ampList(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to the amp list' }).click();
    await expect(ampList(page)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('wide (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the 400 px list beside the detail', async ({ page }) => {
    await page.goto('/amps');
    await waitForFleet(page, OPEN_AMPS.length);
    await expect(page.getByRole('heading', { name: 'Select an Amp' })).toBeVisible();
    const pane = page.getByRole('region', { name: 'Amps' });
    expect((await pane.boundingBox())?.width).toBe(400);
    await page.getByRole('link', { name: 'Delay Tower', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Delay Tower', level: 1 })).toBeVisible();
    await expect(ampList(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the amp list' })).toHaveCount(0);
  });
});
