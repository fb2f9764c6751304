/**
 * The firmware library (issue 14): one row per uploaded image, the file itself on disk or in an S3-compatible bucket (domains/firmware/store.ts).
 * Family and version are unique per user; a partial unique index keeps at most one latest image per user × family
 * (the service keeps exactly one while the family has images). The first index also serves lookups by user.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An image in a user's library. */
export const firmwareImages = pgTable(
  'firmware_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The model family: the image-name prefix of spec 3 §5 (DLS, SS, BS, ASBT). */
    family: text('family').notNull(),
    /** Four dotted numbers, from the image header (the file name says the same). */
    version: text('version').notNull(),
    /** The file name it was uploaded as. */
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** SHA-256 (hex) of the whole file. */
    sha256: text('sha256').notNull(),
    boards: boolean('boards').notNull(),
    factoryReset: boolean('factory_reset').notNull(),
    /** Release notes (markdown, as uploaded). */
    notes: text('notes'),
    latest: boolean('latest').notNull().default(false),
    uploadedAt: time('uploaded_at').notNull(),
  },
  (t) => [
    uniqueIndex('firmware_images_user_family_version_key').on(t.userId, t.family, t.version),
    uniqueIndex('firmware_images_user_family_latest_key')
      .on(t.userId, t.family)
      .where(sql`${t.latest}`),
  ],
);
