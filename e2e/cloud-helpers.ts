/** Shared steps of the cloud end-to-end flows (cloud-*.spec.ts). */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { IDENTITY_PATHS, OUTBOX_PATH, OutboxListSchema } from '@rackside/protocol';
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
