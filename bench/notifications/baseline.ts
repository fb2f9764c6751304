/**
 * The notification bench's baselines: the same number of messages, with the same texts, handed straight to the same
 * test servers with nothing in between — e-mail through nodemailer with a pool of as many connections as the
 * cloud's worker sends at once, SMS through the cloud's own SMPP sender (createSmppSender, one bound transceiver)
 * with as many submits in flight. Each total runs from the first send to the last message's arrival at the server.
 */
import type { startTestSmppServer, TestSmtpServer } from '@rackside/cloud/testing';

/** The test SMPP server (its type is not exported by name). */
type TestSmppServer = Awaited<ReturnType<typeof startTestSmppServer>>;
import { createSmtpMailer } from '@rackside/cloud';
import nodemailer from 'nodemailer';
// not exported by @rackside/cloud: the cloud's own sender, so that the baseline is its SMPP path without the worker
import { createSmppSender } from '../../packages/cloud/src/plugins/smpp';
import { now } from '../cloud/cloud-under-test';

/** Messages the cloud's notification worker hands over at once (packages/cloud/src/domains/notifications/worker.ts
 * SEND_CONCURRENCY: SMTP connections, SMPP submits in flight). */
export const WORKER_SEND_CONCURRENCY = 32;

/** One bare run: how many went and arrived, from the first send to the last arrival. */
export interface BareRun {
  readonly messages: number;
  readonly arrived: number;
  readonly failed: number;
  readonly totalMs: number;
  readonly concurrency: number;
}

/** Runs `send` over 0..n-1, at most `limit` at once; counts failures. */
async function eachLimit(n: number, limit: number, send: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  let failed = 0;
  const lane = async () => {
    while (next < n) {
      const i = next++;
      await send(i).catch(() => {
        failed++;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, lane));
  return failed;
}

/** Waits (polling every 5 ms) until `done()` or `timeoutMs`. */
async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = now() + timeoutMs;
  while (!done() && now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** `texts` e-mails (subject and text) to `to` through a nodemailer pool of `concurrency` connections. */
export async function bareSmtp(
  smtp: TestSmtpServer,
  mails: readonly { readonly subject: string; readonly text: string }[],
  to: string,
  concurrency = WORKER_SEND_CONCURRENCY,
): Promise<BareRun> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: concurrency,
    maxMessages: Infinity,
  });
  try {
    return await timeSmtpRun(smtp, mails.length, concurrency, async (i) => {
      const m = mails[i]!;
      await transport.sendMail({ from: 'Rackside <no-reply@rackside.local>', to, subject: m.subject, text: m.text });
    });
  } finally {
    transport.close();
  }
}

/** Sends `count` mails `concurrency` at a time and times them from the first send to the last arrival. */
async function timeSmtpRun(
  smtp: TestSmtpServer,
  count: number,
  concurrency: number,
  send: (i: number) => Promise<void>,
): Promise<BareRun> {
  const before = smtp.mails.length;
  const started = now();
  const failed = await eachLimit(count, concurrency, send);
  await until(() => smtp.mails.length - before >= count - failed, 10_000);
  const last = smtp.mails.slice(before).reduce((t, m) => Math.max(t, m.at), started);
  return { messages: count, arrived: smtp.mails.length - before, failed, totalMs: last - started, concurrency };
}

/**
 * The same e-mails through the cloud's own mailer alone (createSmtpMailer with its connection pool, as the worker
 * hands them over: `concurrency` at once), to split the worker's cost from its mailer's.
 */
export async function cloudMailer(
  smtp: TestSmtpServer,
  mails: readonly { readonly subject: string; readonly text: string }[],
  to: string,
  concurrency = WORKER_SEND_CONCURRENCY,
): Promise<BareRun> {
  const mailer = createSmtpMailer(smtp.url, 'Rackside <no-reply@rackside.local>');
  try {
    return await timeSmtpRun(smtp, mails.length, concurrency, (i) => mailer.send({ to, ...mails[i]! }));
  } finally {
    await mailer.close();
  }
}

/**
 * `texts` SMS to `phone` through the cloud's SMPP sender, `concurrency` submits in flight; `arrivals` are the arrival
 * times the caller stamps on the server's messages (index by index).
 */
export async function bareSmpp(
  smpp: TestSmppServer,
  arrivals: readonly number[],
  texts: readonly string[],
  phone: string,
  concurrency = WORKER_SEND_CONCURRENCY,
): Promise<BareRun> {
  const sender = createSmppSender(smpp.url, 'Rackside');
  const before = smpp.messages.length;
  const bindsBefore = smpp.binds.length;
  try {
    // bind first, as the cloud's sender is bound long before a fault (onStop opens the session)
    const off = sender.onStop(() => undefined);
    await until(() => smpp.binds.length > bindsBefore, 5000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    off();
    const started = now();
    const failed = await eachLimit(texts.length, concurrency, (i) => sender.send({ to: phone, text: texts[i]! }));
    await until(() => smpp.messages.length - before >= texts.length - failed, 10_000);
    const last = arrivals.slice(before).reduce((t, a) => Math.max(t, a), started);
    return {
      messages: texts.length,
      arrived: smpp.messages.length - before,
      failed,
      totalMs: last - started,
      concurrency,
    };
  } finally {
    await sender.close();
  }
}
