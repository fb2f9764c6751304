/**
 * The notification bench's cloud mails through SMTP to a test SMTP server (packages/cloud/src/test/smtp-server.ts),
 * not to the outbox: this reads the sign-up codes there, as the route tests' factories read them from the outbox
 * (an OutboxMailer whose `list` answers the test server's mails, the code taken out of the text), and follows a
 * contact's confirmation link mailed there.
 */
import type { OutboxMailer } from '@rackside/cloud';
import type { ReceivedMail, TestSmtpServer } from '@rackside/cloud/testing';
import type { OutboxMail } from '@rackside/protocol';

/** `Your confirmation code is 123456` (packages/cloud/src/domains/identity/codes.ts). */
const CODE = /code is (\S+)/;

/** An OutboxMailer view of what the test SMTP server received (it sends nothing itself). */
export function smtpMailbox(smtp: TestSmtpServer): OutboxMailer {
  const asOutbox = (m: ReceivedMail, i: number): OutboxMail => ({
    id: String(i),
    to: m.to[0] ?? '',
    subject: m.subject,
    text: m.text,
    code: CODE.exec(m.text)?.[1] ?? null,
    createdAt: new Date(m.at).toISOString(),
  });
  return {
    kind: 'outbox',
    send: () => Promise.reject(new Error('the SMTP mailbox only reads what the test server received')),
    list: (to, limit = 50) => {
      const mails = to === undefined ? smtp.mails : smtp.to(to);
      return Promise.resolve(mails.map(asOutbox).reverse().slice(0, limit));
    },
    close: () => Promise.resolve(),
  };
}

/** The path (under the cloud's origin) of the confirmation link in the newest mail to `email`. */
export async function confirmationPath(smtp: TestSmtpServer, email: string, timeoutMs = 10_000): Promise<string> {
  const isConfirmation = (m: ReceivedMail) =>
    m.to.some((t) => t.toLowerCase() === email.toLowerCase()) && /\/contacts\/confirm\?token=/.test(m.text);
  const [mail] = (await smtp.waitFor(1, isConfirmation, timeoutMs)).slice(-1);
  const link = /https?:\/\/\S+\/contacts\/confirm\?token=\S+/.exec(mail?.text ?? '')?.[0];
  if (link === undefined) throw new Error(`no confirmation link mailed to ${email}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
