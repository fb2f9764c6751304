/** The development mail outbox (plugins/mailer.ts): what would have been e-mailed when no SMTP server is set. */
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One e-mail the outbox mailer kept instead of sending. */
export const outboxMail = pgTable('outbox_mail', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** The code the mail carries, so a demo or a test need not parse the text. */
  code: text('code'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
