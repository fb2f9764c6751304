/**
 * Issue 21 organisations and roles in the cloud console, against the real cloud: the owner invites a viewer from the
 * Members page; the viewer opens the e-mailed link (the dev outbox) signed out, registers with the invited address,
 * comes back to the invitation and joins; the console switches to the owner's organisation and shows its venue, the
 * role, and the actions a viewer may not take disabled with the reason (the API answers 403 for them too); the
 * organisation switcher in the drawer goes back to the viewer's own organisation.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { startFleet, type Fleet } from '@rackside/amp-sim';
import { DEVICE_PATHS, ORG_HEADER, OUTBOX_PATH, OutboxListSchema, VENUE_PATHS, fillPath } from '@rackside/protocol';
import { CLOUD_PASSWORD, CLOUD_URL } from './cloud';
import {
  apiSignIn,
  createAccount,
  createVenueByApi,
  registrationTokenByApi,
  signIn,
  uniqueEmail,
  venueDeviceIdsByApi,
} from './cloud-helpers';
import { HTTP_PORT } from './fleet';
import { seriousViolations } from './helpers';

/** Addresses of our own, away from the shared fleets and the other cloud flows'. */
const FLEET_BASE = process.env.RACKSIDE_E2E_MEMBERS_BASE ?? '127.0.83.1';
const webRoot = process.env.RACKSIDE_WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist', import.meta.url));

test.use({ baseURL: CLOUD_URL, colorScheme: 'light' });

let fleet: Fleet | undefined;
test.beforeAll(async () => {
  fleet = await startFleet({
    amps: 1,
    models: ['704D'],
    base: FLEET_BASE,
    httpPort: HTTP_PORT,
    faults: [],
    touchPanels: 0,
    webRoot,
  });
});
test.afterAll(async () => {
  await fleet?.close();
});

/** The mails the dev outbox holds for an address, newest first. */
async function mailsTo(request: APIRequestContext, email: string) {
  const res = await request.get(`${CLOUD_URL}/api${OUTBOX_PATH}`, { params: { to: email } });
  expect(res.ok()).toBe(true);
  return OutboxListSchema.parse(await res.json()).mails;
}

/** The invitation link of the newest invitation mail to `email` (its path and query, under the console). */
async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(request, email)).find((m) => m.text.includes('/invitation?token='));
      link = /https?:\/\/\S+(\/invitation\?token=\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** The newest confirmation code mailed to `email` that is not `except` (the invitation's token is in the outbox too). */
async function confirmationCode(request: APIRequestContext, email: string, except: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = (await mailsTo(request, email)).find((m) => m.code !== null && m.code !== except)?.code ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

test('members: the owner invites a viewer, who signs up from the link, joins and may not change anything', async ({
  page,
  browser,
  request,
}) => {
  const owner = uniqueEmail('owner');
  const viewer = uniqueEmail('viewer');
  await createAccount(request, owner);
  const ownerToken = await apiSignIn(request, owner);
  const hallId = await createVenueByApi(request, ownerToken, 'Main Hall');
  const stageId = await createVenueByApi(request, ownerToken, 'Side Stage');
  // one amp of the owner's in Main Hall (what `set /cloud` on the amp does: its cloud agent registers)
  const amp = fleet?.amps[0]?.amp;
  if (!amp) throw new Error('no amp');
  const ampName = String(amp.read('/amp/deviceInfo/deviceName'));
  const registrationToken = await registrationTokenByApi(request, ownerToken, hallId);
  amp.apply({ cloud: { registrationToken, registrationEndpoint: `${CLOUD_URL}/api` } }, 'client');
  let deviceId = '';
  await expect
    .poll(async () => (deviceId = (await venueDeviceIdsByApi(request, ownerToken, hallId))[0] ?? ''))
    .not.toBe('');

  // the owner invites from the Members page (in the drawer)
  await signIn(page, owner);
  await page.getByRole('button', { name: 'Open the main menu' }).click();
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Members' })).toContainText(owner);
  // a bad address is said before anything is sent, and what was typed stays
  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('E-mail', { exact: true }).fill('not-an-address');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('The e-mail address is not in a correct format')).toBeVisible();
  await expect(invite.getByLabel('E-mail', { exact: true })).toHaveValue('not-an-address');
  await invite.getByLabel('E-mail', { exact: true }).fill(viewer);
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'viewer' }).click();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`An invitation was sent to ${viewer}`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(viewer);
  expect(await seriousViolations(page)).toEqual([]);

  // the viewer opens the link signed out, registers with the invited address and comes back to the invitation
  const link = await invitationLink(request, viewer);
  const token = new URL(link, CLOUD_URL).searchParams.get('token') ?? '';
  const context = await browser.newContext({ baseURL: CLOUD_URL, colorScheme: 'light' });
  const other = await context.newPage();
  await other.goto(link);
  await expect(other).toHaveURL(/\/login$/);
  await other.getByRole('link', { name: 'Register new account' }).click();
  await expect(other.getByRole('heading', { name: 'Register new account' })).toBeVisible();
  await other.getByLabel('Email').fill(viewer);
  await other.getByLabel('Password', { exact: true }).fill(CLOUD_PASSWORD);
  await other.getByLabel('Confirm password', { exact: true }).fill(CLOUD_PASSWORD);
  await other.getByRole('button', { name: 'Register' }).click();
  await expect(other.getByRole('heading', { name: 'Confirm your account' })).toBeVisible();
  await other.getByLabel('Confirmation code').fill(await confirmationCode(request, viewer, token));
  await other.getByRole('button', { name: 'Confirm' }).click();
  await expect(other.getByRole('heading', { name: 'Account created' })).toBeVisible();
  await other.getByRole('link', { name: 'Sign in' }).click();
  await other.getByLabel('Email').fill(viewer);
  await other.getByLabel('Password', { exact: true }).fill(CLOUD_PASSWORD);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();

  // accepted, and the console acts in the owner's organisation
  await expect(other).toHaveURL(/\/invitation\?token=/);
  await expect(other.getByText(`You joined ${owner}'s organisation as viewer`)).toBeVisible();
  await other.getByRole('link', { name: 'Open the venues' }).click();
  await expect(other.getByRole('listitem').filter({ hasText: 'Main Hall' })).toBeVisible();
  await expect(other.getByText(`You are viewer in ${owner}'s organisation`)).toBeVisible();
  const add = other.getByRole('button', { name: 'Add venue' });
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await expect(add).toHaveAccessibleDescription('Your role (viewer) may not add, rename or delete venues');
  // keyboard-focusable, and a click does nothing
  await add.focus();
  await expect(add).toBeFocused();
  await add.click({ force: true });
  await expect(other).toHaveURL(/\/venues$/);
  expect(await seriousViolations(other)).toEqual([]);

  // the owner's amp: Move (and Remove, and opening it remotely) off, with the reason, still reached by keyboard
  await other.goto(`/venues/${hallId}`);
  const card = other.getByRole('listitem').filter({ hasText: ampName });
  await card.getByRole('button', { name: 'Amp menu' }).click();
  const move = other.getByRole('menuitem', { name: /Move amp/ });
  await expect(move).toHaveAttribute('aria-disabled', 'true');
  await expect(move).toContainText('Your role (viewer) may not move amps');
  // Open (remote control: off for a viewer), Firmware update, Move amp: the disabled items take the focus too
  await other.keyboard.press('ArrowDown');
  await other.keyboard.press('ArrowDown');
  await expect(move).toBeFocused();
  await expect(other.getByRole('menuitem', { name: /Remove/ })).toContainText('Your role (viewer) may not remove amps');
  expect(await seriousViolations(other)).toEqual([]);
  await other.keyboard.press('Escape');
  await other.goto('/venues');

  // the API refuses the viewer too (403, the role named)
  const viewerToken = await apiSignIn(request, viewer);
  const orgs = await request.get(`${CLOUD_URL}/api/orgs`, { headers: { authorization: `Bearer ${viewerToken}` } });
  const shared = (
    (await orgs.json()) as { organisations: { organisationId: string; role: string }[] }
  ).organisations.find((o) => o.role === 'viewer');
  expect(shared).toBeDefined();
  const refused = await request.post(`${CLOUD_URL}/api${VENUE_PATHS.venues}`, {
    headers: { authorization: `Bearer ${viewerToken}`, [ORG_HEADER]: shared?.organisationId ?? '' },
    data: { venue: { name: 'Not allowed' } },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: 'Forbidden' });
  const notMoved = await request.put(`${CLOUD_URL}/api${fillPath(DEVICE_PATHS.relocate, { deviceId })}`, {
    headers: { authorization: `Bearer ${viewerToken}`, [ORG_HEADER]: shared?.organisationId ?? '' },
    params: { venueId: stageId },
  });
  expect(notMoved.status()).toBe(403);
  expect(await notMoved.json()).toMatchObject({ error: 'Forbidden', message: expect.stringContaining('viewer') });
  expect(await venueDeviceIdsByApi(request, ownerToken, hallId)).toEqual([deviceId]);

  // the owner sees the viewer as a member now
  await page.reload();
  await expect(page.getByRole('list', { name: 'Members' })).toContainText(viewer);

  // the switcher in the drawer: back to the viewer's own organisation, where it may add venues
  await other.getByRole('button', { name: 'Open the main menu' }).click();
  const switcher = other.getByRole('combobox', { name: 'Organisation' });
  await expect(switcher).toContainText(`${owner}'s organisation (viewer)`);
  await switcher.click();
  await other.getByRole('option', { name: 'Your organisation (owner)' }).click();
  await expect(other).toHaveURL(/\/venues$/);
  await expect(other.getByText('No venues yet')).toBeVisible();
  await expect(other.getByRole('link', { name: 'Add venue' })).toBeVisible();
  await expect(other.getByText('Main Hall')).toHaveCount(0);
  await context.close();
});
