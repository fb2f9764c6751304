/** The contact domain's SQL: contacts and the venues they follow. Every query a user reaches names the owner. */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contacts, venueContacts } from '../../db/schema/index';

export type ContactRow = typeof contacts.$inferSelect;
/** What the service stores of a contact (spec 1 §3): email and phone null when absent, phone in E.164. */
export type ContactFields = Pick<ContactRow, 'name' | 'email' | 'phone' | 'severity'>;
/** A pending confirmation link, or none (null, null). */
export type ContactConfirmation = Pick<ContactRow, 'emailEnabled' | 'confirmTokenHash' | 'confirmExpiresAt'>;

const keyOf = (email: string | null) => (email === null ? null : email.toLowerCase());

export function listContacts(db: Executor, userId: string): Promise<ContactRow[]> {
  return db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(contacts.name), asc(contacts.id));
}

export async function findContact(db: Executor, userId: string, contactId: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .limit(1);
  return row;
}

/** Inserts a contact; an email or phone another contact of the user has throws a unique violation. */
export async function insertContact(
  db: Executor,
  userId: string,
  fields: ContactFields & ContactConfirmation,
  now: Date,
): Promise<ContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ ...fields, userId, emailKey: keyOf(fields.email), createdAt: now, updatedAt: now })
    .returning();
  if (row === undefined) throw new Error('insert into contacts returned nothing');
  return row;
}

export async function updateContact(
  db: Executor,
  userId: string,
  contactId: string,
  fields: ContactFields & Partial<ContactConfirmation> & Partial<Pick<ContactRow, 'smsStoppedAt'>>,
  now: Date,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({ ...fields, emailKey: keyOf(fields.email), updatedAt: now })
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .returning();
  return row;
}

/** Deletes a contact (and its venue selections). */
export async function deleteContact(db: Executor, userId: string, contactId: string): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/**
 * Confirms the email of the contact whose live link this is (and lifts an unsubscribe: confirming the address again
 * asks for e-mail again); undefined when no live link matches.
 */
export async function confirmEmail(db: Executor, tokenHash: string, now: Date): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({
      emailEnabled: true,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      emailUnsubscribedAt: null,
      updatedAt: now,
    })
    .where(and(eq(contacts.confirmTokenHash, tokenHash), gt(contacts.confirmExpiresAt, now)))
    .returning();
  return row;
}

export async function findByConfirmToken(db: Executor, tokenHash: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.confirmTokenHash, tokenHash)).limit(1);
  return row;
}

// ---- venue contacts ----

export async function listVenueContactIds(db: Executor, venueId: string): Promise<string[]> {
  const rows = await db
    .select({ contactId: venueContacts.contactId })
    .from(venueContacts)
    .where(eq(venueContacts.venueId, venueId))
    .orderBy(asc(venueContacts.createdAt), asc(venueContacts.contactId));
  return rows.map((r) => r.contactId);
}

/** Selects a contact for a venue (again: nothing changes). */
/** Selects the contact for the venue; whether it was not selected before. */
export async function selectVenueContact(
  db: Executor,
  venueId: string,
  contactId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(venueContacts)
    .values({ venueId, contactId, createdAt: now })
    .onConflictDoNothing()
    .returning({ contactId: venueContacts.contactId });
  return rows.length > 0;
}

/** Deselects the contact for the venue; whether it was selected. */
export async function deselectVenueContact(db: Executor, venueId: string, contactId: string): Promise<boolean> {
  const rows = await db
    .delete(venueContacts)
    .where(and(eq(venueContacts.venueId, venueId), eq(venueContacts.contactId, contactId)))
    .returning({ contactId: venueContacts.contactId });
  return rows.length > 0;
}
