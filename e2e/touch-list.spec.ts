/**
 * spec 2 §1 / issue 18: touch panels found behind an amp (its /NSTProxy) are listed beside the amps, in Chromium
 * against an emulated fleet of our own whose first amp proxies one CS Touch panel.
 */
import { expect, test } from '@playwright/test';
import { ampUrl } from './fleet';
import { seriousViolations, waitForFleet } from './helpers';
import { useOwnFleet } from './own-fleet';

const BASE = process.env.RACKSIDE_E2E_TOUCH_BASE ?? '127.0.81.1';

useOwnFleet(BASE, ['704D', 'CDS-508'], { touchPanels: 1 });

test('the touch panel behind the first amp is listed below the amps, with its address and the amp it is behind', async ({
  page,
}) => {
  await page.goto(ampUrl(BASE));
  await waitForFleet(page, 2);
  const panels = page.getByRole('list', { name: 'Touch panel' });
  await expect(panels.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  const item = panels.getByRole('listitem').first();
  await expect(item).toContainText('Lobby Touch');
  await expect(item).toContainText('Online');
  await expect(item).toContainText(/127\.0\.2\.1 · .+ · behind Main Left/);
  expect(await seriousViolations(page)).toEqual([]);
});
