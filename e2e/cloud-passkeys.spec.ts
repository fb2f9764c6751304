/**
 * Issue 21 in the cloud console: passkeys with Chromium's virtual authenticator (CDP WebAuthn domain: a CTAP2
 * platform authenticator with resident keys and user verification). Add a passkey on the two-factor page, sign out,
 * sign in with it alone (passwordless); then, with two-factor sign-in on, the password and the passkey instead of a
 * code. Browsers refuse WebAuthn on an IP address, so the page is opened at http://localhost:{port}: the cloud on a
 * loopback PUBLIC_URL is the relying party `localhost` (cloud domains/identity/webauthn.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { IDENTITY_PATHS, TWO_FACTOR_PATHS, type CloudSession, type TwoFactorEnrolment } from '@rackside/protocol';
import { authenticator } from 'otplib';
import { CLOUD_PASSWORD, CLOUD_PORT, CLOUD_URL } from './cloud';
import { createAccount, uniqueEmail } from './cloud-helpers';
import { seriousViolations } from './helpers';

test.use({ baseURL: `http://localhost:${CLOUD_PORT}` });

/** Signed in: the console left the sign-in page (for the remembered origin, or /venues). */
async function signedIn(page: Page): Promise<void> {
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Open the main menu' })).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open the main menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A virtual platform authenticator in this page's browser, as a phone's or laptop's built-in one. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('add a passkey, sign in with it alone, and as the second factor after the password', async ({ page, request }) => {
  const email = uniqueEmail('passkey');
  await createAccount(request, email);
  await addVirtualAuthenticator(page);
  // signed in through the API on the page's own origin: the console starts from the refresh cookie
  const first = await page.request.post(`/api${IDENTITY_PATHS.signIn}`, { data: { email, password: CLOUD_PASSWORD } });
  expect(first.status()).toBe(200);

  // add: a name, the browser's ceremony, the list
  await page.goto('/profile/two-factor');
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Passkey name').fill('E2E laptop');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Passkey added: E2E laptop')).toBeVisible();
  const list = page.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Not used yet');
  expect(await seriousViolations(page)).toEqual([]);

  // passwordless: no e-mail, no password
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await signedIn(page);
  await page.goto('/profile/two-factor');
  await expect(list.getByRole('listitem')).toContainText('Last used');
  await signOut(page);

  // two-factor on (through the API), then the password and the passkey instead of a code
  const apiSignIn = await request.post(`${CLOUD_URL}/api${IDENTITY_PATHS.signIn}`, {
    data: { email, password: CLOUD_PASSWORD, refreshCookie: false },
  });
  const { idToken } = (await apiSignIn.json()) as CloudSession;
  const headers = { authorization: `Bearer ${idToken}` };
  const enrol = await request.post(`${CLOUD_URL}/api${TWO_FACTOR_PATHS.enrol}`, { headers });
  const { secret } = (await enrol.json()) as TwoFactorEnrolment;
  const confirm = await request.post(`${CLOUD_URL}/api${TWO_FACTOR_PATHS.confirm}`, {
    headers,
    data: { code: authenticator.generate(secret) },
  });
  expect(confirm.status()).toBe(200);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(CLOUD_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await signedIn(page);
});
