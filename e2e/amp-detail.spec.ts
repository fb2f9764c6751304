import { expect, test } from '@playwright/test';
import { OPEN_AMPS, OPEN_BASE, nth } from './fleet';
import { card, waitForFleet, withDevice } from './helpers';

test('opening an amp subscribes to it and shows its detail', async ({ page }) => {
  await page.goto('/amps');
  await waitForFleet(page, OPEN_AMPS.length);
  await page.getByRole('link', { name: 'Main Right', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/amps/${nth(OPEN_BASE, 1).replaceAll('.', '\\.')}/channels`));
  await expect(page.getByRole('heading', { name: 'Main Right', level: 1 })).toBeVisible();
  await expect(page.getByText(`${nth(OPEN_BASE, 1)} · Connect Series Model 354N`)).toBeVisible();
  const mute = card(page, 'Main Right').getByRole('button', { name: /mute all channels/i });
  await expect(mute).toContainText('0/4');
  // a change made elsewhere arrives through the subscription within a notification period, not the 15 s refresh
  await withDevice(OPEN_BASE, 1, (c) => c.set('/amp/channels/1/output', { mute: true }));
  try {
    await expect(mute).toContainText('1/4', { timeout: 3000 });
  } finally {
    await withDevice(OPEN_BASE, 1, (c) => c.set('/amp/channels/1/output', { mute: false }));
  }
  await expect(mute).toContainText('0/4', { timeout: 3000 });
});

test('an unknown amp says Amplifier Not Found; the menu opens an amp page', async ({ page }) => {
  await page.goto('/amps/10.255.255.1/settings');
  await expect(page.getByRole('heading', { name: 'Amplifier Not Found' })).toBeVisible();
  await page.goto('/amps');
  await waitForFleet(page, OPEN_AMPS.length);
  await card(page, 'Lobby').getByRole('button', { name: 'Amp menu' }).click();
  await page.getByRole('menuitem', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { name: 'Events', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lobby', level: 1 })).toBeVisible();
});
