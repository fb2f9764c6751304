/**
 * Child process of the REST benchmark (bench/cloud/rest.ts): an open-loop load generator. Request i is due at
 * start + i / rate whatever became of the earlier ones (a fixed-interval schedule, so a slow server cannot slow the
 * offered load down and hide its own latency); its latency runs from when it was due to the last byte of the reply.
 * HTTP/1.1 keep-alive through one node:http Agent.
 *
 * Run by the parent with an IPC channel: `node --import tsx bench/cloud/load.ts`; one request `{id, ...LoadRequest}`
 * is answered with `{id, ok: true, ...LoadResult}` or `{id, ok: false, error}`.
 */
import { performance } from 'node:perf_hooks';
import { Agent, request as httpRequest } from 'node:http';

/** One open-loop run. */
export interface LoadRequest {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Requests per second. */
  readonly rate: number;
  readonly durationMs: number;
  /** Requests sent first and left out of the figures (connections, JIT). */
  readonly warmupMs: number;
  /**
   * Closed loop instead: this many requests one after another (each sent when the previous reply is in), after
   * as many again for the warm-up; `rate` and the durations are ignored. The latency of one request on an idle
   * server.
   */
  readonly serial?: number;
}

/** What a run measured (latencies in ms, of the requests after the warm-up). */
export interface LoadResult {
  /** Due → last byte of the reply. */
  readonly latencies: number[];
  /** Sent → last byte (what the server and the network took, without the generator's own lateness). */
  readonly serviceTimes: number[];
  /** How late the generator sent, p99 (ms): large values mean the generator itself could not keep up. */
  readonly sendLagP99: number;
  readonly statuses: Record<string, number>;
  readonly errors: number;
  readonly replyBytes: number;
  readonly achievedRate: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function once(url: URL, req: LoadRequest): Promise<{ status: number; bytes: number; sentAt: number; doneAt: number }> {
  return new Promise((resolve, reject) => {
    const sentAt = performance.now();
    const r = httpRequest(
      url,
      {
        method: req.method,
        agent,
        headers: {
          ...req.headers,
          ...(req.body !== undefined
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(req.body)) }
            : {}),
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, sentAt, doneAt: performance.now() }));
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

const p99 = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.99 * sorted.length) - 1)] ?? 0;
};

async function serial(req: LoadRequest, n: number): Promise<LoadResult> {
  const url = new URL(req.url);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let replyBytes = 0;
  for (let i = 0; i < 2 * n; i++) {
    try {
      const r = await once(url, req);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      replyBytes = r.bytes;
      if (i >= n) latencies.push(r.doneAt - r.sentAt);
    } catch {
      errors++;
    }
  }
  const total = latencies.reduce((a, b) => a + b, 0);
  return {
    latencies,
    serviceTimes: latencies,
    sendLagP99: 0,
    statuses,
    errors,
    replyBytes,
    achievedRate: total > 0 ? (latencies.length / total) * 1000 : 0,
  };
}

async function run(req: LoadRequest): Promise<LoadResult> {
  if (req.serial !== undefined) return serial(req, req.serial);
  const url = new URL(req.url);
  const intervalMs = 1000 / req.rate;
  const total = Math.round(((req.warmupMs + req.durationMs) / 1000) * req.rate);
  const warmup = Math.round((req.warmupMs / 1000) * req.rate);
  const latencies: number[] = [];
  const serviceTimes: number[] = [];
  const lags: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let replyBytes = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now() + 20;
  let i = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (i < total && start + i * intervalMs <= now) {
        const due = start + i * intervalMs;
        const counted = i >= warmup;
        i++;
        pending.push(
          once(url, req).then(
            (r) => {
              statuses[r.status] = (statuses[r.status] ?? 0) + 1;
              if (!counted) return;
              latencies.push(r.doneAt - due);
              serviceTimes.push(r.doneAt - r.sentAt);
              lags.push(r.sentAt - due);
              replyBytes = r.bytes;
            },
            () => void errors++,
          ),
        );
      }
      if (i < total) setTimeout(tick, Math.max(0, Math.min(intervalMs, start + i * intervalMs - performance.now())));
      else done();
    };
    setTimeout(tick, 20);
  });
  await Promise.all(pending);
  const measuredMs = total > warmup ? (total - warmup) * intervalMs : 1;
  return {
    latencies,
    serviceTimes,
    sendLagP99: p99(lags),
    statuses,
    errors,
    replyBytes,
    achievedRate: (latencies.length / measuredMs) * 1000,
  };
}

process.on('message', (message: LoadRequest & { id: number }) => {
  run(message).then(
    (result) => process.send?.({ id: message.id, ok: true, ...result }),
    (error: unknown) =>
      process.send?.({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
