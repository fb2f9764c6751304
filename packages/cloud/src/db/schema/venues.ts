/** Venue tables: a user's venues (spec 1 §3 Venue). Names are unique per user case-insensitively (spec 1 §5). */
import { pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One venue of one user; devices and venue contacts hang off it. */
export const venues = pgTable(
  'venues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Trimmed, as typed; compared case-insensitively. */
    name: text('name').notNull(),
    /**
     * lower(name), kept by the repository: the unique key. (A unique index on (user_id, lower(name)) would do, but
     * drizzle-kit cannot introspect a column-plus-expression index and db:generate would re-emit it every time.)
     */
    nameKey: text('name_key').notNull(),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  // The unique index also serves look-ups by user (its first column).
  (t) => [uniqueIndex('venues_user_name_key').on(t.userId, t.nameKey)],
);
