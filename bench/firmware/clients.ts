/**
 * Child process of the firmware download bench: the amps' side. Every URL of a request is fetched at once, each
 * over its own connection (node:http, one Agent allowing as many sockets), the whole body read and counted; the
 * first body is also hashed (sha256). Run with an IPC channel: `node --import tsx bench/firmware/clients.ts`; a
 * message `{id, ...DownloadRequest}` is answered with `{id, ok: true, ...DownloadRun}` or `{id, ok: false, error}`.
 * In a process of its own so that on two cores the server under test has one core to itself.
 */
import { createHash } from 'node:crypto';
import { Agent, get } from 'node:http';
import { performance } from 'node:perf_hooks';

/** One round of concurrent downloads. */
export interface DownloadRequest {
  readonly urls: readonly string[];
}

/** What one round measured. */
export interface DownloadRun {
  /** First request sent → last body complete, ms. */
  readonly wallMs: number;
  /** Bytes received per download, in the order of the URLs. */
  readonly bytes: number[];
  /** Request sent → first body byte, and → last byte, per download (ms). */
  readonly firstByteMs: number[];
  readonly totalMs: number[];
  /** Status codes by count, and downloads whose body was shorter than their content-length or failed. */
  readonly statuses: Record<string, number>;
  readonly failed: number;
  /** sha256 (hex) of the first URL's body. */
  readonly firstSha256: string;
  /** CPU time of this process during the round, ms (user + system). */
  readonly cpuMs: number;
}

interface One {
  status: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  complete: boolean;
  sha256: string;
}

function download(url: string, agent: Agent, hash: boolean): Promise<One> {
  return new Promise((resolve) => {
    const sent = performance.now();
    const out: One = { status: 0, bytes: 0, firstByteMs: Number.NaN, totalMs: Number.NaN, complete: false, sha256: '' };
    const req = get(url, { agent }, (res) => {
      out.status = res.statusCode ?? 0;
      const expected = Number(res.headers['content-length'] ?? Number.NaN);
      const h = hash ? createHash('sha256') : undefined;
      res.on('data', (chunk: Buffer) => {
        if (out.bytes === 0) out.firstByteMs = performance.now() - sent;
        out.bytes += chunk.length;
        h?.update(chunk);
      });
      res.once('end', () => {
        out.totalMs = performance.now() - sent;
        out.complete = out.bytes === expected;
        out.sha256 = h?.digest('hex') ?? '';
        resolve(out);
      });
      res.once('error', () => resolve(out));
    });
    req.once('error', () => resolve(out));
  });
}

/** Fetches every URL at once; resolves when all are done. */
export async function downloadAll(req: DownloadRequest): Promise<DownloadRun> {
  const agent = new Agent({ keepAlive: false, maxSockets: req.urls.length });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const all = await Promise.all(req.urls.map((url, i) => download(url, agent, i === 0)));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  const statuses: Record<string, number> = {};
  for (const one of all) statuses[one.status] = (statuses[one.status] ?? 0) + 1;
  return {
    wallMs,
    bytes: all.map((o) => o.bytes),
    firstByteMs: all.map((o) => o.firstByteMs),
    totalMs: all.map((o) => o.totalMs),
    statuses,
    failed: all.filter((o) => !o.complete || o.status !== 200).length,
    firstSha256: all[0]?.sha256 ?? '',
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

if (process.send !== undefined) {
  process.on('message', (message: { id: number } & DownloadRequest) => {
    const { id, ...request } = message;
    downloadAll(request).then(
      (run) => process.send?.({ id, ok: true, ...run }),
      (error: unknown) => process.send?.({ id, ok: false, error: String(error) }),
    );
  });
}
