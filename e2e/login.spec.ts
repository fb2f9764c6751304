import { expect, test } from '@playwright/test';
import { PASSWORD, PROTECTED_AMPS, PROTECTED_BASE, ampUrl } from './fleet';
import { card, waitForFleet } from './helpers';

test.use({ baseURL: ampUrl(PROTECTED_BASE) });

test('a guest can look; Sign In with the right password enables changes, a wrong one fails', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await expect(signIn).toBeDisabled();

  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await waitForFleet(page, PROTECTED_AMPS.length);
  const mainLeft = card(page, 'Main Left');
  await expect(mainLeft.getByRole('img', { name: 'Password protected' })).toBeVisible();
  await expect(mainLeft.getByRole('button', { name: /^Mute all channels/ })).toBeDisabled();

  await page.getByRole('button', { name: 'Open the main menu' }).click();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login Failed');

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/amps$/);
  const mute = card(page, 'Main Left').getByRole('button', { name: /^Mute all channels/ });
  await expect(mute).toBeEnabled();
  await mute.click();
  // issue 18: muting a live amp from its card asks first, naming it
  await page
    .getByRole('dialog', { name: 'Mute all channels of Main Left?' })
    .getByRole('button', { name: 'Mute all' })
    .click();
  const unmute = card(page, 'Main Left').getByRole('button', { name: /^Unmute all channels/ });
  await expect(unmute).toContainText('4/4');
  await unmute.click();
  await expect(mute).toContainText('0/4');

  // the login is remembered: the root goes to the amps
  await page.goto('/');
  await expect(page).toHaveURL(/\/amps$/);
});
