/**
 * The amp's device API over WebSocket (device-api-notes.md "Transport"): `ws://{ip}:1234/`, requests in text or
 * binary frames, replies and notifications in text frames. While the amp's network is unplugged every connection
 * is dropped and new ones are refused at the TCP level; they are accepted again once it is back.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { CHOSEN } from '@rackside/protocol';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Amp } from '../amp';
import { replyFrameFromJson } from './frames';
import { createSession } from './session';

/** The amp's device API port (spec 2 §7). */
export const DEVICE_API_PORT = 1234;
/** Frames above this size close the connection (1009) instead of getting an error reply: a memory bound. */
export const HARD_FRAME_LIMIT_BYTES = CHOSEN.maxFrameBytes * 64;
/** `ws.send` options of a text frame given as bytes. */
const TEXT_FRAME = { binary: false } as const;
/** Notifications wait while this many bytes are still unsent to a slow client. */
const BACKPRESSURE_BYTES = 1024 * 1024;

/** Where to listen. `port` 0 picks a free port (tests). */
export interface DeviceApiOptions {
  host: string;
  port?: number;
}

/** A running device API server. */
export interface DeviceApi {
  /** The port it listens on. */
  readonly port: number;
  /** Drops every connection and stops listening. */
  close(): Promise<void>;
  /** Open WebSocket connections. */
  connectionCount(): number;
}

/** Starts the WebSocket device API of one amp. */
export async function startDeviceApi(amp: Amp, opts: DeviceApiOptions): Promise<DeviceApi> {
  const http = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('this is a WebSocket endpoint: ws://{ip}:1234/\n');
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: HARD_FRAME_LIMIT_BYTES });
  const clients = new Set<WebSocket>();

  http.on('connection', (socket: Socket) => {
    if (!amp.networkUp) socket.destroy();
  });
  http.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = (req.url ?? '/').split('?')[0];
    if (!amp.networkUp || path !== '/') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws));
  });

  // A notify frame goes to every connection subscribed alike in the same tick: its bytes are encoded once (the last
  // frame's), and each connection sends the same buffer as a text frame.
  let notifyText: string | undefined;
  let notifyBytes = Buffer.alloc(0);
  const bytesOf = (frame: string): Buffer => {
    if (frame !== notifyText) {
      notifyBytes = Buffer.from(frame, 'utf8');
      notifyText = frame;
    }
    return notifyBytes;
  };

  // A reply's bytes but its id, for the last url and result JSON answered (a polled `get`: the same string while the
  // amp's state is unchanged, so one comparison): the reply is the head, the id's digits and the tail.
  let replyKey: { url: string; json: string } | undefined;
  let replyHead = Buffer.alloc(0);
  const REPLY_TAIL = Buffer.from('\n}');
  const replyBytes = (url: string, json: string, id: number): Buffer => {
    if (replyKey?.json !== json || replyKey.url !== url) {
      const text = replyFrameFromJson(url, json, 0);
      replyHead = Buffer.from(text.slice(0, text.length - '0\n}'.length), 'utf8');
      replyKey = { url, json };
    }
    const digits = String(id);
    const out = Buffer.allocUnsafe(replyHead.length + digits.length + REPLY_TAIL.length);
    replyHead.copy(out, 0);
    out.write(digits, replyHead.length, 'latin1');
    REPLY_TAIL.copy(out, replyHead.length + digits.length);
    return out;
  };

  function accept(ws: WebSocket): void {
    clients.add(ws);
    const session = createSession(amp, {
      send: (frame) => {
        if (ws.readyState === ws.OPEN) ws.send(frame);
      },
      sendReply: (url, json, id) => {
        if (ws.readyState === ws.OPEN) ws.send(replyBytes(url, json, id), TEXT_FRAME);
      },
      sendNotify: (frame) => {
        if (ws.readyState === ws.OPEN) ws.send(bytesOf(frame), TEXT_FRAME);
      },
      backpressured: () => ws.bufferedAmount > BACKPRESSURE_BYTES,
    });
    // text frames arrive as (validated) UTF-8 bytes too: both kinds are decoded the same way
    ws.on('message', (data) => session.receive(Array.isArray(data) ? Buffer.concat(data) : data));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      clients.delete(ws);
      session.close();
    });
  }

  const stopNetwork = amp.onNetwork((up) => {
    // an unplugged cable sends no close frame: drop the sockets
    if (up) return;
    for (const ws of clients) ws.terminate();
    clients.clear();
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port ?? DEVICE_API_PORT, opts.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  http.on('error', () => undefined);
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? DEVICE_API_PORT);

  return {
    port,
    connectionCount: () => clients.size,
    close: async () => {
      stopNetwork();
      for (const ws of clients) ws.terminate();
      clients.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
      await closed;
    },
  };
}
