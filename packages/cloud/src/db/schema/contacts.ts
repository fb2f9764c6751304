/**
 * Contact tables (spec 1 §3 Contact and venue contact): what fault-notification delivery will need — severity bit
 * flags, the phone in E.164, the email and whether it is confirmed — and which venues each contact follows.
 */
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { venues } from './venues';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A notification contact of one user. Email (case-insensitively) and phone are unique per user. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    /** lower(email), kept by the repository: the unique key (see venues.nameKey for why a column). */
    emailKey: text('email_key'),
    /** E.164, e.g. +12015550123. */
    phone: text('phone'),
    /** spec 1 §3 severity bit flags: Critical 1, Warning 2, Info 4. */
    severity: integer('severity').notNull(),
    /** The email was confirmed through the link sent to it; notifications go only to a confirmed address. */
    emailEnabled: boolean('email_enabled').notNull().default(false),
    /** SHA-256 of the pending confirmation link's token, and when it stops working. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmExpiresAt: time('confirm_expires_at'),
    /** The unsubscribe link of a notification e-mail was used: no more e-mail until the address is confirmed again. */
    emailUnsubscribedAt: time('email_unsubscribed_at'),
    /** The phone answered STOP to a notification SMS: no more SMS until the phone is changed or re-entered. */
    smsStoppedAt: time('sms_stopped_at'),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('contacts_user_email_key').on(t.userId, t.emailKey),
    uniqueIndex('contacts_user_phone_key').on(t.userId, t.phone),
  ],
);

/** A contact selected for a venue (spec 1 §3 venue contact). */
export const venueContacts = pgTable(
  'venue_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('venue_contacts_venue_contact_key').on(t.venueId, t.contactId),
    index('venue_contacts_contact_id_idx').on(t.contactId),
  ],
);
