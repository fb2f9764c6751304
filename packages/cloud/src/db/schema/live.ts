/**
 * Live stream tickets (issue 20; domains/live): a browser's EventSource cannot send the bearer header, so it opens the
 * stream with a ticket in the query, single use and short-lived. Tickets live in the database, not in a node's memory,
 * so that a ticket taken from one cloud node opens the stream on any other and still works once. Only the SHA-256 of
 * a ticket is stored.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './identity';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One unspent ticket: deleted when it opens a stream, or once expired (by the next ticket's issue). */
export const liveTickets = pgTable(
  'live_tickets',
  {
    /** SHA-256 (hex) of the ticket. */
    ticketHash: text('ticket_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sign-in session that asked for it: the stream lives as long as that session. */
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /**
     * The organisation the stream acts in (issue 21: the ticket request's X-Rackside-Org); null for the caller's
     * personal organisation. Checked again when the stream opens and while it lives.
     */
    organisationId: uuid('organisation_id'),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [index('live_tickets_expires_at_idx').on(t.expiresAt)],
);
