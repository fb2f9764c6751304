/**
 * The SMPP v3.4 SMS sender (issue 15): one transceiver session to the gateway SMPP_URL names
 * (smpp://system_id:password@host:port, smpps:// over TLS), opened on first use and kept open: enquire_link every
 * 30 s, reconnect with backoff when it drops. Texts go out as submit_sm in the GSM default alphabet when every
 * character fits, else UCS2, split into concatenated segments (UDH) when too long for one. Phones answer through
 * deliver_sm: a STOP reaches the onStop listeners, delivery receipts are only acknowledged. The password and the texts
 * never reach the log; phone numbers only at debug.
 */
import smpp, { type Pdu, type Session } from 'smpp';
import type { SmsSender } from './sms';

/** What the sender logs: connection state at info and warn, phone numbers only at debug. */
export interface SmppLogger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  debug?(details: Record<string, unknown>, message: string): void;
}

/** Timings; the defaults suit a real gateway, tests shorten them. */
export interface SmppOptions {
  /** How long a submit_sm, bind or enquire_link may wait for its answer (default 10 s). */
  readonly responseTimeoutMs?: number;
  /** Keepalive period (default 30 s). */
  readonly enquireLinkMs?: number;
  /** First and longest wait before reconnecting a dropped session (default 1 s doubling up to 60 s). */
  readonly reconnectMinMs?: number;
  readonly reconnectMaxMs?: number;
}

/** Why a send failed; `status` is the gateway's command_status when it answered with one. */
export type SmsGatewayFailure = 'unreachable' | 'login' | 'refused' | 'timeout' | 'closed';

/** A failed SMPP operation; the message names the gateway's answer, never the URL or the password. */
export class SmsGatewayError extends Error {
  constructor(
    message: string,
    readonly reason: SmsGatewayFailure,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsGatewayError';
  }
}

/** The parts of SMPP_URL. */
export interface SmppEndpoint {
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  readonly systemId: string;
  readonly password: string;
}

/** Parses smpp://system_id:password@host[:port] (default 2775) or smpps:// (TLS, default 3550); credentials URL-decoded. */
export function parseSmppUrl(url: string): SmppEndpoint {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error('SMPP_URL is not a URL (expected smpp://system_id:password@host:port)');
  }
  if (u.protocol !== 'smpp:' && u.protocol !== 'smpps:') throw new Error('SMPP_URL must start with smpp:// or smpps://');
  if (u.hostname === '' || u.username === '') throw new Error('SMPP_URL needs a system_id and a host');
  const tls = u.protocol === 'smpps:';
  return {
    host: u.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: u.port === '' ? (tls ? 3550 : 2775) : Number(u.port),
    tls,
    systemId: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

const statusNames = new Map(Object.entries(smpp.errors).map(([name, code]) => [code, name]));

/** A command_status as `ESME_RTHROTTLED (0x58)`. */
export function statusName(status: number): string {
  const hex = `0x${status.toString(16).toUpperCase().padStart(2, '0')}`;
  const name = statusNames.get(status);
  return name === undefined ? `status ${hex}` : `${name} (${hex})`;
}

/** source_addr and its type: an alphanumeric sender is TON 5 / NPI 0, a number is international (TON 1 / NPI 1). */
export function sourceAddress(from: string): { source_addr: string; source_addr_ton: number; source_addr_npi: number } {
  const digits = from.trim().replace(/^\+/, '');
  return /^\d+$/.test(digits)
    ? { source_addr: digits, source_addr_ton: 1, source_addr_npi: 1 }
    : { source_addr: from.trim(), source_addr_ton: 5, source_addr_npi: 0 };
}

/** data_coding 0 (GSM 03.38 default alphabet, one octet per septet) or 8 (UCS2), and the short_message of each segment. */
export interface SmsSegments {
  readonly dataCoding: 0 | 8;
  /** With more than one: each begins with the concatenation UDH (esm_class 0x40). */
  readonly parts: Buffer[];
}

/** GSM 03.41: one SMS carries 160 septets or 140 octets; a concatenation UDH (6 octets) leaves 153 or 134. */
const GSM_SINGLE = 160;
const GSM_SEGMENT = 153;
const UCS2_SINGLE = 140;
const UCS2_SEGMENT = 134;
const ESCAPE = 0x1b;

/** True when every character of `text` is in the GSM default alphabet or its extension table. */
export const fitsGsm = (text: string): boolean => !text.includes('\x1b') && smpp.gsmCoder.GSM.charRegex.test(text);

/** Splits `octets` into chunks of at most `size`; `back` says how many octets at a cut belong to the next chunk. */
function chunk(octets: Buffer, size: number, back: (octets: Buffer, end: number) => number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < octets.length; ) {
    let end = Math.min(start + size, octets.length);
    if (end < octets.length) end -= back(octets, end);
    chunks.push(octets.subarray(start, end));
    start = end;
  }
  return chunks;
}

/** Encodes a text and splits it into segments; `reference` (0-255) ties the segments of one message together. */
export function smsSegments(text: string, reference: number): SmsSegments {
  const gsm = fitsGsm(text);
  const octets = gsm ? smpp.gsmCoder.encode(text, 0) : Buffer.from(text, 'utf16le').swap16();
  const single = gsm ? GSM_SINGLE : UCS2_SINGLE;
  const dataCoding = gsm ? 0 : 8;
  if (octets.length <= single) return { dataCoding, parts: [octets] };
  // never split an escape from its character (GSM) or a surrogate pair (UCS2)
  const chunks = gsm
    ? chunk(octets, GSM_SEGMENT, (b, end) => (b[end - 1] === ESCAPE ? 1 : 0))
    : chunk(octets, UCS2_SEGMENT, (b, end) => ((b.readUInt16BE(end - 2) & 0xfc00) === 0xd800 ? 2 : 0));
  if (chunks.length > 255) throw new Error(`The SMS text is too long (${chunks.length} segments; at most 255)`);
  const parts = chunks.map((c, i) => Buffer.concat([Buffer.from([5, 0, 3, reference & 0xff, chunks.length, i + 1]), c]));
  return { dataCoding, parts };
}

const STOP_WORDS = new Set(['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit']);

/** True for an opt-out: STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT, in any case, with surrounding space. */
export const isStopText = (text: string): boolean => STOP_WORDS.has(text.trim().toLowerCase());

/** The text of a decoded short_message or message_payload. */
function messageText(value: Pdu['short_message']): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  return typeof value.message === 'string' ? value.message : value.message.toString('latin1');
}

/** esm_class bits 2-5: a delivery receipt, an acknowledgement or a notification, not a phone's own message. */
const NOT_A_PHONE_MESSAGE = 0x3c;

/** One bound session and the requests waiting for their answers. */
interface Bound {
  readonly session: Session;
  readonly pending: Set<(error: Error) => void>;
  keepalive?: NodeJS.Timeout;
}

/** An SMS sender on an SMPP v3.4 gateway (kind 'smpp'); see the file comment. */
export function createSmppSender(url: string, from: string, log?: SmppLogger, options: SmppOptions = {}): SmsSender {
  const endpoint = parseSmppUrl(url);
  const source = sourceAddress(from);
  const { responseTimeoutMs = 10_000, enquireLinkMs = 30_000, reconnectMinMs = 1000, reconnectMaxMs = 60_000 } = options;
  const where = { host: endpoint.host, port: endpoint.port, tls: endpoint.tls };
  const listeners = new Set<(phone: string) => void>();
  let bound: Bound | null = null;
  let connecting: Promise<Bound> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;
  let reference = Math.floor(Math.random() * 256);

  /** Sends one request and waits for its answer (any command_status) for at most responseTimeoutMs. */
  const request = (b: Bound, send: (answer: (pdu: Pdu) => void) => boolean): Promise<Pdu> =>
    new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer);
        b.pending.delete(fail);
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new SmsGatewayError(`SMS gateway did not answer within ${responseTimeoutMs / 1000} s`, 'timeout')),
        responseTimeoutMs,
      );
      b.pending.add(fail);
      const written = send((pdu) => {
        clearTimeout(timer);
        b.pending.delete(fail);
        resolve(pdu);
      });
      if (!written) fail(new SmsGatewayError('SMS gateway connection lost', 'closed'));
    });

  const scheduleReconnect = () => {
    if (closed || retry !== null || connecting !== null || bound !== null) return;
    const delay = Math.min(reconnectMaxMs, reconnectMinMs * 2 ** failures);
    retry = setTimeout(() => {
      retry = null;
      connect().catch(() => undefined); // connect logged it and scheduled the next try
    }, delay);
    retry.unref();
  };

  const lost = (b: Bound) => {
    clearInterval(b.keepalive);
    for (const fail of [...b.pending]) fail(new SmsGatewayError('SMS gateway connection lost', 'closed'));
    if (bound !== b) return;
    bound = null;
    if (!closed) {
      log?.warn(where, 'SMS gateway session closed; reconnecting');
      scheduleReconnect();
    }
  };

  const answerPhone = (session: Session, pdu: Pdu) => {
    session.send(pdu.response()); // always answered, receipts too, or the gateway redelivers them
    if (((pdu.esm_class ?? 0) & NOT_A_PHONE_MESSAGE) !== 0) return;
    const text = messageText(pdu.short_message) || messageText(pdu.message_payload);
    if (!isStopText(text)) return;
    const phone = `+${(pdu.source_addr ?? '').replace(/^\+/, '')}`;
    log?.info({}, 'SMS opt-out (STOP) received');
    log?.debug?.({ phone }, 'SMS opt-out from');
    for (const listener of [...listeners]) {
      try {
        listener(phone);
      } catch (error) {
        log?.warn({ error: error instanceof Error ? error.message : String(error) }, 'SMS opt-out listener failed');
      }
    }
  };

  /** Opens a TCP (or TLS) connection and binds as a transceiver; rejects with a SmsGatewayError. */
  const open = (): Promise<Bound> =>
    new Promise((resolve, reject) => {
      const session = smpp.connect({
        host: endpoint.host,
        port: endpoint.port,
        tls: endpoint.tls,
        ...(endpoint.tls ? { servername: endpoint.host } : {}),
      });
      const b: Bound = { session, pending: new Set() };
      let settled = false;
      const fail = (error: SmsGatewayError) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        session.destroy();
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new SmsGatewayError(`SMS gateway did not answer the login within ${responseTimeoutMs / 1000} s`, 'timeout')),
        responseTimeoutMs,
      );
      session.on('error', (error: Error & { code?: string }) => {
        if (!settled) fail(new SmsGatewayError(`SMS gateway unreachable (${error.code ?? error.message})`, 'unreachable'));
        else log?.warn({ ...where, error: error.code ?? error.message }, 'SMS gateway session error');
        session.destroy(); // the library stops reading after a malformed PDU; start over
      });
      session.on('close', () => {
        if (!settled) fail(new SmsGatewayError('SMS gateway closed the connection before the login', 'unreachable'));
        else lost(b);
      });
      session.on('deliver_sm', (pdu: Pdu) => answerPhone(session, pdu));
      session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
      session.on('unbind', (pdu: Pdu) => {
        session.send(pdu.response());
        session.close();
      });
      session.once(endpoint.tls ? 'secureConnect' : 'connect', () => {
        session.bind_transceiver({ system_id: endpoint.systemId, password: endpoint.password }, (pdu) => {
          if (pdu.command_status !== 0) {
            const status = statusName(pdu.command_status);
            fail(new SmsGatewayError(`SMS gateway refused the login: ${status}`, 'login', pdu.command_status));
            return;
          }
          clearTimeout(timer);
          settled = true;
          resolve(b);
        });
      });
    });

  const keepAlive = (b: Bound) => {
    b.keepalive = setInterval(() => {
      request(b, (answer) => b.session.enquire_link({}, answer)).catch((error: SmsGatewayError) => {
        if (error.reason !== 'timeout') return; // the session closed meanwhile: lost() took care of it
        log?.warn(where, 'SMS gateway did not answer enquire_link; reconnecting');
        b.session.destroy();
      });
    }, enquireLinkMs);
    b.keepalive.unref();
  };

  /** The bound session: the open one, the one being opened, or a new one. */
  function connect(): Promise<Bound> {
    if (closed) return Promise.reject(new SmsGatewayError('SMS sender is closed', 'closed'));
    if (bound !== null) return Promise.resolve(bound);
    if (connecting !== null) return connecting;
    if (retry !== null) clearTimeout(retry);
    retry = null;
    const attempt = open().then(
      (b) => {
        connecting = null;
        failures = 0;
        bound = b;
        keepAlive(b);
        log?.info(where, 'SMS gateway session bound');
        return b;
      },
      (error: SmsGatewayError) => {
        connecting = null;
        failures += 1;
        log?.warn({ ...where, error: error.message }, 'SMS gateway connection failed');
        scheduleReconnect();
        throw error;
      },
    );
    connecting = attempt;
    return attempt;
  }

  return {
    kind: 'smpp',
    send: async ({ to, text }) => {
      const destination = to.trim().replace(/^\+/, '');
      if (!/^\d{6,15}$/.test(destination)) throw new Error('The SMS recipient is not an E.164 number');
      const b = await connect();
      reference = (reference + 1) % 256;
      const { dataCoding, parts } = smsSegments(text, reference);
      for (const part of parts) {
        const answer = await request(b, (done) =>
          b.session.submit_sm(
            {
              ...source,
              destination_addr: destination,
              dest_addr_ton: 1,
              dest_addr_npi: 1,
              esm_class: parts.length > 1 ? 0x40 : 0, // 0x40: short_message begins with a UDH
              registered_delivery: 0,
              data_coding: dataCoding,
              short_message: part,
            },
            done,
          ),
        );
        if (answer.command_status !== 0) {
          const status = statusName(answer.command_status);
          throw new SmsGatewayError(`SMS gateway refused the message: ${status}`, 'refused', answer.command_status);
        }
      }
      log?.info({ segments: parts.length, dataCoding }, 'SMS submitted');
      log?.debug?.({ to }, 'SMS submitted to');
    },
    onStop: (listener) => {
      listeners.add(listener);
      // opt-outs arrive only on a bound session: open one now rather than at the first send
      connect().catch(() => undefined);
      return () => listeners.delete(listener);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      if (retry !== null) clearTimeout(retry);
      retry = null;
      const b = bound ?? (await connecting?.catch(() => null)) ?? null;
      if (b === null) return;
      bound = null;
      clearInterval(b.keepalive);
      for (const fail of [...b.pending]) fail(new SmsGatewayError('SMS sender closed', 'closed'));
      // a polite unbind, but a gateway that does not answer within a second is simply cut off
      const unbound = request(b, (answer) => b.session.unbind({}, answer)).catch(() => undefined);
      await Promise.race([unbound, new Promise((resolve) => setTimeout(resolve, 1000))]);
      for (const fail of [...b.pending]) fail(new SmsGatewayError('SMS sender closed', 'closed'));
      if (b.session.socket.destroyed) return;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          b.session.destroy();
          resolve();
        }, 1000);
        b.session.close(() => {
          clearTimeout(force);
          resolve();
        });
      });
    },
  };
}
