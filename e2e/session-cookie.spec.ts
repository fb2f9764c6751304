/**
 * issue 16 Sessions: the refresh token lives in an HttpOnly cookie on the refresh path, the id and access tokens in
 * memory. A script in the page (what an XSS hole would run) finds no token in storage and cannot see the cookie; a
 * reload signs in again silently through the cookie; sign-out clears it, so a reload after it stays signed out.
 */
import { expect, test } from '@playwright/test';
import { REFRESH_COOKIE } from '@rackside/protocol';
import { CLOUD_URL } from './cloud';
import { createAccount, signIn, uniqueEmail } from './cloud-helpers';

test.use({ baseURL: CLOUD_URL });

test('the refresh token is out of the reach of scripts, a reload stays signed in, sign-out ends it', async ({
  context,
  page,
  request,
}) => {
  const email = uniqueEmail('cookie');
  await createAccount(request, email);
  await signIn(page, email);

  // what a script in the page can read: no token in either storage, no refresh cookie in document.cookie
  const readable = await page.evaluate(() => ({
    local: JSON.stringify({ ...window.localStorage }),
    session: JSON.stringify({ ...window.sessionStorage }),
    cookie: document.cookie,
  }));
  for (const text of [readable.local, readable.session]) expect(text).not.toMatch(/token|eyJ/i);
  expect(readable.cookie).not.toContain(REFRESH_COOKIE);
  // …while the browser does hold it, HttpOnly, SameSite=Strict, for the refresh endpoint only
  const cookie = (await context.cookies()).find((c) => c.name === REFRESH_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/refresh' });

  // a reload keeps nothing in memory: it signs in again through the cookie
  await page.reload();
  await expect(page).toHaveURL(/\/venues$/);
  await expect(page.getByRole('heading', { name: 'Venues', level: 1 })).toBeVisible();
  // and so does a second tab, with the first still signed in
  const other = await context.newPage();
  await other.goto('/venues');
  await expect(other.getByRole('heading', { name: 'Venues', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Venues', level: 1 })).toBeVisible();
  await other.close();

  await page.getByRole('button', { name: 'Open the main menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === REFRESH_COOKIE)).toBe(false);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
});
