/**
 * A small stand-in for an amp's device API, for device-client's tests: a `ws` server that answers with the
 * protocol's frame builders (pretty-printed, keys in the wire order), challenges with -32000 and a nonce when it
 * has a password, demands UAC signatures when it has a MAC, and lets a test push notifications and drop sockets.
 */
import {
  DeviceErrorCode,
  DeviceRequestSchema,
  authHash,
  defaultState,
  errorFrame,
  getAt,
  getModel,
  notifyFrame,
  replyFrame,
  uacSignature,
  urlSegments,
  type DeviceRequest,
} from '@rackside/protocol';
import { WebSocketServer, type WebSocket } from 'ws';

/** How the fake amp behaves. */
export interface FakeAmpOptions {
  /** When set, every request must carry a valid `auth` answer to a nonce this amp issued. */
  password?: string;
  /** When set, every request must carry `signature` = uacSignature(uacMac, request). */
  uacMac?: string;
  /** The tree `get` and `subscribe` read from; defaults to a 704D at its defaults. */
  tree?: Record<string, unknown>;
  /** Methods this amp never answers (to provoke time-outs). */
  silent?: string[];
}

/** A running fake amp. */
export interface FakeAmp {
  readonly url: string;
  /** Every well-formed request received, in order, over all connections. */
  readonly requests: DeviceRequest[];
  /** How many connections were accepted so far. */
  readonly connections: () => number;
  /** Sends a notification (rooted at `/`) to every connected client. */
  notify(params: Record<string, unknown>): void;
  /** Sends a raw frame to every connected client. */
  sendRaw(data: string | Uint8Array): void;
  /** Resolves when the next request arrives. */
  nextRequest(): Promise<DeviceRequest>;
  /** Drops every connection, as a rebooting amp would. */
  dropConnections(): void;
  close(): Promise<void>;
}

/** Starts a fake amp on a free loopback port. */
export async function startFakeAmp(options: FakeAmpOptions = {}): Promise<FakeAmp> {
  const tree = options.tree ?? defaultState(getModel('704D'));
  const requests: DeviceRequest[] = [];
  const waiters: ((r: DeviceRequest) => void)[] = [];
  const nonces = new Set<string>();
  const sockets = new Set<WebSocket>();
  let connections = 0;
  let nonceCount = 0;

  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const address = wss.address();
  if (address === null || typeof address === 'string') throw new Error('unexpected server address');

  const challenge = (req: DeviceRequest): string => {
    const nonce = `nonce-${++nonceCount}`;
    nonces.add(nonce);
    return errorFrame(
      req.url,
      { code: DeviceErrorCode.AuthChallenge, message: 'authentication required', nonce },
      req.id,
    );
  };

  async function answer(req: DeviceRequest): Promise<string | undefined> {
    if (options.password !== undefined) {
      if (!req.auth || !nonces.delete(req.auth.nonce)) return challenge(req);
      if (req.auth.hash !== (await authHash(options.password, req.auth.nonce, req))) return challenge(req);
    }
    if (options.uacMac !== undefined && req.signature !== (await uacSignature(options.uacMac, req))) {
      return errorFrame(req.url, { code: DeviceErrorCode.Forbidden, message: 'locked by UAC' }, req.id);
    }
    if (options.silent?.includes(req.method)) return undefined;
    switch (req.method) {
      case 'get':
      case 'subscribe': {
        const value = getAt(tree, urlSegments(req.url));
        if (value === undefined)
          return errorFrame(req.url, { code: DeviceErrorCode.UnknownUrl, message: `unknown url ${req.url}` }, req.id);
        return replyFrame(req.url, value, req.id);
      }
      case 'info':
        return replyFrame(req.url, {}, req.id);
      default:
        return replyFrame(req.url, 'OK', req.id);
    }
  }

  wss.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let queue = Promise.resolve();
    socket.on('message', (data) => {
      // Replies go out in request order even though answering may await a hash.
      queue = queue.then(async () => {
        const parsed = DeviceRequestSchema.safeParse(
          JSON.parse(new TextDecoder().decode(Array.isArray(data) ? Buffer.concat(data) : data)),
        );
        if (!parsed.success) {
          socket.send(errorFrame('/', { code: DeviceErrorCode.InvalidRequest, message: 'invalid request' }, null));
          return;
        }
        requests.push(parsed.data);
        waiters.splice(0).forEach((w) => w(parsed.data));
        const frame = await answer(parsed.data);
        if (frame !== undefined) socket.send(frame);
      });
    });
  });

  return {
    url: `ws://127.0.0.1:${address.port}`,
    requests,
    connections: () => connections,
    notify: (params) => sockets.forEach((s) => s.send(notifyFrame(params))),
    sendRaw: (data) => sockets.forEach((s) => s.send(data)),
    nextRequest: () => new Promise((resolve) => waiters.push(resolve)),
    dropConnections: () => sockets.forEach((s) => s.terminate()),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.terminate());
        wss.close(() => resolve());
      }),
  };
}
