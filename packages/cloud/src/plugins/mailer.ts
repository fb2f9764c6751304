/**
 * Outgoing e-mail. With SMTP_URL: nodemailer over SMTP. Without: the outbox (ARCHITECTURE.md §3), which keeps each
 * mail in the `outbox_mail` table, prints a line to the console, and is readable at GET {API base}/dev/outbox
 * outside production, so that a new user can sign up with no mail server (the demo and e2e tests read codes there).
 */
import type { OutboxMail } from '@rackside/protocol';
import { desc, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outboxMail } from '../db/schema/index';
import { AppError } from './errors';

/** One e-mail; `code` is the confirmation code it carries (kept apart in the outbox so nobody parses the text). */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly code?: string;
  /**
   * The Message-ID (`<id@host>`): a notification passes one derived from its idempotency key, so that a mail handed
   * to SMTP twice (a crash before it was marked sent) is one message to mail systems that deduplicate by it.
   */
  readonly messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Sends e-mail. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The outbox also lists what it kept, newest first, optionally only the mails to one address (case-insensitive). */
export interface OutboxMailer extends Mailer {
  readonly kind: 'outbox';
  list(to?: string, limit?: number): Promise<OutboxMail[]>;
}

/** True for the outbox mailer. */
export const isOutbox = (mailer: Mailer): mailer is OutboxMailer => mailer.kind === 'outbox';

/**
 * What an SMTP failure answers: 503 ServiceUnavailable naming the mail server's reply (e.g. `550 5.1.1 mailbox
 * unavailable`) or, when it could not be reached, nodemailer's error code — never the server's address.
 */
export function mailDeliveryError(to: string, error: unknown): AppError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    response?: unknown;
    responseCode?: unknown;
  };
  const reason =
    typeof e.responseCode === 'number'
      ? `the mail server answered ${typeof e.response === 'string' ? e.response : String(e.responseCode)}`
      : `the mail server could not be reached (${typeof e.code === 'string' ? e.code : 'no answer'})`;
  return new AppError('ServiceUnavailable', `The e-mail to ${to} could not be sent: ${reason}. Try again later.`);
}

/** An SMTP mailer (smtp:// or smtps://user:pass@host:port); a failed delivery throws mailDeliveryError's AppError. */
export function createSmtpMailer(url: string, from: string): Mailer {
  // a pool of connections reused across mails: a fault on many amps is many mails at once (bench/notifications);
  // the URL's own parameters (e.g. ?pool=false, ?maxConnections=) win over these
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 16, maxMessages: 1000 });
  return {
    kind: 'smtp',
    send: async ({ to, subject, text, messageId, headers }) => {
      try {
        await transport.sendMail({
          from,
          to,
          subject,
          text,
          messageId,
          headers: headers === undefined ? undefined : { ...headers },
        });
      } catch (error) {
        throw mailDeliveryError(to, error);
      }
    },
    close: () => Promise.resolve(transport.close()),
  };
}

/** The outbox mailer on the given database; `print` receives one line per mail (main.ts prints it). */
export function createOutboxMailer(db: Db, print: (line: string) => void = () => undefined): OutboxMailer {
  return {
    kind: 'outbox',
    send: async (mail) => {
      await db.insert(outboxMail).values({ to: mail.to, subject: mail.subject, text: mail.text, code: mail.code });
      print(`[outbox] to ${mail.to}: ${mail.subject}${mail.code === undefined ? '' : ` (code ${mail.code})`}`);
    },
    list: async (to, limit = 50) => {
      const rows = await db
        .select()
        .from(outboxMail)
        .where(to === undefined ? undefined : sql`lower(${outboxMail.to}) = lower(${to.trim()})`)
        .orderBy(desc(outboxMail.createdAt))
        .limit(limit);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
    close: () => Promise.resolve(),
  };
}
