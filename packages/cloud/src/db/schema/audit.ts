/**
 * The audit log (issue 21 "Audit timeline"; protocol cloud/audit.ts): one row per change a person made or event an amp
 * reported, append-only — migration 0010's trigger refuses UPDATE, TRUNCATE, and DELETE except of rows older than the
 * cutoff the retention job names for its own transaction (domains/audit/retention.ts). No foreign keys: a row outlives
 * the venue, amp or account it names, until the retention removes it.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One audit event of one organisation (owner_user_id: the account whose data changed). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The organisation's owner: whose timeline it is (the rows of every other table are scoped the same way). */
    ownerUserId: uuid('owner_user_id').notNull(),
    at: time('at').notNull(),
    /** protocol AUDIT_KINDS. */
    kind: text('kind').notNull(),
    /** The signed-in person (a member acting in the owner's organisation is the member); null for the amp. */
    actorUserId: uuid('actor_user_id'),
    /** The actor's e-mail address as it was then. */
    actorEmail: text('actor_email'),
    /** From where: the client's address and User-Agent (cut to 512 characters). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The venue it happened in (a move: the venue the amp went to). */
    venueId: uuid('venue_id'),
    /** A move: the venue the amp left, so that its timeline shows the move too. */
    fromVenueId: uuid('from_venue_id'),
    deviceId: text('device_id'),
    /** Per kind (protocol AuditEventSchema). */
    details: jsonb('details').notNull(),
  },
  (t) => [
    index('audit_events_owner_at_idx').on(t.ownerUserId, t.at),
    index('audit_events_owner_venue_at_idx').on(t.ownerUserId, t.venueId, t.at),
    index('audit_events_owner_from_venue_at_idx').on(t.ownerUserId, t.fromVenueId, t.at),
    index('audit_events_owner_device_at_idx').on(t.ownerUserId, t.deviceId, t.at),
    // the retention job's range
    index('audit_events_at_idx').on(t.at),
  ],
);
