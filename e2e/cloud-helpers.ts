/** Shared steps of the cloud end-to-end flows (cloud-*.spec.ts). */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  CloudSessionSchema,
  DEVICE_PATHS,
  fillPath,
  IDENTITY_PATHS,
  OUTBOX_PATH,
  OutboxListSchema,
  RegistrationTokenReplySchema,
  VENUE_PATHS,
  VenueDevicesSchema,
  VenueListSchema,
  VenueReplySchema,
} from '@rackside/protocol';
import { CLOUD_PASSWORD, CLOUD_URL } from './cloud';

const api = (path: string) => `${CLOUD_URL}/api${path}`;

/** An address no other flow (or earlier run against a reused server) has used. */
export const uniqueEmail = (tag: string): string =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The newest code the cloud mailed to `email` (the dev outbox, docs/adr/0003), waiting for it to arrive. */
export async function outboxCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const res = await request.get(api(`${OUTBOX_PATH}?to=${encodeURIComponent(email)}`));
      code = OutboxListSchema.parse(await res.json()).mails[0]?.code ?? null;
      return code;
    })
    .not.toBeNull();
  return code ?? '';
}

/** A confirmed account made through the API (for flows that are not about registering). */
export async function createAccount(request: APIRequestContext, email: string): Promise<void> {
  const body = { email, password: CLOUD_PASSWORD, passwordConfirm: CLOUD_PASSWORD };
  expect((await request.post(api(IDENTITY_PATHS.signUp), { data: body })).ok()).toBe(true);
  const code = await outboxCode(request, email);
  expect((await request.post(api(IDENTITY_PATHS.confirmSignUp), { data: { email, code } })).ok()).toBe(true);
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
  const res = await request.post(api(IDENTITY_PATHS.signIn), { data: { email, password } });
  expect(res.ok()).toBe(true);
  return CloudSessionSchema.parse(await res.json()).idToken;
}

/** A venue made through the API (POST /venues); its id. */
export async function createVenueByApi(request: APIRequestContext, idToken: string, name: string): Promise<string> {
  const res = await request.post(api(VENUE_PATHS.venues), {
    data: { venue: { name } },
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(res.ok()).toBe(true);
  return VenueReplySchema.parse(await res.json()).venue.venueId;
}

/** A single-use registration token for a venue (POST /venues/{id}/devices/registrationToken). */
export async function registrationTokenByApi(
  request: APIRequestContext,
  idToken: string,
  venueId: string,
): Promise<string> {
  const res = await request.post(api(fillPath(DEVICE_PATHS.registrationToken, { venueId })), {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(res.ok()).toBe(true);
  return RegistrationTokenReplySchema.parse(await res.json()).registrationToken;
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
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your account' })).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await outboxCode(request, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Account created' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/venues$/);
}

/** The caller's venues by name (GET /venues). */
export async function venuesByApi(request: APIRequestContext, idToken: string): Promise<Map<string, string>> {
  const res = await request.get(api(VENUE_PATHS.venues), { headers: { authorization: `Bearer ${idToken}` } });
  expect(res.ok()).toBe(true);
  return new Map(VenueListSchema.parse(await res.json()).venues.map((v) => [v.name, v.venueId]));
}

/** The ids of a venue's devices (GET /venues/{id}/devices). */
export async function venueDeviceIdsByApi(
  request: APIRequestContext,
  idToken: string,
  venueId: string,
): Promise<string[]> {
  const res = await request.get(api(fillPath(DEVICE_PATHS.venueDevices, { venueId })), {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(res.ok()).toBe(true);
  return VenueDevicesSchema.parse(await res.json()).devices.map((d) => d.deviceId);
}
