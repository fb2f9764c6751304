/**
 * What the device API benchmarks share: the one-amp fleet, DeviceClients, a raw `ws` peer with one request in flight,
 * a bare `ws` server for the baselines, and the frames DeviceClient sends. Client and server share one process and one
 * event loop, for the amp and for the baseline alike.
 */
import { once } from 'node:events';
import { startFleet, type Fleet } from '@rackside/amp-sim';
import { DeviceClient } from '@rackside/device-client';
import { LEA_API_VERSION } from '@rackside/protocol';
import { WebSocket, WebSocketServer, type RawData } from 'ws';

export const OUTPUT_URL = '/amp/channels/1/output';
export const FADER: readonly string[] = ['amp', 'channels', '1', 'output', 'fader'];

/** The i-th fader value of a run: -0.1 dB, -0.2 dB, ... -40 dB, then again; two in a row always differ. */
export const faderValue = (i: number): number => -((i % 400) + 1) / 10;

/** The fleet every device bench starts: one amp, no injected fault, no cloud agent, no touch panel, free ports. */
export async function oneAmp(base: string): Promise<Fleet> {
  return startFleet({
    amps: 1,
    base,
    port: 0,
    tcpPort: 0,
    httpPort: 0,
    faults: [],
    cloudAgent: false,
    touchPanels: 0,
  });
}

/** A DeviceClient without reconnect; `timeoutMs` for runs under valgrind, ~50 × slower (default the client's). */
export function newClient(url: string, timeoutMs?: number): DeviceClient {
  return new DeviceClient({ url, WebSocket, autoReconnect: false, ...(timeoutMs ? { timeoutMs } : {}) });
}

export const rawText = (data: RawData): string =>
  Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data).toString('utf8');

/** A raw `ws` client with one request in flight at a time: the reply is the next frame. */
export class RawPeer {
  #waiting: { resolve(text: string): void; reject(err: Error): void } | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const w = this.#waiting;
      this.#waiting = undefined;
      w?.resolve(rawText(data));
    });
    ws.on('error', (err) => this.#waiting?.reject(err));
    ws.on('close', () => this.#waiting?.reject(new Error('raw peer: socket closed')));
  }

  static async connect(url: string): Promise<RawPeer> {
    const ws = new WebSocket(url);
    await once(ws, 'open');
    return new RawPeer(ws);
  }

  request(text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.ws.send(text);
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

/** A bare `ws` server on `host` (free port). */
export async function bareServer(host: string): Promise<{ wss: WebSocketServer; url: string; close(): Promise<void> }> {
  const wss = new WebSocketServer({ host, port: 0 });
  await once(wss, 'listening');
  const address = wss.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    wss,
    url: `ws://${host}:${port}`,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** The frame DeviceClient sends for a request (pending-requests.ts: leaApi, url, method, params, id). */
export const requestText = (method: string, url: string, params: unknown, id: number): string =>
  JSON.stringify({ leaApi: LEA_API_VERSION, url, method, params, id });

/** A reply's text cut around its id (`"id": 1000` at its end), to answer any id with the same bytes otherwise. */
export interface ReplyAround {
  readonly head: string;
  readonly tail: string;
}

export function replyAround(reply: string): ReplyAround {
  const m = /("id": ?)\d+(\s*\}\s*)$/.exec(reply);
  if (!m) throw new Error(`no id at the end of the amp's reply: ${reply.slice(-80)}`);
  return { head: reply.slice(0, m.index) + m[1]!, tail: m[2]! };
}

/**
 * The JSON echo, the least any JSON-RPC pair over `ws` does (not the target's baseline, which parses nothing): the
 * server parses each request and answers `reply()` (the amp's reply text for it) with the request's id; its client
 * (JsonPeer) stringifies each request with a fresh id and parses each reply.
 */
export async function jsonEchoServer(host: string, reply: () => ReplyAround): ReturnType<typeof bareServer> {
  const server = await bareServer(host);
  server.wss.on('connection', (ws) =>
    ws.on('message', (data) => {
      const req = JSON.parse(rawText(data)) as { id: number };
      const r = reply();
      ws.send(r.head + String(req.id) + r.tail);
    }),
  );
  return server;
}

/** The JSON echo's client: DeviceClient's request text with a fresh id, the reply parsed and its id checked. */
export class JsonPeer {
  #id = 0;
  private constructor(readonly raw: RawPeer) {}

  static async connect(url: string): Promise<JsonPeer> {
    return new JsonPeer(await RawPeer.connect(url));
  }

  async request(method: string, url: string, params: unknown): Promise<unknown> {
    const id = ++this.#id;
    const reply = JSON.parse(await this.raw.request(requestText(method, url, params, id))) as { id: number };
    if (reply.id !== id) throw new Error(`JSON echo: reply id ${reply.id} to request ${id}`);
    return reply;
  }

  close(): void {
    this.raw.close();
  }
}

/** What a receiver of the JSON broadcast does with a notify: parses it and reads the fader (false when absent). */
export const readsFader = (text: string): boolean =>
  typeof (JSON.parse(text) as { params?: { amp?: { channels?: Record<string, { output?: { fader?: unknown } }> } } })
    .params?.amp?.channels?.['1']?.output?.fader === 'number';
