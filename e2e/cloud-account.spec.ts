/** spec 1 §2 in cloud mode: a new user registers, confirms with the mailed code, signs in, adds a venue and an amp's token. */
import { expect, test } from '@playwright/test';
import { CLOUD_PASSWORD, CLOUD_URL } from './cloud';
import { outboxCode, uniqueEmail } from './cloud-helpers';

test.use({ baseURL: CLOUD_URL });

test('a new user signs up, confirms, signs in, creates a venue and gets a registration token', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('new');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Register new account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(CLOUD_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(CLOUD_PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm your account' })).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await outboxCode(request, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Account created' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(CLOUD_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/venues$/);
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
