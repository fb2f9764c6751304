/**
 * Fault notifications end to end (issue 15): the cloud as a child process of its own (database on disk, so that it
 * survives SIGKILL) sending real e-mail to an SMTP server and real SMS to an SMPP server, both run by this test
 * (packages/cloud/src/test/smtp-server.ts, smpp-server.ts), an emulated fleet with its amps' cloud agents seeded into
 * the demo account. Each test counts what the servers received, as a mailbox and a phone would:
 * a short → exactly one e-mail and one SMS to the chosen contact within 20 s, its clearing → one "resolved" of each;
 * reminders until the incident is acknowledged in the console; an amp dropping off five times → one message; the
 * cloud killed with SIGKILL while the mail and SMS servers are down → after the restart each message exactly once;
 * contacts of another account, unconfirmed or not chosen → nothing.
 *
 * Addresses: the cloud on RACKSIDE_E2E_NOTIFY_PORT (8099), its broker on RACKSIDE_E2E_NOTIFY_MQTT_PORT (18933), the
 * fleet on RACKSIDE_E2E_NOTIFY_BASE (127.0.74.x), away from the other flows'.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startFleet, type Fleet } from '@rackside/amp-sim';
import { DEMO_EMAIL, DEMO_PASSWORD, cloudClient, seedDemo, type CloudClient } from '@rackside/cloud/demo';
import { cloudProcess, startTestSmppServer, startTestSmtpServer, type CloudProcess } from '@rackside/cloud/testing';
import {
  CONTACT_PATHS,
  ContactReplySchema,
  INCIDENT_PATHS,
  IncidentListSchema,
  VenueNotificationSettingsReplySchema,
  fillPath,
  type Incident,
} from '@rackside/protocol';
import { z } from 'zod';
import { signIn } from './cloud-helpers';

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = process.env.RACKSIDE_WEB_DIST ?? join(root, 'packages/web/dist');
const PORT = Number(process.env.RACKSIDE_E2E_NOTIFY_PORT ?? 8099);
const MQTT_PORT = Number(process.env.RACKSIDE_E2E_NOTIFY_MQTT_PORT ?? 18933);
const FLEET_BASE = process.env.RACKSIDE_E2E_NOTIFY_BASE ?? '127.0.74.1';
const CLOUD = `http://127.0.0.1:${PORT}`;
const API = `${CLOUD}/api`;
/** The seed puts amps 0-1 in the first venue, amp 2 in the second. */
const MODELS = ['704D', '124D', '704D'];

const ALICE = { name: 'Alice Ops', email: 'alice@venue.test', phone: '+12015550123' };
const UNCONFIRMED = { name: 'Una Unconfirmed', email: 'una@venue.test' };
const NOT_CHOSEN = { name: 'Nick Notchosen', email: 'nick@venue.test', phone: '+12015550124' };
const OTHER_ACCOUNT = {
  email: 'other-owner@venue.test',
  contact: { name: 'Olga Other', email: 'olga@venue.test', phone: '+12015550125' },
};

test.use({ baseURL: CLOUD });
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

let cloud: CloudProcess;
let fleet: Fleet | undefined;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let smpp: Awaited<ReturnType<typeof startTestSmppServer>>;
let dataDir = '';
let fleetDir = '';
let api: CloudClient;
let venueIds: string[] = [];

/** The newest six-digit code mailed to an address (the sign-up confirmation). */
const codeOf = async (email: string): Promise<string | undefined> => {
  await smtp.waitFor(1, (m) => m.to.includes(email), 10_000).catch(() => undefined);
  const mail = smtp.to(email).at(-1);
  return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
};

/** Adds a contact to the signed-in account; with an e-mail, follows the confirmation link mailed to it. */
async function addContact(
  client: CloudClient,
  c: { name: string; email?: string; phone?: string },
  confirm: boolean,
): Promise<string> {
  const { contact } = await client.call('POST', CONTACT_PATHS.contacts, ContactReplySchema, {
    name: c.name,
    email: c.email,
    phone: c.phone,
    severityLevel: ['Critical', 'Warning'],
  });
  if (c.email !== undefined && confirm) {
    const [mail] = await smtp.waitFor(1, (m) => m.to.includes(c.email ?? ''), 10_000);
    const link = /(https?:\/\/\S+\/contacts\/confirm\?token=[\w.-]+)/.exec(mail?.text ?? '')?.[1];
    expect(link, `confirmation link in ${mail?.text}`).toBeDefined();
    expect((await fetch(link ?? '')).status).toBe(200);
  }
  return contact.contactId;
}

const selectForVenue = (client: CloudClient, venueId: string, contactId: string) =>
  client.call('POST', fillPath(CONTACT_PATHS.venueContact, { venueId, contactId }), z.unknown());

const incidents = async (query: Record<string, string>): Promise<Incident[]> =>
  (await api.call('GET', INCIDENT_PATHS.incidents, IncidentListSchema, undefined, query)).incidents;

const deviceIdOf = (i: number): string => String(fleet?.amps[i]?.amp.state.cloud.deviceId);
const ampName = (i: number): string => String(fleet?.amps[i]?.amp.state.amp?.deviceInfo.deviceName);
const inject = (i: number, fault: Parameters<Fleet['amps'][number]['physics']['inject']>[0]) =>
  fleet?.amps[i]?.physics.inject(fault);

/** Alice's notification mails (not the confirmation) that mention `text`. */
const aliceMails = (text: string) =>
  smtp.to(ALICE.email).filter((m) => !m.text.includes('/contacts/confirm') && m.text.includes(text));
const aliceSms = (text: string) => smpp.messages.filter((m) => m.to === ALICE.phone.slice(1) && m.text.includes(text));

/** Waits `ms`, then asserts the counts did not grow (nothing arrives twice, late). */
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.beforeAll(async () => {
  smtp = await startTestSmtpServer();
  smpp = await startTestSmppServer();
  dataDir = mkdtempSync(join(tmpdir(), 'rackside-notify-cloud-'));
  fleetDir = mkdtempSync(join(tmpdir(), 'rackside-notify-fleet-'));
  cloud = cloudProcess({
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      MQTT_PORT: String(MQTT_PORT),
      WEB_ROOT: webRoot,
      RATE_LIMIT_PER_ADDRESS: '10000',
      SMTP_URL: smtp.url,
      SMPP_URL: smpp.url,
      NOTIFY_TICK_MS: '200',
      NOTIFY_RETRY_BASE_MS: '300',
      NOTIFY_RETRY_MAX_MS: '1000',
      NOTIFY_LEASE_MS: '3000',
      NOTIFY_SETTLE_S: '2',
      NOTIFY_FLAP_WINDOW_S: '60',
      // the venue settings' minutes last 2 s here: a reminder "every minute" comes every 2 s
      NOTIFY_MINUTE_S: '2',
      ROLLOUT_RECONNECT_GRACE_MS: '60000',
    },
  });
  await cloud.start();
  fleet = await startFleet({
    amps: MODELS.length,
    models: MODELS,
    base: FLEET_BASE,
    dataDir: fleetDir,
    cloudAgent: true,
    faults: [],
  });
  const seed = await seedDemo({
    apiUrl: API,
    codeOf,
    amps: fleet.amps.map(({ amp }) => ({
      deviceId: () => amp.state.cloud.deviceId || undefined,
      register: (registrationToken, registrationEndpoint) =>
        amp.apply({ cloud: { registrationToken, registrationEndpoint } }, 'client'),
    })),
  });
  expect(seed.connected).toBe(MODELS.length);
  venueIds = seed.venues.map((v) => v.venueId);
  api = cloudClient(API);
  await api.signIn(DEMO_EMAIL, DEMO_PASSWORD);

  const alice = await addContact(api, ALICE, true);
  for (const venueId of venueIds) await selectForVenue(api, venueId, alice);
  await selectForVenue(api, venueIds[0] ?? '', await addContact(api, UNCONFIRMED, false));
  await addContact(api, NOT_CHOSEN, true);

  // another account, its own venue and a contact chosen for it
  const other = cloudClient(API);
  await other.signUp(OTHER_ACCOUNT.email, DEMO_PASSWORD);
  await other.confirmSignUp(OTHER_ACCOUNT.email, (await codeOf(OTHER_ACCOUNT.email)) ?? '');
  await other.signIn(OTHER_ACCOUNT.email, DEMO_PASSWORD);
  const otherVenue = await other.createVenue('Other Venue');
  await selectForVenue(other, otherVenue.venueId, await addContact(other, OTHER_ACCOUNT.contact, true));
});

test.afterAll(async () => {
  await fleet?.close();
  await cloud?.stop('SIGTERM');
  await smtp?.stop();
  await smpp?.stop();
  for (const dir of [dataDir, fleetDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a short → one e-mail and one SMS to the chosen contact within 20 s; cleared → one "resolved" of each', async () => {
  const started = Date.now();
  inject(0, { type: 'short', channel: 1 });
  await expect.poll(() => aliceMails(ampName(0)).length, { timeout: 20_000 }).toBe(1);
  await expect.poll(() => aliceSms(ampName(0)).length, { timeout: 20_000 }).toBe(1);
  expect(Date.now() - started).toBeLessThan(20_000);
  const [mail] = aliceMails(ampName(0));
  expect(mail?.text).toContain('Demo');
  expect(mail?.text).toContain(`/venues/${venueIds[0]}/amps/${deviceIdOf(0)}`);
  expect(mail?.text).toMatch(/unsubscribe/i);
  expect(aliceSms(ampName(0))[0]?.text).toMatch(/STOP/);

  const [open] = await incidents({ state: 'open', deviceId: deviceIdOf(0) });
  expect(open?.condition).toMatchObject({ type: 'channelFault', channel: 1 });

  inject(0, { type: 'clear' });
  await expect.poll(() => aliceMails(ampName(0)).length, { timeout: 20_000 }).toBe(2);
  await expect.poll(() => aliceSms(ampName(0)).length, { timeout: 20_000 }).toBe(2);
  await settle(2000);
  expect(aliceMails(ampName(0))).toHaveLength(2);
  expect(aliceSms(ampName(0))).toHaveLength(2);
  expect(await incidents({ state: 'open', deviceId: deviceIdOf(0) })).toEqual([]);
});

test('an unacknowledged fault reminds until it is acknowledged in the console', async ({ page }) => {
  const venueId = venueIds[0] ?? '';
  await api.call('PUT', fillPath(INCIDENT_PATHS.venueSettings, { venueId }), VenueNotificationSettingsReplySchema, {
    quietHours: null,
    reminderMinutes: 1,
    escalateAfterMinutes: 1000,
    escalationContactIds: [],
  });
  const name = ampName(1);
  inject(1, { type: 'short', channel: 2 });
  // the first message, then at least one reminder (every "minute" = 2 s here)
  await expect.poll(() => aliceMails(name).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.goto(`/venues/${venueId}/faults`);
  const item = page.getByRole('listitem').filter({ hasText: name }).filter({ hasText: 'Channel 2' });
  await item.getByRole('button', { name: `Acknowledge: Channel 2: output faulted on ${name}` }).click();
  await expect(item.getByText(`Acknowledged by ${DEMO_EMAIL}`)).toBeVisible();
  await settle(1500);
  const atAck = aliceMails(name).length;
  await settle(6000);
  expect(aliceMails(name)).toHaveLength(atAck);
  const [open] = await incidents({ state: 'open', deviceId: deviceIdOf(1) });
  expect(open?.acknowledgedBy).toBe(DEMO_EMAIL);
  inject(1, { type: 'clear' });
});

test('an amp dropping off five times in a row is one incident and one message', async () => {
  const deviceId = deviceIdOf(2);
  const offlineMails = () => aliceMails(ampName(2)).filter((m) => /offline/i.test(m.subject + m.text));
  for (let drop = 0; drop < 5; drop++) {
    inject(2, { type: 'unplugNetwork', seconds: 1 });
    // the cloud sees it gone (its last will), then back
    await expect
      .poll(async () => (await incidents({ state: 'open', deviceId })).some((i) => i.condition.type === 'offline'), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect
      .poll(async () => (await incidents({ state: 'open', deviceId })).some((i) => i.condition.type === 'offline'), {
        timeout: 20_000,
      })
      .toBe(false);
  }
  await settle(3000);
  const all = (await incidents({ deviceId })).filter((i) => i.condition.type === 'offline');
  expect(all).toHaveLength(1);
  expect(all[0]?.flapCount).toBeGreaterThanOrEqual(4);
  expect(all[0]?.flapping).toBe(true);
  expect(offlineMails()).toHaveLength(1);
});

test('the cloud killed while the mail and SMS servers are down: after the restart each message arrives once', async () => {
  // the venue's reminders back to every 15 "minutes" (30 s here): this test counts first messages only
  await api.call(
    'PUT',
    fillPath(INCIDENT_PATHS.venueSettings, { venueId: venueIds[0] ?? '' }),
    VenueNotificationSettingsReplySchema,
    { quietHours: null, reminderMinutes: 15, escalateAfterMinutes: 1000, escalationContactIds: [] },
  );
  await smtp.stop();
  await smpp.stop();
  const name = ampName(0);
  const before = aliceMails(name).length;
  const smsBefore = aliceSms(name).length;
  inject(0, { type: 'short', channel: 3 });
  await expect
    .poll(async () => (await incidents({ state: 'open', deviceId: deviceIdOf(0) })).length, { timeout: 20_000 })
    .toBe(1);
  await settle(1500); // a few failed sends, backing off
  await cloud.stop('SIGKILL');
  await smtp.start();
  await smpp.start();
  await cloud.start();
  await expect.poll(() => aliceMails(name).length, { timeout: 30_000 }).toBe(before + 1);
  await expect.poll(() => aliceSms(name).length, { timeout: 30_000 }).toBe(smsBefore + 1);
  await settle(4000);
  expect(aliceMails(name)).toHaveLength(before + 1);
  expect(aliceSms(name)).toHaveLength(smsBefore + 1);
  inject(0, { type: 'clear' });
});

test('nothing reaches another account, an unconfirmed e-mail or a contact not chosen; nothing arrives twice', () => {
  for (const email of [UNCONFIRMED.email, NOT_CHOSEN.email, OTHER_ACCOUNT.contact.email]) {
    expect(
      smtp.to(email).filter((m) => !m.text.includes('/contacts/confirm')),
      email,
    ).toEqual([]);
  }
  for (const phone of [NOT_CHOSEN.phone, OTHER_ACCOUNT.contact.phone]) {
    expect(
      smpp.messages.filter((m) => m.to === phone.slice(1)),
      phone,
    ).toEqual([]);
  }
  const ids = smtp.to(ALICE.email).map((m) => m.headers['message-id']);
  expect(new Set(ids).size).toBe(ids.length);
});
