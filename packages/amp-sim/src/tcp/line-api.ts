/**
 * The amp's line-based TCP API (device-api-notes.md, last section), for AV control processors. One command a
 * line, no authentication:
 * ```
 * get /amp/channels/1/output/fader          → /amp/channels/1/output/fader -10
 * set /amp/channels/1/output/fader -100     → OK             (out-of-range numbers clamp silently: -80)
 * set /amp/deviceInfo/deviceName "Stage L"  → OK
 * subscribe /amp/channels/1/output/mute     → /amp/channels/1/output/mute false   (then a line on every change)
 * unsubscribe /amp/channels/1/output/mute   → OK
 * GET /nope                                 → error: unknown url /nope: 'nope' is not under /
 * ```
 * Verbs are case-insensitive, urls case-sensitive (the leading slash may be left out). `get` and `subscribe` on a
 * url above the leaves answer one line per leaf under it. Value forms: see line-format.ts. A command is answered
 * only once its `\n` arrives (`\r\n` works too); empty lines get no answer; a line over `maxLineBytes` is
 * answered `error: line too long` and dropped up to its newline. Write-only actions (`/misc clearLogs`, ...) are
 * not offered here; properties of a locked speaker-tuning group are refused as on the WebSocket. A client that stops reading while more than `maxPendingBytes` wait for it is disconnected.
 * While the amp's network is down, connections are closed and new ones refused.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { normalizeUrl, resolveUrl, urlSegments } from '@rackside/protocol';
import { filterDelta, type Amp } from '../amp';
import { lockedLeaf } from '../api/locked-properties';
import { leafLines, readValue, splitCommand } from './line-format';

/** The line API's well-known port. */
export const LINE_API_PORT = 4321;

/** Options of startLineApi. */
export interface LineApiOptions {
  readonly host: string;
  /** Default 4321; 0 picks a free port. */
  readonly port?: number;
  /** Longest command line in bytes (default 4096). */
  readonly maxLineBytes?: number;
  /** Unread output after which a client is dropped (default 1 MiB). */
  readonly maxPendingBytes?: number;
}

/** A running line API server. */
export interface LineApiServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Answers one command line with the lines to send back (none for an empty line). */
function answer(amp: Amp, subs: Set<string>, line: string): string[] {
  if (line.trim() === '') return [];
  const { verb, url: sent, value } = splitCommand(line);
  if (!['get', 'set', 'subscribe', 'unsubscribe'].includes(verb))
    return [`error: unknown command '${verb}': use get, set, subscribe or unsubscribe`];
  if (sent === undefined) return [`error: ${verb} needs a url`];
  const url = normalizeUrl(sent);
  const r = resolveUrl(amp.model, url);
  if (!r.ok) return [`error: ${r.message}`];
  if (r.kind === 'field' && r.field.action) return [`error: ${url} is a write-only action, not offered on this API`];
  if (verb !== 'set' && value !== undefined) return [`error: ${verb} takes only a url`];
  switch (verb) {
    case 'get':
      return leafLines(urlSegments(url), amp.read(url));
    case 'subscribe':
      subs.add(url);
      return leafLines(urlSegments(url), amp.read(url));
    case 'unsubscribe':
      subs.delete(url);
      return ['OK'];
    default: {
      if (r.kind !== 'field') return [`error: set needs the url of a single value; ${url} holds several`];
      if (value === undefined) return [`error: set ${url} needs a value`];
      const read = readValue(r.field, url, value);
      if (!read.ok) return [`error: ${read.message}`];
      const v = amp.validate(url, read.value);
      if (!v.ok) return [`error: ${v.message}`];
      const locked = lockedLeaf(amp, v.patch); // speaker tunings lock every API alike
      if (locked) return [`error: ${locked} is locked by speaker tunings`];
      amp.apply(v.patch, 'client');
      return ['OK'];
    }
  }
}

/** Serves one connection: buffers bytes into lines, answers them, streams subscribed changes. */
function serve(amp: Amp, socket: Socket, maxLineBytes: number, maxPendingBytes: number): () => void {
  const subs = new Set<string>();
  let buf: Buffer = Buffer.alloc(0);
  let discarding = false;
  const send = (lines: string[]) => {
    if (lines.length === 0 || socket.destroyed) return;
    socket.write(lines.join('\n') + '\n');
    if (socket.writableLength > maxPendingBytes) socket.destroy();
  };
  const offChange = amp.onChange((delta) => {
    if (subs.size === 0) return;
    const part = filterDelta(delta, subs);
    if (part) send(leafLines([], part));
  });
  socket.on('data', (chunk: Buffer) => {
    buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
    let nl: number;
    while ((nl = buf.indexOf(0x0a)) >= 0) {
      const raw = buf.subarray(0, nl);
      buf = buf.subarray(nl + 1);
      if (discarding) discarding = false;
      else if (raw.length > maxLineBytes) send(['error: line too long']);
      else send(answer(amp, subs, raw.toString('utf8').replace(/\r$/, '')));
    }
    if (buf.length > maxLineBytes) {
      if (!discarding) send(['error: line too long']);
      discarding = true;
      buf = Buffer.alloc(0);
    }
  });
  socket.on('error', () => undefined); // a reset by the peer just ends the session
  socket.setNoDelay(true);
  return offChange;
}

/** Starts the line API on an amp and resolves once it listens. */
export async function startLineApi(amp: Amp, opts: LineApiOptions): Promise<LineApiServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    if (!amp.networkUp) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    const stop = serve(amp, socket, opts.maxLineBytes ?? 4096, opts.maxPendingBytes ?? 1024 * 1024);
    socket.on('close', () => {
      stop();
      sockets.delete(socket);
    });
  });
  const offNetwork = amp.onNetwork((up) => {
    if (!up) for (const s of sockets) s.destroy();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? LINE_API_PORT, opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    offNetwork();
    throw err;
  }
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        offNetwork();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
