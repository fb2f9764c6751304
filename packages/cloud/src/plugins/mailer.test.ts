import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../test/db';
import { createOutboxMailer, createSmtpMailer } from './mailer';

/** The smallest SMTP server that accepts mail (RFC 5321 happy path), recording each message's data. */
function fakeSmtp(received: string[]): Server {
  return createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = null;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 fake\r\n');
        else if (line.startsWith('DATA')) {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
}

describe('SMTP mailer', () => {
  const received: string[] = [];
  const server = fakeSmtp(received);
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers through the server SMTP_URL names', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Rackside <no-reply@rackside.test>');
    await mailer.send({ to: 'jane@example.com', subject: 'Your code', text: 'Your code is 123456', code: '123456' });
    await mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^To: jane@example.com$/m);
    expect(received[0]).toMatch(/^Subject: Your code$/m);
    expect(received[0]).toContain('Your code is 123456');
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
