/** spec 1 §2/§8 in cloud mode: the session across tabs, the mapped sign-in error, the three languages. */
import { expect, test } from '@playwright/test';
import { CLOUD_URL } from './cloud';
import { createAccount, signIn, uniqueEmail } from './cloud-helpers';

test.use({ baseURL: CLOUD_URL });

test('logout in one tab logs out the other', async ({ context, page, request }) => {
  const email = uniqueEmail('tabs');
  await createAccount(request, email);
  await signIn(page, email);
  const other = await context.newPage();
  await other.goto('/venues');
  await expect(other.getByRole('heading', { name: 'Venues', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Open the main menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // the other tab was told (BroadcastChannel) at once, not at its next venue poll (10 s), and its guard sends it to
  // the sign-in page
  await expect(other).toHaveURL(/\/login$/, { timeout: 3000 });
  await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // the session is over at the cloud too: a reload does not bring the user back
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
});

test('a wrong password shows the mapped message in the authentication error dialog; Ok resets', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('wrong');
  await createAccount(request, email);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password1!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Authentication error' });
  await expect(dialog).toContainText('Incorrect email or password.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);
});

test('the sign-in page speaks English, Spanish and Chinese', async ({ page }) => {
  const titles = { en: 'Sign in', es: 'Iniciar sesión', zh: '登录' } as const;
  for (const [language, title] of Object.entries(titles)) {
    await page.addInitScript((lang) => window.localStorage.setItem('LANGUAGE', lang), language);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
  }
});

test('an unsigned visitor is sent to /login and brought back to where they were going', async ({ page, request }) => {
  const email = uniqueEmail('origin');
  await createAccount(request, email);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Rackside1!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});
