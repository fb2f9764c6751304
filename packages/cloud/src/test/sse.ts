/**
 * A Server-Sent Events client for the live stream's tests (issue 20): opens `GET {url}` on a listening app with plain
 * node:http, parses the stream as EventSource does (event, data, comments, retry), checks every event with the
 * protocol's parseLiveEvent as the browser will, and waits for the events a test expects.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { parseLiveEvent, type LiveEvent } from '@rackside/protocol';

/** One event as received, with when it arrived (performance.now()). */
export type Received = LiveEvent & { readonly at: number };

/** An open (or refused) stream. */
export class SseClient {
  readonly events: Received[] = [];
  readonly comments: string[] = [];
  /** Events whose name or data the protocol refused: none, or the cloud sent something the browser would drop. */
  readonly invalid: { event: string; data: string }[] = [];
  /** The `retry:` the stream suggested (ms). */
  retry: number | undefined;
  /** The body of a refusal (a status other than 200). */
  body = '';
  ended = false;
  readonly #waiters = new Set<() => void>();
  #buffer = '';

  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    private readonly destroy: () => void,
  ) {}

  /** Opens the stream; resolves once the response's headers arrived (a refusal: once its body did). */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
        const client = new SseClient(res.statusCode ?? 0, res.headers, () => req.destroy());
        res.setEncoding('utf8');
        const done = () => {
          client.ended = true;
          client.#wake();
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
        if (client.status !== 200) {
          res.on('data', (chunk: string) => (client.body += chunk));
          res.on('end', () => resolve(client));
          return;
        }
        res.on('data', (chunk: string) => client.#take(chunk));
        resolve(client);
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** Closes the connection (as a browser leaving). */
  close(): void {
    this.destroy();
  }

  /** The first event (from `from` on) that matches, waiting up to `timeoutMs`. */
  async next<E extends LiveEvent['event']>(
    event: E,
    match: (data: Extract<LiveEvent, { event: E }>['data']) => boolean = () => true,
    { timeoutMs = 5000, from = 0 }: { timeoutMs?: number; from?: number } = {},
  ): Promise<Extract<Received, { event: E }>> {
    const find = () =>
      this.events
        .slice(from)
        .find((e): e is Extract<Received, { event: E }> => e.event === event && match(e.data as never));
    return this.#until(find, timeoutMs, `no ${event} event came within ${timeoutMs} ms`);
  }

  /** Resolves once the stream ended (the server closed it). */
  async whenEnded(timeoutMs = 5000): Promise<void> {
    await this.#until(
      () => (this.ended ? true : undefined),
      timeoutMs,
      `the stream did not end within ${timeoutMs} ms`,
    );
  }

  /** Resolves once a comment came (a ping). */
  async nextComment(text: string, timeoutMs = 5000): Promise<void> {
    await this.#until(
      () => (this.comments.includes(text) ? true : undefined),
      timeoutMs,
      `no ": ${text}" within ${timeoutMs} ms`,
    );
  }

  #until<T>(find: () => T | undefined, timeoutMs: number, message: string): Promise<T> {
    const found = find();
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = find();
        if (hit === undefined) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve(hit);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`${message}; got ${JSON.stringify(this.events.map((e) => [e.event, e.data]))}`));
      }, timeoutMs);
      this.#waiters.add(check);
    });
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }

  #take(chunk: string): void {
    this.#buffer += chunk.replace(/\r\n?/g, '\n');
    for (let end = this.#buffer.indexOf('\n\n'); end >= 0; end = this.#buffer.indexOf('\n\n')) {
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === '') this.comments.push(value);
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry') this.retry = Number(value);
      }
      if (data.length === 0) continue;
      const text = data.join('\n');
      const parsed = parseLiveEvent(event, text);
      if (parsed === undefined) this.invalid.push({ event, data: text });
      else this.events.push({ ...parsed, at: performance.now() });
    }
    this.#wake();
  }
}
