/**
 * A real SMPP v3.4 gateway for tests and benchmarks, on the `smpp` library's server side, listening on 127.0.0.1: it
 * checks the bind's credentials, answers submit_sm (or refuses it, or stays silent, as the test asks), joins
 * concatenated segments back into one message, plays phones that answer (deliver_sm), and can stop and start again on
 * the same port to simulate an outage. What it records is what a gateway would have received.
 */
import type { AddressInfo } from 'node:net';
import smpp, { type Pdu, type Session } from 'smpp';

/** One SMS as the gateway received it; a concatenated message appears once, its segments joined. */
export interface ReceivedSms {
  /** destination_addr as sent (E.164 without '+'). */
  readonly to: string;
  /** source_addr. */
  readonly from: string;
  readonly text: string;
  readonly dataCoding: number;
  readonly segments: number;
  /** The first segment's submit_sm (addresses, TONs, esm_class ...). */
  readonly pdu: Pdu;
}

/** What a bind carried. */
export interface ReceivedBind {
  readonly systemId: string;
  readonly password: string;
}

export interface TestSmppServerOptions {
  /** Accepted credentials (default rackside / secret). */
  readonly systemId?: string;
  readonly password?: string;
  /** Port to listen on (default: a free one). */
  readonly port?: number;
  /** The command_status to answer a submit_sm with (0: accept and record it). */
  readonly refuse?: (pdu: Pdu) => number;
  /** True: leave this submit_sm or enquire_link unanswered (a gateway that hangs). */
  readonly ignore?: (pdu: Pdu) => boolean;
}

export interface TestSmppServer {
  /** smpp://systemId:password@127.0.0.1:port */
  readonly url: string;
  readonly port: number;
  readonly messages: ReceivedSms[];
  readonly binds: ReceivedBind[];
  /** Resolves once `n` messages have arrived (rejects after timeoutMs, default 3 s). */
  waitForMessages(n: number, timeoutMs?: number): Promise<ReceivedSms[]>;
  /**
   * A phone (E.164) sends `text`: deliver_sm to every bound transceiver (waiting up to 3 s for one to bind), resolved
   * when each answered deliver_sm_resp with status 0. `receipt` marks it a delivery receipt (esm_class 0x04).
   */
  sendFromPhone(phone: string, text: string, options?: { receipt?: boolean }): Promise<void>;
  /** Closes the listener and every session. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** Concatenation information element (IEI 0x00 with an 8-bit reference, 0x08 with 16 bits): reference, total, number. */
function concatenation(udh: Buffer[] | undefined): { ref: number; total: number; index: number } | undefined {
  for (const ie of udh ?? []) {
    if (ie[0] === 0x00 && ie.length >= 5) return { ref: ie[2] ?? 0, total: ie[3] ?? 1, index: ie[4] ?? 1 };
    if (ie[0] === 0x08 && ie.length >= 6) return { ref: ie.readUInt16BE(2), total: ie[4] ?? 1, index: ie[5] ?? 1 };
  }
  return undefined;
}

/** The text and UDH of a decoded short_message or message_payload. */
function decoded(value: Pdu['short_message']): { text: string; udh?: Buffer[] } {
  if (value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value };
  if (Buffer.isBuffer(value)) return { text: value.toString('latin1') };
  const text = typeof value.message === 'string' ? value.message : value.message.toString('latin1');
  return value.udh === undefined ? { text } : { text, udh: value.udh };
}

/** Starts the gateway on 127.0.0.1. */
export async function startTestSmppServer(options: TestSmppServerOptions = {}): Promise<TestSmppServer> {
  const { systemId = 'rackside', password = 'secret', refuse, ignore } = options;
  const messages: ReceivedSms[] = [];
  const binds: ReceivedBind[] = [];
  const bound = new Set<Session>();
  const partial = new Map<string, { parts: (string | undefined)[]; first?: Pdu }>();
  let nextMessageId = 0;

  const record = (pdu: Pdu) => {
    const short = decoded(pdu.short_message);
    const { text, udh } = short.text === '' && pdu.message_payload !== undefined ? decoded(pdu.message_payload) : short;
    const base = { to: pdu.destination_addr ?? '', from: pdu.source_addr ?? '', dataCoding: pdu.data_coding ?? 0 };
    const concat = concatenation(udh);
    if (concat === undefined || concat.total <= 1) {
      messages.push({ ...base, text, segments: 1, pdu });
      return;
    }
    const key = `${base.from}|${base.to}|${concat.ref}`;
    const entry = partial.get(key) ?? { parts: new Array<string | undefined>(concat.total).fill(undefined) };
    entry.parts[concat.index - 1] = text;
    if (concat.index === 1) entry.first = pdu;
    partial.set(key, entry);
    if (entry.parts.some((p) => p === undefined) || entry.first === undefined) return;
    partial.delete(key);
    messages.push({ ...base, text: entry.parts.join(''), segments: concat.total, pdu: entry.first });
  };

  const server = smpp.createServer((session) => {
    session.on('error', () => undefined); // a client that vanishes is part of the tests
    session.on('close', () => bound.delete(session));
    session.on('bind_transceiver', (pdu: Pdu) => {
      binds.push({ systemId: pdu.system_id ?? '', password: pdu.password ?? '' });
      const status =
        pdu.system_id !== systemId
          ? (smpp.errors.ESME_RINVSYSID ?? 0x0f)
          : pdu.password !== password
            ? (smpp.errors.ESME_RINVPASWD ?? 0x0e)
            : 0;
      if (status === 0) bound.add(session);
      session.send(pdu.response(status === 0 ? { system_id: 'rackside-test-smsc' } : { command_status: status }));
      if (status !== 0) session.close();
    });
    session.on('submit_sm', (pdu: Pdu) => {
      if (!bound.has(session)) {
        session.send(pdu.response({ command_status: smpp.errors.ESME_RINVBNDSTS ?? 0x04 }));
        return;
      }
      if (ignore?.(pdu) === true) return;
      const status = refuse?.(pdu) ?? 0;
      if (status !== 0) {
        session.send(pdu.response({ command_status: status }));
        return;
      }
      nextMessageId += 1;
      session.send(pdu.response({ message_id: String(nextMessageId) }));
      record(pdu);
    });
    session.on('enquire_link', (pdu: Pdu) => {
      if (ignore?.(pdu) !== true) session.send(pdu.response());
    });
    session.on('unbind', (pdu: Pdu) => {
      bound.delete(session);
      session.send(pdu.response());
      session.close();
    });
  });
  server.on('error', () => undefined);

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(options.port ?? 0);
  const { port } = server.address() as AddressInfo;

  const waitFor = async (condition: () => boolean, timeoutMs: number, what: () => string) => {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`test SMPP server: ${what()} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  return {
    url: `smpp://${encodeURIComponent(systemId)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    port,
    messages,
    binds,
    waitForMessages: async (n, timeoutMs = 3000) => {
      await waitFor(() => messages.length >= n, timeoutMs, () => `${messages.length} of ${n} messages arrived`);
      return messages.slice(0, n);
    },
    sendFromPhone: async (phone, text, { receipt = false } = {}) => {
      await waitFor(() => bound.size > 0, 3000, () => 'no transceiver bound');
      const gsm = !text.includes('\x1b') && smpp.gsmCoder.GSM.charRegex.test(text);
      const answers = [...bound].map(
        (session) =>
          new Promise<void>((resolve, reject) => {
            const sent = session.deliver_sm(
              {
                source_addr: phone.replace(/^\+/, ''),
                source_addr_ton: 1,
                source_addr_npi: 1,
                destination_addr: 'Rackside',
                esm_class: receipt ? 0x04 : 0,
                data_coding: gsm ? 0 : 8,
                short_message: text,
              },
              (resp) =>
                resp.command_status === 0
                  ? resolve()
                  : reject(new Error(`deliver_sm answered with status ${resp.command_status}`)),
            );
            if (!sent) reject(new Error('test SMPP server: the session closed before deliver_sm'));
            setTimeout(() => reject(new Error('test SMPP server: no deliver_sm_resp within 3 s')), 3000).unref();
          }),
      );
      await Promise.all(answers);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const session of [...server.sessions]) session.destroy();
        bound.clear();
        if (!server.listening) resolve();
        else server.close(() => resolve());
      }),
    start: () => listen(port),
  };
}
