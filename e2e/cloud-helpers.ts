/**
 * Shared steps of the cloud end-to-end flows (cloud-*.spec.ts). The REST calls go through the cloud's own client
 * (`@rackside/cloud/demo`, what the demo seed drives) over the test's request context, so they show in its trace.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { cloudClient, type CloudClient, type CloudFetch } from '@rackside/cloud/demo';
import { CLOUD_PASSWORD, CLOUD_URL } from './cloud';

/** The cloud client over Playwright's request context; `idToken` signs its calls. */
function client(request: APIRequestContext, idToken?: string): CloudClient {
  const viaRequest: CloudFetch = async (url, init) => {
    const res = await request.fetch(url, { method: init.method, headers: init.headers, data: init.body });
    return { ok: res.ok(), status: res.status(), json: () => res.json() as Promise<unknown> };
  };
  const api = cloudClient(`${CLOUD_URL}/api`, { fetch: viaRequest });
  api.token = idToken;
  return api;
}

/** An address no other flow (or earlier run against a reused server) has used. */
export const uniqueEmail = (tag: string): string =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The newest code the cloud mailed to `email` (the dev outbox, docs/adr/0003), waiting for it to arrive. */
export async function outboxCode(request: APIRequestContext, email: string): Promise<string> {
  const api = client(request);
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = await api.outboxCode(email);
      return code ?? null;
    })
    .not.toBeNull();
  return code ?? '';
}

/** A confirmed account made through the API (for flows that are not about registering). */
export async function createAccount(request: APIRequestContext, email: string): Promise<void> {
  const api = client(request);
  await api.signUp(email, CLOUD_PASSWORD);
  await api.confirmSignUp(email, await outboxCode(request, email));
}

/** Signs in on the cloud sign-in page and waits for the venues. */
export async function signIn(page: Page, email: string, password = CLOUD_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/venues$/);
}

/** Signs in through the API: the id token that authorizes the REST calls (`authorization: Bearer`). */
export async function apiSignIn(request: APIRequestContext, email: string, password = CLOUD_PASSWORD): Promise<string> {
  return client(request).signIn(email, password);
}

/** A venue made through the API (POST /venues); its id. */
export async function createVenueByApi(request: APIRequestContext, idToken: string, name: string): Promise<string> {
  return (await client(request, idToken).createVenue(name)).venueId;
}

/** A single-use registration token for a venue (POST /venues/{id}/devices/registrationToken). */
export async function registrationTokenByApi(
  request: APIRequestContext,
  idToken: string,
  venueId: string,
): Promise<string> {
  return client(request, idToken).registrationToken(venueId);
}

/** Registers `email` in the cloud console (Register, the mailed code, Confirm) and signs in; ends on /venues. */
export async function signUpInBrowser(
  page: Page,
  request: APIRequestContext,
  email: string,
  password = CLOUD_PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Register new account' }).click();
  // the sign-in page (which has an Email field too) stays until the register route has loaded
  await expect(page.getByRole('heading', { name: 'Register new account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your account' })).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await outboxCode(request, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Account created' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/venues$/);
}

/** The caller's venues by name (GET /venues). */
export async function venuesByApi(request: APIRequestContext, idToken: string): Promise<Map<string, string>> {
  return new Map((await client(request, idToken).venues()).map((v) => [v.name, v.venueId]));
}

/** The ids of a venue's devices (GET /venues/{id}/devices). */
export async function venueDeviceIdsByApi(
  request: APIRequestContext,
  idToken: string,
  venueId: string,
): Promise<string[]> {
  return (await client(request, idToken).venueDevices(venueId)).map((d) => d.deviceId);
}
