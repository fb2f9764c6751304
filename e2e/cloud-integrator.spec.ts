/**
 * Issue 21 integrator access in the cloud console, against the real cloud: an owner (set up through the API: a venue
 * with an amp online, an empty one) grants an integrator organisation technician on the amp's venue; the integrator's
 * technician picks the owner's organisation in the drawer (marked as integrator access), sees only that venue, and
 * opens the amp remotely through the relay; the owner revokes the grant on the Members page (after a confirmation);
 * the technician's amp page shows the connection closed within a second or two.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ORG_PATHS, OUTBOX_PATH, OutboxListSchema } from '@rackside/protocol';
import { CLOUD_URL } from './cloud';
import {
  apiSignIn,
  createAccount,
  createVenueByApi,
  registrationTokenByApi,
  signIn,
  uniqueEmail,
  venueDeviceIdsByApi,
} from './cloud-helpers';
import { useOwnFleet } from './own-fleet';

/** Addresses of our own, away from the shared fleets and the other cloud flows'. */
const FLEET_BASE = process.env.RACKSIDE_E2E_INTEGRATOR_BASE ?? '127.0.88.1';

test.use({ baseURL: CLOUD_URL, colorScheme: 'light' });

const own = useOwnFleet(FLEET_BASE, ['704D'], { cloudAgent: true });

/** One JSON call to the cloud API with a bearer. */
async function api(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`${CLOUD_URL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as unknown;
}

/** The invitation token of the newest invitation mail to `email` (the dev outbox). */
async function invitationToken(request: APIRequestContext, email: string): Promise<string> {
  let token = '';
  await expect
    .poll(async () => {
      const res = await request.get(`${CLOUD_URL}/api${OUTBOX_PATH}`, { params: { to: email } });
      const mail = OutboxListSchema.parse(await res.json()).mails.find((m) => m.text.includes('/invitation?token='));
      token = mail?.code ?? '';
      return token;
    })
    .not.toBe('');
  return token;
}

test('integrator access: granted on one venue, the amp opened remotely, revoked by the owner, the relay closed', async ({
  page,
  browser,
  request,
}) => {
  // set-up through the API: the owner, its venues and amp; the integrator and its technician
  const owner = uniqueEmail('owner');
  const integrator = uniqueEmail('integrator');
  const technician = uniqueEmail('technician');
  await Promise.all([
    createAccount(request, owner),
    createAccount(request, integrator),
    createAccount(request, technician),
  ]);
  const [ownerToken, integratorToken, technicianToken] = await Promise.all([
    apiSignIn(request, owner),
    apiSignIn(request, integrator),
    apiSignIn(request, technician),
  ]);
  const hallId = await createVenueByApi(request, ownerToken, 'Main Hall');
  await createVenueByApi(request, ownerToken, 'Side Stage');
  const amp = own.fleet()?.amps[0]?.amp;
  if (!amp) throw new Error('no amp');
  const ampName = String(amp.read('/amp/deviceInfo/deviceName'));
  const registrationToken = await registrationTokenByApi(request, ownerToken, hallId);
  amp.apply({ cloud: { registrationToken, registrationEndpoint: `${CLOUD_URL}/api` } }, 'client');
  await expect.poll(async () => (await venueDeviceIdsByApi(request, ownerToken, hallId)).length).toBe(1);
  await api(request, integratorToken, 'POST', ORG_PATHS.invitations, { email: technician, role: 'technician' });
  await api(request, technicianToken, 'POST', ORG_PATHS.accept, { token: await invitationToken(request, technician) });
  const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  await api(request, ownerToken, 'POST', ORG_PATHS.grants, {
    integrator,
    role: 'technician',
    venueIds: [hallId],
    expiresAt,
  });

  // at once: the technician opens the amp through the owner's organisation (marked as integrator access in the
  // drawer); the owner signs in elsewhere and opens the Members page
  const context = await browser.newContext({ baseURL: CLOUD_URL, colorScheme: 'light' });
  const ownerPage = await context.newPage();
  const escaped = owner.replace(/[.+]/g, '\\$&');
  const technicianSide = async () => {
    await signIn(page, technician);
    await page.getByRole('button', { name: 'Open the main menu' }).click();
    await page.getByRole('combobox', { name: 'Organisation' }).click();
    await page
      .getByRole('option', { name: new RegExp(`^${escaped}'s organisation \\(technician, integrator access until `) })
      .click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Main Hall' })).toBeVisible();
    await expect(page.getByText('Side Stage')).toHaveCount(0);
    await expect(page.getByText(/You are technician in .* through integrator access until/)).toBeVisible();
    await page.getByRole('listitem').filter({ hasText: 'Main Hall' }).getByRole('link', { name: 'Main Hall' }).click();
    const card = page.getByRole('list', { name: 'Amps' }).getByRole('listitem').filter({ hasText: ampName });
    await expect(card).toContainText('Online', { timeout: 15_000 });
    await card.getByRole('link', { name: ampName, exact: true }).click();
    await expect(page.getByRole('heading', { name: ampName, level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('tab', { name: 'Inputs' })).toBeVisible();
  };
  const ownerSide = async () => {
    await signIn(ownerPage, owner);
    await ownerPage.getByRole('button', { name: 'Open the main menu' }).click();
    await ownerPage.getByRole('link', { name: 'Members' }).click();
    const listed = ownerPage.getByRole('list', { name: 'Integrator access' });
    await expect(listed).toContainText(integrator);
    await expect(listed).toContainText('technician on Main Hall');
  };
  await Promise.all([technicianSide(), ownerSide()]);

  // the owner revokes, after confirming
  const grants = ownerPage.getByRole('list', { name: 'Integrator access' });
  await grants.getByRole('button', { name: /Revoke the access of/ }).click();
  const dialog = ownerPage.getByRole('dialog', { name: /Revoke the access of/ });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(ownerPage.getByText(/The access of .* was revoked/)).toBeVisible();
  const revokedAt = Date.now();

  // the technician's amp page: the relay closed at once
  await expect(page.getByRole('dialog', { name: 'Amplifier Disconnected' })).toBeVisible({ timeout: 2_000 });
  expect(Date.now() - revokedAt).toBeLessThan(2_000);
  await expect(ownerPage.getByText('No integrator has access.')).toBeVisible();
  await context.close();
});
