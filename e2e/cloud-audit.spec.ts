/**
 * Issue 21 audit timeline in the cloud console, against the real cloud: the owner invites a technician (the e-mailed
 * link from the dev outbox, accepted through the API), the technician signs in, opens the venue's amp remotely in the
 * console and changes channel 1's crossover gain through the page; then the owner opens the venue's and the amp's
 * timelines and sees the technician's e-mail, the device API path and the values from → to, and the amp's CSV export
 * holds the same row. Set-up through HTTP calls; the amp is one emulated amp of our own (RACKSIDE_E2E_AUDIT_BASE).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CloudSessionSchema, IDENTITY_PATHS, ORG_PATHS, OUTBOX_PATH, OutboxListSchema } from '@rackside/protocol';
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
import { channel, enterValue, openTab, section } from './channel-flow';
import { useOwnFleet } from './own-fleet';

/** Addresses of our own, away from the shared fleets and the other cloud flows'. */
const FLEET_BASE = process.env.RACKSIDE_E2E_AUDIT_BASE ?? '127.0.84.1';
const GAIN = '/amp/channels/1/crossover/bandGainAndDelay/gain';

test.use({ baseURL: CLOUD_URL, colorScheme: 'light' });

const own = useOwnFleet(FLEET_BASE, ['704D'], { cloudAgent: true });

/** A call of the cloud's REST API with a bearer; its JSON reply (fails on an error status). */
async function api(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`${CLOUD_URL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as unknown;
}

/** The cells of one CSV record (RFC 4180: quoted cells with their quotes doubled; no line breaks in a cell here). */
function csvCells(record: string): string[] {
  const cells: string[] = [];
  for (const m of record.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g))
    cells.push(m[1] === undefined ? (m[2] ?? '') : m[1].replaceAll('""', '"'));
  return cells;
}

/** The token of the newest invitation mailed to `email` (the dev outbox). */
async function invitationToken(request: APIRequestContext, email: string): Promise<string> {
  let token = '';
  await expect
    .poll(async () => {
      const res = await request.get(`${CLOUD_URL}/api${OUTBOX_PATH}`, { params: { to: email } });
      const mail = OutboxListSchema.parse(await res.json()).mails.find((m) => m.text.includes('/invitation?token='));
      token = /\/invitation\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  return token;
}

test('audit: a technician changes a gain remotely; the owner’s timelines and CSV show who changed what from → to', async ({
  page,
  browser,
  request,
}) => {
  const owner = uniqueEmail('audit-owner');
  const technician = uniqueEmail('audit-tech');
  await Promise.all([createAccount(request, owner), createAccount(request, technician)]);
  // the owner's console opens meanwhile
  const ownerSignedIn = signIn(page, owner);
  const ownerToken = await apiSignIn(request, owner);
  // the technician signs in in a browser of its own: the console then starts signed in (the session cookie)
  const context = await browser.newContext({ baseURL: CLOUD_URL, colorScheme: 'light' });
  const signedIn = await context.request.post(`${CLOUD_URL}/api${IDENTITY_PATHS.signIn}`, {
    data: { email: technician, password: CLOUD_PASSWORD },
  });
  expect(signedIn.ok()).toBe(true);
  const technicianToken = CloudSessionSchema.parse(await signedIn.json()).idToken;
  const venueId = await createVenueByApi(request, ownerToken, 'Demo Venue');
  // the owner's amp in the venue (what `set /cloud` on the amp does: its cloud agent registers)
  const amp = own.fleet()?.amps[0]?.amp;
  if (!amp) throw new Error('no amp');
  const ampName = String(amp.read('/amp/deviceInfo/deviceName'));
  expect(amp.read(GAIN)).toBe(0);
  const registrationToken = await registrationTokenByApi(request, ownerToken, venueId);
  amp.apply({ cloud: { registrationToken, registrationEndpoint: `${CLOUD_URL}/api` } }, 'client');

  // the owner invites the technician; the technician accepts the e-mailed invitation
  await api(request, ownerToken, 'POST', ORG_PATHS.invitations, { email: technician, role: 'technician' });
  const token = await invitationToken(request, technician);
  await api(request, technicianToken, 'POST', ORG_PATHS.accept, { token });
  let deviceId = '';
  await expect
    .poll(async () => (deviceId = (await venueDeviceIdsByApi(request, ownerToken, venueId))[0] ?? ''))
    .not.toBe('');

  // the technician chooses the owner's organisation, opens the amp remotely and changes channel 1's crossover gain
  const tech = await context.newPage();
  await tech.goto('/venues');
  await tech.getByRole('button', { name: 'Open the main menu' }).click();
  await tech.getByRole('combobox', { name: 'Organisation' }).click();
  await tech.getByRole('option', { name: `${owner}'s organisation (technician)` }).click();
  await expect(tech.getByRole('listitem').filter({ hasText: 'Demo Venue' })).toBeVisible();
  await tech.goto(`/venues/${venueId}/amps/${deviceId}/channels/1/crossover`);
  await expect(tech.getByRole('heading', { name: ampName, level: 1 })).toBeVisible({ timeout: 20_000 });
  const crossover = channel(await openTab(tech, 'Crossover'), 1);
  await enterValue(tech, section(crossover, 'Gain and delay'), 'Gain', '-3.5');
  await expect.poll(() => amp.read(GAIN)).toBe(-3.5);
  // the amp detail's header links to the amp's timeline
  await expect(tech.locator(`a[href="/venues/${venueId}/amps/${deviceId}/activity"]`)).toHaveAccessibleName('Activity');
  await context.close();

  // the owner opens the amp's timeline: who changed what, from → to
  const sentence = 'changed /amp/channels/1/crossover/bandGainAndDelay gain from 0.0 dB to -3.5 dB';
  await ownerSignedIn;
  await page.goto(`/venues/${venueId}/amps/${deviceId}/activity`);
  await expect(page.getByRole('heading', { name: `Activity: ${ampName}`, level: 1 })).toBeVisible();
  const ampRow = page.getByRole('listitem').filter({ hasText: sentence });
  await expect(ampRow).toContainText(`${technician} ${sentence}`);
  // only the technician's changes: the person filter keeps the row
  await page.getByRole('combobox', { name: /^Who/ }).click();
  await page.getByRole('option', { name: technician }).click();
  await expect(ampRow).toBeVisible();

  // the CSV export of the same filters holds the same row
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^rackside-audit-.+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const [header, ...rows] = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(header).toBe('at,kind,actor_email,actor_user_id,ip,user_agent,venue_id,device_id,details,id');
  const records = rows.map((r) => {
    const [, kind, email, , , , venue, device, details] = csvCells(r);
    return { kind, email, venue, device, details: JSON.parse(details ?? 'null') as unknown };
  });
  expect(records).toEqual([
    {
      kind: 'device.setting',
      email: technician,
      venue: venueId,
      device: deviceId,
      details: { path: '/amp/channels/1/crossover/bandGainAndDelay', from: { gain: 0 }, to: { gain: -3.5 } },
    },
  ]);

  // the venue's timeline, from the venue header beside: the same row, with the amp named
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity: Demo Venue', level: 1 })).toBeVisible();
  const venueRow = page.getByRole('listitem').filter({ hasText: sentence });
  await expect(venueRow).toContainText(technician);
  await expect(venueRow).toContainText(`Amp: ${ampName}`);
});
