import type { AddressInfo } from 'node:net';
import { IDENTITY_PATHS, type ErrorBody } from '@rackside/protocol';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/app';
import { useTestDb } from '../test/db';
import { PASSWORD, uniqueEmail } from '../test/factories';
import { createOutboxMailer, createSmtpMailer } from './mailer';

/** One mail as the SMTP server received it. */
interface Received {
  readonly from: string | undefined;
  readonly to: string[];
  readonly data: string;
}

/** A real SMTP server (smtp-server) on a free loopback port, plain text, no auth; `hooks` may refuse. */
async function startSmtp(hooks: Pick<SMTPServerOptions, 'onConnect' | 'onRcptTo'> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    ...hooks,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          from: mailFrom === false ? undefined : mailFrom.address,
          to: rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** smtp-server answers a hook's error with its responseCode. */
const refusal = (responseCode: number, message: string): Error => Object.assign(new Error(message), { responseCode });

describe('SMTP mailer (against smtp-server)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  it('delivers through the server SMTP_URL names: envelope, headers and the code in the body', async () => {
    const mailer = createSmtpMailer(smtp.url, 'Rackside <no-reply@rackside.test>');
    await mailer.send({ to: 'jane@example.com', subject: 'Your code', text: 'Your code is 123456', code: '123456' });
    await mailer.close();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('no-reply@rackside.test');
    expect(mail?.to).toEqual(['jane@example.com']);
    expect(mail?.data).toMatch(/^To: jane@example.com$/m);
    expect(mail?.data).toMatch(/^Subject: Your code$/m);
    expect(mail?.data).toContain('Your code is 123456');
  });
});

describe('SMTP failures', () => {
  const db = useTestDb();

  it('a refused recipient, a refused connection and no server at all throw ServiceUnavailable with the reason', async () => {
    const refusing = await startSmtp({ onRcptTo: (_a, _s, cb) => cb(refusal(550, 'Mailbox unavailable')) });
    const closed = await startSmtp({ onConnect: (_s, cb) => cb(refusal(421, 'Too busy, try later')) });
    const gone = await startSmtp();
    await gone.close(); // a port nobody listens on any more
    try {
      const attempts = [
        [refusing.url, /the mail server answered 550 Mailbox unavailable/],
        [closed.url, /the mail server answered 421 Too busy, try later/],
        [gone.url, /the mail server could not be reached \(ESOCKET\)/],
      ] as const;
      for (const [url, reason] of attempts) {
        const mailer = createSmtpMailer(url, 'Rackside <no-reply@rackside.test>');
        const sent = mailer.send({ to: 'jane@example.com', subject: 'Your code', text: 'Your code is 123456' });
        await expect(sent).rejects.toMatchObject({ error: 'ServiceUnavailable', status: 503 });
        await expect(sent).rejects.toThrow(reason);
        await expect(sent).rejects.toThrow(
          /^The e-mail to jane@example.com could not be sent: .*\. Try again later\.$/,
        );
        await mailer.close();
      }
      expect(refusing.received).toEqual([]);
    } finally {
      await Promise.all([refusing.close(), closed.close()]);
    }
  });

  it('sign-up answers 503 ServiceUnavailable while the server refuses; the app keeps serving; resend then works', async () => {
    let refuse = true;
    const smtp = await startSmtp({
      onRcptTo: (_a, _s, cb) => cb(refuse ? refusal(451, 'Temporary local problem') : null),
    });
    const mailer = createSmtpMailer(smtp.url, 'Rackside <no-reply@rackside.test>');
    const app = await buildApp({ config: testConfig(), db: db(), mailer });
    try {
      const email = uniqueEmail('smtp');
      const signUp = await app.inject({
        method: 'POST',
        url: `/api${IDENTITY_PATHS.signUp}`,
        payload: { email, password: PASSWORD, passwordConfirm: PASSWORD },
      });
      expect(signUp.statusCode).toBe(503);
      expect(signUp.json<ErrorBody>()).toEqual({
        error: 'ServiceUnavailable',
        message: `The e-mail to ${email} could not be sent: the mail server answered 451 Temporary local problem. Try again later.`,
      });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      refuse = false; // the mail server is back: the undelivered code was forgotten, so no UnableToResendCode
      const resend = await app.inject({ method: 'POST', url: `/api${IDENTITY_PATHS.resendCode}`, payload: { email } });
      expect(resend.statusCode).toBe(200);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual([email.toLowerCase()]);
      expect(smtp.received[0]?.data).toMatch(/\d{6}/);
    } finally {
      await app.close();
      await mailer.close();
      await smtp.close();
    }
  });
});

describe('outbox mailer', () => {
  const db = useTestDb();

  it('keeps mails, prints a line each, and lists them newest first by recipient (case-insensitive)', async () => {
    const lines: string[] = [];
    const mailer = createOutboxMailer(db(), (line) => lines.push(line));
    await mailer.send({ to: 'Jane@Example.com', subject: 'one', text: 'first', code: '111111' });
    await mailer.send({ to: 'bob@example.com', subject: 'other', text: 'x' });
    await mailer.send({ to: 'jane@example.com', subject: 'two', text: 'second', code: '222222' });
    const mails = await mailer.list('JANE@example.com');
    expect(mails.map((m) => [m.subject, m.code])).toEqual([
      ['two', '222222'],
      ['one', '111111'],
    ]);
    expect(mails[0]).toMatchObject({ to: 'jane@example.com', text: 'second' });
    expect(mails[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(mails[0]?.createdAt ?? '').getTime()).not.toBeNaN();
    expect((await mailer.list()).length).toBe(3);
    expect(lines).toEqual([
      '[outbox] to Jane@Example.com: one (code 111111)',
      '[outbox] to bob@example.com: other',
      '[outbox] to jane@example.com: two (code 222222)',
    ]);
  });
});
