/**
 * The security suites' accounts: a signed-up, verified user that owns one of every object the API knows (a venue, a
 * contact selected for it, a registration token, a registered amp, a firmware image, a rollout, an incident row), and
 * the rows of all of it, to compare before and after an attack. Made through the public API except the incident,
 * which has no route yet and is inserted directly.
 */
import {
  CONTACT_PATHS,
  FIRMWARE_PATHS,
  fillPath,
  ORG_PATHS,
  PASSKEY_PATHS,
  ROLLOUT_PATHS,
  type ContactReply,
  type GrantReply,
  type InvitationReply,
  type PasskeyRegistrationOptions,
  type PasskeyReply,
  type FirmwareUploadReply,
  type Rollout,
} from '@rackside/protocol';
import { eq, getTableColumns } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import * as schema from '../db/schema/index';
import type { OutboxMailer } from '../plugins/mailer';
import { testConfig } from '../test/app';
import { SoftAuthenticator } from '../test/authenticator';
import { call, createSignedInUser, createVenue, registerDevice, registrationToken } from '../test/factories';

/** The ids of one account's objects. */
export interface OwnedObjects {
  readonly userId: string;
  readonly email: string;
  readonly token: string;
  /** The sign-in session of `token` (the sessions page's DELETE /auth/sessions/{sessionId}). */
  readonly sessionId: string;
  readonly venueId: string;
  readonly contactId: string;
  readonly registrationToken: string;
  readonly deviceId: string;
  readonly imageId: string;
  readonly rolloutId: string | undefined;
  readonly incidentId: string | undefined;
  /** A pending invitation to the account's personal organisation (issue 21). */
  readonly invitationId: string;
  /** A passkey of the account (issue 21). */
  readonly passkeyId: string;
  /** A live integrator grant of the account's organisation on its venue, to another account's (issue 21). */
  readonly grantId: string;
}

const BOUNDARY = '----rackside-security-boundary';

/** A multipart/form-data body with one file part (and optional text parts). */
export function multipartBody(
  file: { filename: string; data: Buffer },
  fields: Readonly<Record<string, string>> = {},
): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  chunks.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

let macs = 0;

/**
 * A verified user with one of every object; `tag` makes its venue and contact names its own; `image` is a firmware
 * image of version 1.6.0.0 for the factories' amp (Model 704D: family ASBT), which the test file builds with amp-sim.
 */
export async function createOwner(app: FastifyInstance, mailer: OutboxMailer, db: Db, tag: string, image: Buffer) {
  const user = await createSignedInUser(app, mailer);
  const { token } = user;
  const userId = await userIdOf(db, user.email);
  const venueId = await createVenue(app, token, `Venue ${tag}`);
  const contact = await call(
    app,
    'POST',
    CONTACT_PATHS.contacts,
    { name: `Contact ${tag}`, email: `contact-${tag}@example.com`, phone: null, severityLevel: ['Critical'] },
    token,
  );
  if (contact.statusCode !== 201) throw new Error(`create contact failed: ${contact.body}`);
  const contactId = contact.json<ContactReply>().contact.contactId;
  const selected = await call(
    app,
    'POST',
    fillPath(CONTACT_PATHS.venueContact, { venueId, contactId }),
    undefined,
    token,
  );
  if (selected.statusCode !== 200) throw new Error(`select contact failed: ${selected.body}`);
  const { deviceId } = await registerDevice(app, token, venueId, {
    mac: `00:1B:2C:00:0${++macs % 10}:${(10 + macs).toString().padStart(2, '0').slice(-2)}`,
    serialNumber: `RS704D${String(macs).padStart(5, '0')}`,
  });
  const pending = await registrationToken(app, token, venueId);
  const { payload, contentType } = multipartBody({ filename: 'ASBT-1.6.0.0.tar.xz.enc', data: image });
  const upload = await app.inject({
    method: 'POST',
    url: `/api${FIRMWARE_PATHS.images}`,
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
  if (upload.statusCode !== 201) throw new Error(`firmware upload failed: ${upload.body}`);
  const imageId = upload.json<FirmwareUploadReply>().image.imageId;
  const rollout = await call(app, 'POST', ROLLOUT_PATHS.rollouts, { deviceIds: [deviceId], canary: 0 }, token);
  const rolloutId = rollout.statusCode === 201 ? rollout.json<Rollout>().rolloutId : undefined;
  // paused, so that the runner changes nothing of it while a test compares its rows
  if (rolloutId !== undefined)
    await call(app, 'POST', fillPath(ROLLOUT_PATHS.action, { rolloutId, action: 'pause' }), undefined, token);
  const incidentId = await insertIncident(db, userId, deviceId, venueId);
  const invitation = await call(
    app,
    'POST',
    ORG_PATHS.invitations,
    { email: `invitee-${tag}@example.com`, role: 'viewer' },
    token,
  );
  if (invitation.statusCode !== 201) throw new Error(`invitation failed: ${invitation.body}`);
  const { invitationId, createdAt: serverNow } = invitation.json<InvitationReply>().invitation;
  const passkeyId = await createPasskey(app, token, tag);
  const integrator = await createSignedInUser(app, mailer);
  const grant = await call(
    app,
    'POST',
    ORG_PATHS.grants,
    {
      integrator: integrator.email,
      role: 'technician',
      venueIds: [venueId],
      // a week from the app's clock (a test clock, maybe), as the invitation's creation tells it
      expiresAt: new Date(new Date(serverNow).getTime() + 7 * 86_400_000).toISOString(),
    },
    token,
  );
  if (grant.statusCode !== 201) throw new Error(`grant failed: ${grant.body}`);
  const grantId = grant.json<GrantReply>().grant.grantId;
  const owned: OwnedObjects = {
    userId,
    email: user.email,
    token,
    sessionId: String(decodeJwt(token).sid),
    venueId,
    contactId,
    registrationToken: pending,
    deviceId,
    imageId,
    rolloutId,
    incidentId,
    invitationId,
    passkeyId,
    grantId,
  };
  return owned;
}

/** A passkey registered through the API with a software authenticator at the test app's PUBLIC_URL. */
async function createPasskey(app: FastifyInstance, token: string, tag: string): Promise<string> {
  const options = await call(app, 'POST', PASSKEY_PATHS.registrationOptions, {}, token);
  if (options.statusCode !== 200) throw new Error(`passkey options failed: ${options.body}`);
  const device = new SoftAuthenticator(testConfig().PUBLIC_URL);
  const credential = device.create(options.json<PasskeyRegistrationOptions>().options);
  const added = await call(app, 'POST', PASSKEY_PATHS.passkeys, { name: `Passkey ${tag}`, credential }, token);
  if (added.statusCode !== 200) throw new Error(`passkey registration failed: ${added.body}`);
  return added.json<PasskeyReply>().passkey.id;
}

async function userIdOf(db: Db, email: string): Promise<string> {
  const rows = await db.select({ id: schema.users.id, email: schema.users.email }).from(schema.users);
  const row = rows.find((r) => r.email.toLowerCase() === email.toLowerCase());
  if (row === undefined) throw new Error(`no user ${email}`);
  return row.id;
}

/** An open incident on the amp, straight into its table (no route makes one). */
async function insertIncident(db: Db, userId: string, deviceId: string, venueId: string) {
  const now = new Date();
  const [row] = await db
    .insert(schema.incidents)
    .values({
      userId,
      deviceId,
      venueId,
      conditionKey: 'offline',
      conditionType: 'offline',
      severity: 'Critical',
      state: 'open',
      openedAt: now,
      updatedAt: now,
    })
    .returning({ id: schema.incidents.id });
  return row?.id;
}

const { runnerId: _runnerId, runnerUntil: _runnerUntil, ...rolloutColumns } = getTableColumns(schema.rollouts);

/** Everything the account owns, as rows (secrets included: the comparison is exact), for a before/after check. */
export async function snapshotOf(db: Db, owner: OwnedObjects): Promise<unknown> {
  return {
    user: await db.select().from(schema.users).where(eq(schema.users.id, owner.userId)),
    venues: await db.select().from(schema.venues).where(eq(schema.venues.userId, owner.userId)),
    contacts: await db.select().from(schema.contacts).where(eq(schema.contacts.userId, owner.userId)),
    venueContacts: await db.select().from(schema.venueContacts).where(eq(schema.venueContacts.venueId, owner.venueId)),
    tokens: await db.select().from(schema.registrationTokens).where(eq(schema.registrationTokens.userId, owner.userId)),
    devices: await db.select().from(schema.devices).where(eq(schema.devices.userId, owner.userId)),
    images: await db.select().from(schema.firmwareImages).where(eq(schema.firmwareImages.userId, owner.userId)),
    // not the runner's lease (renewed while the rollout is unfinished, paused included: issue 20)
    rollouts: await db.select(rolloutColumns).from(schema.rollouts).where(eq(schema.rollouts.userId, owner.userId)),
    incidents: await db.select().from(schema.incidents).where(eq(schema.incidents.userId, owner.userId)),
    organisations: await db
      .select()
      .from(schema.organisations)
      .where(eq(schema.organisations.ownerUserId, owner.userId)),
    invitations: await db.select().from(schema.invitations).where(eq(schema.invitations.id, owner.invitationId)),
    grants: await db.select().from(schema.orgGrants).where(eq(schema.orgGrants.id, owner.grantId)),
    passkeys: await db.select().from(schema.passkeys).where(eq(schema.passkeys.userId, owner.userId)),
    sessions: await db
      .select({ id: schema.sessions.id, revokedAt: schema.sessions.revokedAt })
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, owner.userId)),
  };
}
