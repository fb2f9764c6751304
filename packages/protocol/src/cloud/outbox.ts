/**
 * The development mail outbox (`GET {API base}/dev/outbox`, absent in production): what the cloud would have
 * e-mailed when no SMTP server is configured. The demo and end-to-end tests read confirmation codes from it.
 */
import { z } from 'zod';

/** Outbox endpoint, relative to the API base. Query `to` filters by recipient (case-insensitive). */
export const OUTBOX_PATH = '/dev/outbox';

/** One e-mail in the outbox; `code` is the confirmation or verification code it carries, when it carries one. */
export const OutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

/** `GET /dev/outbox?to=` query. */
export const OutboxQuerySchema = z.object({ to: z.string().max(254).optional() });
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

/** The outbox, newest first. */
export const OutboxListSchema = z.object({ mails: z.array(OutboxMailSchema) });
export type OutboxList = z.infer<typeof OutboxListSchema>;

/** The development SMS outbox (`GET {API base}/dev/sms-outbox`, absent in production): SMS kept without SMPP_URL. */
export const SMS_OUTBOX_PATH = '/dev/sms-outbox';

/** One SMS in the SMS outbox. */
export const OutboxSmsSchema = z.object({ id: z.string(), to: z.string(), text: z.string(), createdAt: z.string() });
export type OutboxSmsItem = z.infer<typeof OutboxSmsSchema>;

/** `GET /dev/sms-outbox?to=` query (E.164). */
export const SmsOutboxQuerySchema = z.object({ to: z.string().max(32).optional() });

/** The SMS outbox, newest first. */
export const SmsOutboxListSchema = z.object({ messages: z.array(OutboxSmsSchema) });
export type SmsOutboxList = z.infer<typeof SmsOutboxListSchema>;
