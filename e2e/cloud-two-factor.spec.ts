/**
 * Issue 21 in the cloud console: turn two-factor sign-in on with a code generated here from the key the enrolment
 * shows as text (as an authenticator app would from the QR code), sign in with a recovery code once (a second use is
 * refused), sign in with an app code, and sign another device out on the sessions page; axe scans of the screens.
 */
import { expect, test, type Page } from '@playwright/test';
import { IDENTITY_PATHS, TWO_FACTOR_PATHS, type TwoFactorChallenge } from '@rackside/protocol';
import { authenticator } from 'otplib';
import { CLOUD_PASSWORD, CLOUD_URL } from './cloud';
import { createAccount, signIn, uniqueEmail } from './cloud-helpers';
import { seriousViolations } from './helpers';

test.use({ baseURL: CLOUD_URL });

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open the main menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The password step of the sign-in page; ends on the code step. */
async function passwordStep(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(CLOUD_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeVisible();
}

/** Signed in: the console left the sign-in page (for the remembered origin, or /venues). */
async function signedIn(page: Page): Promise<void> {
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Open the main menu' })).toBeVisible();
}

/**
 * The code of the next 30 s step: each app code works once, so a second sign-in needs a later step's code. The cloud
 * accepts the codes of one step either side (an authenticator whose clock runs a little ahead shows this one), so the
 * test does not wait up to 30 s for the step to turn.
 */
const nextStepCode = (secret: string): string =>
  authenticator.clone({ epoch: Date.now() + authenticator.allOptions().step * 1000 }).generate(secret);

test('turn on two-factor, sign in with a recovery code once and with an app code, sign another device out', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('totp');
  await createAccount(request, email);
  await signIn(page, email);

  // enrol: the QR code and the key as text; the code comes from that key
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Two-factor sign-in' }).click();
  await expect(page.getByText(/Two-factor sign-in is off/)).toBeVisible();
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByLabel('Setup key').inputValue()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Authentication code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recovery = await list.getByRole('listitem').allTextContents();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();

  // a recovery code signs in once
  await signOut(page);
  await passwordStep(page, email);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);
  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right. Check it and try again.')).toBeVisible();

  // the app's code (the next one: the enrolment used this step's)
  await page.getByRole('button', { name: 'Use the authenticator app' }).click();
  await page.getByLabel('Authentication code').fill(nextStepCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);

  // another device signs in (with another recovery code), and is signed out from the sessions page
  const headers = { 'user-agent': FIREFOX_LINUX };
  const first = await request.post(`${CLOUD_URL}/api${IDENTITY_PATHS.signIn}`, {
    data: { email, password: CLOUD_PASSWORD },
    headers,
  });
  const { challenge } = (await first.json()) as TwoFactorChallenge;
  const second = await request.post(`${CLOUD_URL}/api${TWO_FACTOR_PATHS.signInCode}`, {
    data: { challenge, code: recovery[1] },
    headers,
  });
  expect(second.status()).toBe(200);
  const { idToken } = (await second.json()) as { idToken: string };
  const me = () =>
    request.get(`${CLOUD_URL}/api${IDENTITY_PATHS.me}`, { headers: { authorization: `Bearer ${idToken}` } });
  expect((await me()).status()).toBe(200);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Signed-in devices' }).click();
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toContainText(/Chrom/);
  expect(await seriousViolations(page)).toEqual([]);
  await devices.getByRole('button', { name: 'Sign out Firefox 133 on Linux' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('No other device is signed in.')).toBeVisible();
  expect((await me()).status()).toBe(401);
  // this device goes on
  await page.reload();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
});
