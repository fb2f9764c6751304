/** spec 1 §2 in cloud mode: a new user registers, confirms with the mailed code, signs in, adds a venue and an amp's token. */
import { expect, test } from '@playwright/test';
import { CLOUD_URL } from './cloud';
import { signUpInBrowser, uniqueEmail } from './cloud-helpers';

test.use({ baseURL: CLOUD_URL });

test('a new user signs up, confirms, signs in, creates a venue and gets a registration token', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('new');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await signUpInBrowser(page, request, email); // register, the code from the outbox, confirm, sign in
  await expect(page.getByRole('heading', { name: 'No venues yet' })).toBeVisible();

  await page.getByRole('link', { name: 'Add venue' }).click();
  const add = page.getByRole('button', { name: 'Add venue' });
  await expect(add).toBeDisabled();
  await page.getByLabel('Venue name').fill('Main Hall');
  await add.click();
  await expect(page).toHaveURL(/\/venues$/);
  const card = page.getByRole('listitem').filter({ hasText: 'Main Hall' });
  await expect(card).toContainText('0 of 0 amps online');

  await card.getByRole('link', { name: 'Main Hall' }).click();
  await expect(page.getByRole('heading', { name: 'Main Hall', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add Amp' }).click();
  await expect(page.getByLabel('Registration token')).not.toHaveValue('');
  await expect(page.getByRole('img', { name: "The amp's web page with the Connect button" })).toBeVisible();

  // the session survives a reload (rebuilt from the stored tokens with /auth/me)
  await page.reload();
  await expect(page.getByLabel('Registration token')).not.toHaveValue('');
});
