/**
 * axe scans of the main screens (issue 4): the amp list, the channel view's Inputs and Crossover tabs, the login page
 * and the preferences, in light and dark mode; no serious or critical violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { OPEN_AMPS, OPEN_BASE, PROTECTED_BASE, ampUrl, nth } from './fleet';
import { ampList, seriousViolations, startInDarkMode, waitForFleet } from './helpers';

// the CDS-508 shows the most: 8 channels, advanced DSP, the digital inputs
const AMP = OPEN_AMPS.findIndex((a) => a.model === 'CDS-508');

/** Waits until the page has the dark (or light) background, so the scan sees the colours the user would. */
async function expectTheme(page: Page, dark: boolean): Promise<void> {
  const brightness = () =>
    page.evaluate(() => {
      const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
      return r + g + b;
    });
  if (dark) await expect.poll(brightness).toBeLessThan(120);
  else await expect.poll(brightness).toBeGreaterThan(600);
}

for (const mode of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${mode} mode`, () => {
    test.beforeEach(async ({ page }) => {
      if (mode === 'dark') await startInDarkMode(page);
    });

    test('the amp list', async ({ page }) => {
      await page.goto('/amps');
      await waitForFleet(page, OPEN_AMPS.length);
      await expectTheme(page, mode === 'dark');
      await expect(ampList(page).getByRole('link', { name: 'Status: OK' }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the channel view, Inputs and Crossover tabs', async ({ page }) => {
      await page.goto(`/amps/${nth(OPEN_BASE, AMP)}/channels/1/inputs`);
      const panel = page.getByRole('tabpanel', { name: 'Inputs' });
      await expect(
        panel
          .getByRole('region', { name: /^Channel 1: / })
          .getByRole('slider')
          .first(),
      ).toBeVisible();
      await expectTheme(page, mode === 'dark');
      expect(await seriousViolations(page), 'Inputs').toEqual([]);

      await page.getByRole('tab', { name: 'Crossover', exact: true }).click();
      const crossover = page.getByRole('tabpanel', { name: 'Crossover' });
      await expect(crossover.getByRole('region', { name: 'Low-pass filter' }).first()).toBeVisible();
      expect(await seriousViolations(page), 'Crossover').toEqual([]);
    });

    test('the login page', async ({ page }) => {
      await page.goto(`${ampUrl(PROTECTED_BASE)}/login`);
      await expect(page.getByRole('button', { name: 'Continue as guest' })).toBeVisible();
      await expectTheme(page, mode === 'dark');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the preferences', async ({ page }) => {
      await page.goto('/preferences');
      await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked({ checked: mode === 'dark' });
      await expectTheme(page, mode === 'dark');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
