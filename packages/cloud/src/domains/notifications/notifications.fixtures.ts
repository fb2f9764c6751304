/**
 * Test fixtures of the notification tests (issue 15): an app with a signed-in user, a venue and a registered amp;
 * contacts written straight to the database (confirmed, selected for the venue); incidents inserted directly with
 * their outbox rows (the incident deriver is tested on its own); a worker over the app's database with any mailer.
 * Test-only: imported by *.test.ts beside it.
 */
import type { SeverityLevel } from '@rackside/protocol';
import { SEVERITY } from '@rackside/protocol';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, incidents, notifications, users, venueContacts } from '../../db/schema/index';
import type { Mailer } from '../../plugins/mailer';
import type { SmsSender } from '../../plugins/sms';
import { TokenService } from '../../plugins/tokens';
import { buildTestApp, type TestApp } from '../../test/app';
import { createSignedInUser, createVenue, registerDevice, uniqueEmail } from '../../test/factories';
import { DOMAINS } from '../../app';
import { enqueueNotifications } from './enqueue';
import { createNotificationsDomain, notificationsDomain } from './index';
import { startNotificationWorker, type NotificationWorker } from './worker';

/** Worker timing for tests: the app's own worker never ticks during a test; back-off 1 s doubling to 8 s. */
export const TEST_NOTIFY_CONFIG = {
  NOTIFY_TICK_MS: '60000',
  NOTIFY_RETRY_BASE_MS: '1000',
  NOTIFY_RETRY_MAX_MS: '8000',
  NOTIFY_LEASE_MS: '30000',
  NOTIFY_DIGEST_MINUTES: '60',
} as const;

/** The app's domains with a notifications domain that starts no worker of its own (the tests tick theirs). */
export const TEST_DOMAINS = DOMAINS.map((d) =>
  d === notificationsDomain ? createNotificationsDomain({ worker: false }) : d,
);

/** One user's world: the app, a venue and an amp in it. */
export interface World {
  readonly t: TestApp;
  readonly userId: string;
  readonly token: string;
  readonly venueId: string;
  readonly deviceId: string;
}

let phoneSeq = 0;
/** A phone number no other test contact has (E.164, US). */
export const uniquePhone = (): string => `+1201555${String(1000 + (++phoneSeq % 9000)).padStart(4, '0')}`;

/** An app, a signed-in user, a venue and a registered amp named "Main Left" in a venue named `venueName`. */
export async function makeWorld(db: Db, config: Record<string, string> = {}, venueName?: string): Promise<World> {
  const t = await buildTestApp(db, { config: { ...TEST_NOTIFY_CONFIG, ...config }, domains: TEST_DOMAINS });
  const user = await createSignedInUser(t.app, t.mailer);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${user.email})`);
  if (row === undefined) throw new Error('user not found');
  const venueId = await createVenue(t.app, user.token, venueName);
  const mac = `00:1B:2C:${[1, 2, 3]
    .map(() =>
      Math.floor(Math.random() * 256)
        .toString(16)
        .padStart(2, '0'),
    )
    .join(':')}`;
  const { deviceId } = await registerDevice(t.app, user.token, venueId, { mac, serialNumber: `RS${Date.now()}` });
  return { t, userId: row.id, token: user.token, venueId, deviceId };
}

/** A contact stored as if confirmed, selected for the venue unless `select: false`. */
export async function addContact(
  w: World,
  options: {
    email?: string | null;
    phone?: string | null;
    severity?: SeverityLevel[];
    select?: boolean;
    name?: string;
  } = {},
): Promise<{ id: string; email: string | null; phone: string | null }> {
  const email = options.email === undefined ? uniqueEmail('contact').toLowerCase() : options.email;
  const phone = options.phone === undefined ? null : options.phone;
  const severity = (options.severity ?? ['Critical', 'Warning', 'Info']).reduce((f, s) => f | SEVERITY[s], 0);
  const now = w.t.clock.now();
  const [row] = await w.t.db
    .insert(contacts)
    .values({
      userId: w.userId,
      name: options.name ?? 'Night Tech',
      email,
      emailKey: email?.toLowerCase() ?? null,
      phone,
      severity,
      emailEnabled: email !== null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: contacts.id });
  if (row === undefined) throw new Error('contact not stored');
  if (options.select !== false)
    await w.t.db.insert(venueContacts).values({ venueId: w.venueId, contactId: row.id, createdAt: now });
  return { id: row.id, email, phone };
}

let conditionSeq = 0;
/** Opens an incident on the world's amp and enqueues its 'opened' messages in one transaction, as the deriver does. */
export async function openIncident(
  w: World,
  options: {
    severity?: SeverityLevel;
    type?: 'channelFault' | 'offline' | 'event' | 'thermal';
    channel?: number;
    detail?: string;
  } = {},
): Promise<string> {
  const now = w.t.clock.now();
  const severity = options.severity ?? 'Critical';
  const type = options.type ?? 'channelFault';
  const channel = options.channel ?? (type === 'channelFault' || type === 'thermal' ? 1 : undefined);
  return w.t.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(incidents)
      .values({
        userId: w.userId,
        deviceId: w.deviceId,
        venueId: w.venueId,
        conditionKey: `${type}:${channel ?? ''}:${++conditionSeq}`,
        conditionType: type,
        channel: channel ?? null,
        detail: options.detail ?? null,
        severity,
        state: 'open',
        openedAt: now,
        updatedAt: now,
      })
      .returning({ id: incidents.id });
    if (row === undefined) throw new Error('incident not stored');
    await enqueueNotifications(tx, { id: row.id, userId: w.userId, venueId: w.venueId, severity }, 'opened', { now });
    return row.id;
  });
}

/** Resolves an incident and enqueues its 'resolved' messages. */
export async function resolveIncident(w: World, incidentId: string): Promise<void> {
  const now = w.t.clock.now();
  await w.t.db.transaction(async (tx) => {
    const [row] = await tx
      .update(incidents)
      .set({ state: 'resolved', resolvedAt: now, updatedAt: now })
      .where(eq(incidents.id, incidentId))
      .returning();
    if (row === undefined) throw new Error('no incident');
    await enqueueNotifications(tx, { ...row, severity: row.severity }, 'resolved', { now });
  });
}

/** A worker over the world's database (no timer: the test ticks it) with the given mailer and SMS sender. */
export function workerFor(w: World, mailer: Mailer, sms: SmsSender = w.t.sms): NotificationWorker {
  const { config, db, clock } = w.t;
  return startNotificationWorker(
    { config, db, clock, mailer, sms, tokens: new TokenService(config, clock) },
    { interval: false },
  );
}

/** The outbox rows of an incident. */
export const rowsOf = (db: Db, incidentId: string) =>
  db.select().from(notifications).where(eq(notifications.incidentId, incidentId)).orderBy(notifications.createdAt);
