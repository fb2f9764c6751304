/**
 * The relay's open sessions (issue 13 caps, issue 20 several nodes): every node records the relay sessions it holds,
 * so that the per-user and per-amp caps count the sessions of every node, not one node's. A node renews its rows'
 * `seen_at` while they are open and deletes them when they close; a node that dies leaves rows that stop counting once
 * their `seen_at` is older than the relay's stale limit (remote.repo.ts).
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { users } from './identity';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One open relay session, on whichever node holds its WebSocket. */
export const relaySessions = pgTable(
  'relay_sessions',
  {
    /** The relay session's id (also its `sessionId` on the amp's MQTT topics). */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    seenAt: time('seen_at').notNull(),
  },
  (t) => [index('relay_sessions_user_id_idx').on(t.userId), index('relay_sessions_device_id_idx').on(t.deviceId)],
);
