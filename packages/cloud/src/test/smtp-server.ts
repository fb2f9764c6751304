/**
 * A real SMTP server for tests and benchmarks (smtp-server, the server half of nodemailer's project) on a loopback
 * port: it keeps every mail it accepts with its envelope, headers and decoded text, and can be stopped and started
 * again on the same port to play a mail-server outage. What a test asserts is what a mailbox would receive.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One accepted mail. */
export interface ReceivedMail {
  readonly from: string | undefined;
  readonly to: string[];
  readonly subject: string;
  /** The body as text (quoted-printable and soft line breaks decoded). */
  readonly text: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly raw: string;
  readonly at: number;
}

/** A running test SMTP server. */
export interface TestSmtpServer {
  readonly url: string;
  readonly port: number;
  readonly mails: ReceivedMail[];
  /** Mails to one address (case-insensitive). */
  to(address: string): ReceivedMail[];
  /** Resolves once at least `n` mails (matching `filter`) arrived; rejects after `timeoutMs`. */
  waitFor(n: number, filter?: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Closes the listener (connections are refused: an outage). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** Quoted-printable to text: soft line breaks removed, `=XX` bytes decoded as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      for (const b of Buffer.from(joined[i] ?? '', 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes an RFC 2047 encoded word (`=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=`) header value. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** Parses a single-part mail (what the cloud's mailer sends: text/plain, maybe quoted-printable or base64). */
export function parseMail(raw: string): { headers: Record<string, string>; subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = decodeHeader(line.slice(i + 1).trim());
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { headers, subject: headers.subject ?? '', text: text.replace(/\r\n/g, '\n') };
}

/** Starts a plain-text SMTP server without auth on `port` (0: a free one) of 127.0.0.1. */
export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let server: SMTPServer | undefined;
  let actualPort = port;

  const listen = async (): Promise<void> => {
    const s = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // no reverse DNS look-up of each client (loopback): it costs a resolver round trip per connection
      disableReverseLookup: true,
      // stop() is an outage: open (pooled) client connections are dropped at once, not waited for
      closeTimeout: 50,
      size: 10 * 1024 * 1024,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const { headers, subject, text } = parseMail(raw);
          const { mailFrom, rcptTo } = session.envelope;
          mails.push({
            from: mailFrom === false ? undefined : mailFrom.address,
            to: rcptTo.map((r) => r.address),
            subject,
            text,
            headers,
            raw,
            at: Date.now(),
          });
          for (const w of [...waiters]) w();
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      s.server.once('error', reject);
      s.listen(actualPort, '127.0.0.1', () => resolve());
    });
    actualPort = (s.server.address() as AddressInfo).port;
    server = s;
  };
  await listen();

  const result: TestSmtpServer = {
    get url() {
      return `smtp://127.0.0.1:${actualPort}`;
    },
    get port() {
      return actualPort;
    },
    mails,
    to: (address) => mails.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())),
    waitFor: (n, filter = () => true, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.filter(filter);
          if (found.length >= n) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`waited ${timeoutMs} ms for ${n} mails, got ${mails.filter(filter).length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    stop: async () => {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: async () => {
      if (!server) await listen();
    },
  };
  return result;
}
