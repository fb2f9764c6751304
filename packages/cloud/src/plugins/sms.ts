/**
 * Outgoing SMS (issue 15). With SMPP_URL: an SMPP v3.4 transceiver session to the gateway (plugins/smpp.ts). Without:
 * the SMS outbox, which keeps each message in the `outbox_sms` table, prints a line, and is readable at
 * GET {API base}/dev/sms-outbox outside production (the demo and tests read it), like the mail outbox.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxSms } from '../db/schema/index';

/** One SMS: the recipient in E.164 and the text (one or more segments). */
export interface SmsMessage {
  readonly to: string;
  readonly text: string;
}

/** An SMS the outbox kept. */
export interface OutboxSms {
  readonly id: string;
  readonly to: string;
  readonly text: string;
  readonly createdAt: string;
}

/** Sends SMS. A failed send throws (the caller retries); `onStop` hears a phone that answered STOP. */
export interface SmsSender {
  readonly kind: 'smpp' | 'outbox';
  send(message: SmsMessage): Promise<void>;
  /** Listens to opt-outs: a mobile-originated STOP from that number (E.164); returns the remover. */
  onStop(listener: (phone: string) => void): () => void;
  close(): Promise<void>;
}

/** The outbox also lists what it kept, newest first, optionally only the messages to one number. */
export interface OutboxSmsSender extends SmsSender {
  readonly kind: 'outbox';
  list(to?: string, limit?: number): Promise<OutboxSms[]>;
  /** Plays a STOP from a phone (the outbox has no phones to answer; the demo and tests play one). */
  receiveStop(phone: string): void;
}

/** True for the outbox sender. */
export const isSmsOutbox = (sms: SmsSender): sms is OutboxSmsSender => sms.kind === 'outbox';

/** The SMS outbox on the given database; `print` receives one line per message. */
export function createSmsOutbox(db: Db, print: (line: string) => void = () => undefined): OutboxSmsSender {
  const listeners = new Set<(phone: string) => void>();
  return {
    kind: 'outbox',
    send: async ({ to, text }) => {
      await db.insert(outboxSms).values({ to, text });
      print(`[sms outbox] to ${to}: ${text.split('\n')[0] ?? ''}`);
    },
    list: async (to, limit = 50) => {
      const rows = await db
        .select()
        .from(outboxSms)
        .where(to === undefined ? undefined : eq(outboxSms.to, to.trim()))
        .orderBy(desc(outboxSms.createdAt))
        .limit(limit);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
    onStop: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receiveStop: (phone) => {
      for (const l of [...listeners]) l(phone);
    },
    close: () => Promise.resolve(),
  };
}
