/**
 * Test helpers for the device API: an emulated 704D behind a real WebSocket server on 127.0.0.1, and a small
 * `ws` client that keeps the raw text of every frame it receives.
 */
import { authHash, getModel, type DeviceRequest } from '@rackside/protocol';
import { WebSocket } from 'ws';
import { Amp } from '../amp';
import { startDeviceApi, type DeviceApi } from './server';

/** The amp every device API test uses. */
export const testAmp = (): Amp =>
  new Amp({
    model: getModel('704D'),
    ip: '127.0.0.1',
    mac: '00:1B:2C:00:00:01',
    serialNumber: 'X',
    deviceName: 'Test',
    firmwareVersion: '1.5.0.0',
  });

/** A frame the client received: its raw text, whether it came as text, and its parsed JSON. */
export interface Received {
  readonly raw: string;
  readonly text: boolean;
  readonly msg: Record<string, unknown> & {
    id?: number | null;
    error?: { code: number; message: string; nonce?: string };
  };
}

/** A WebSocket client of the device API that separates replies from notifications. */
export class TestClient {
  readonly replies: Received[] = [];
  readonly notifies: Received[] = [];
  private waiters: (() => void)[] = [];
  private nextId = 1;
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      const raw = bytes.toString('utf8');
      const r: Received = { raw, text: !isBinary, msg: JSON.parse(raw) as Received['msg'] };
      (r.msg.method === 'notify' ? this.notifies : this.replies).push(r);
      this.wake();
    });
    ws.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  /** Connects to a device API port on 127.0.0.1. */
  static connect(port: number): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
      const client = new TestClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Waits until a condition holds (re-checked on each frame), or fails after `ms`. */
  async until<T>(check: () => T | undefined, ms = 2000, what = 'a frame'): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = check();
      if (v !== undefined) return v;
      if (this.closed) throw new Error(`connection closed while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The next reply (in arrival order). */
  reply(): Promise<Received> {
    return this.until(() => this.replies.shift(), 2000, 'a reply');
  }

  /** Sends raw text, or raw bytes as a binary frame. */
  sendRaw(data: string | Buffer): void {
    this.ws.send(data, { binary: typeof data !== 'string' });
  }

  /** Sends a request object (text frame unless `binary`) and returns the id used. */
  send(req: Partial<DeviceRequest> & Record<string, unknown>, binary = false): number {
    const id = typeof req.id === 'number' ? req.id : this.nextId++;
    const text = JSON.stringify({ leaApi: '1.0', ...req, id });
    this.ws.send(binary ? Buffer.from(text) : text, { binary });
    return id;
  }

  /** Sends a request and waits for its reply. */
  async call(method: string, url: string, params?: unknown, extra: Record<string, unknown> = {}): Promise<Received> {
    this.send({ url, method, ...(params === undefined ? {} : { params }), ...extra });
    return this.reply();
  }

  /** A guarded call on a protected amp: takes the challenge and answers it with the password. */
  async callAuthed(password: string, method: string, url: string, params?: unknown): Promise<Received> {
    const first = await this.call(method, url, params);
    const nonce = first.msg.error?.nonce;
    if (first.msg.error?.code !== -32000 || nonce === undefined) return first;
    const id = this.nextId++;
    const hash = await authHash(password, nonce, { method, url, params, id });
    return this.call(method, url, params, { id, auth: { user: 'admin', nonce, hash } });
  }

  /** Closes the connection and waits until it is closed. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.ws.close();
    await this.until(() => (this.closed ? true : undefined), 2000, 'close');
  }
}

/** An amp with its device API on an ephemeral port, and a way to tear both down. */
export interface Harness {
  amp: Amp;
  api: DeviceApi;
  connect(): Promise<TestClient>;
  stop(): Promise<void>;
}

/** Starts an amp and its device API on 127.0.0.1:0. */
export async function startHarness(amp: Amp = testAmp()): Promise<Harness> {
  const api = await startDeviceApi(amp, { host: '127.0.0.1', port: 0 });
  const clients: TestClient[] = [];
  return {
    amp,
    api,
    connect: async () => {
      const c = await TestClient.connect(api.port);
      clients.push(c);
      return c;
    },
    stop: async () => {
      await Promise.all(clients.map((c) => c.close()));
      await api.close();
      amp.dispose();
    },
  };
}
