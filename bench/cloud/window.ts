/**
 * One measured window of the shadow-ingest bench, on the cloud or on the bare broker alike: the agents publish, the
 * arrivals (stored or received messages) are time-stamped, and the window's latencies, CPU and event-loop
 * utilisation of this process come out.
 */
import { performance } from 'node:perf_hooks';
import { sleep, summarize, type Latency } from '../stats';
import type { Agents } from './children';

/** Time-stamped arrivals: (ts, at) pairs of every stored (or received) message. */
export class Arrivals {
  private ts: number[] = [];
  private at: number[] = [];
  add(ts: number, at: number): void {
    this.ts.push(ts);
    this.at.push(at);
  }
  get count(): number {
    return this.ts.length;
  }
  reset(): void {
    this.ts = [];
    this.at = [];
  }
  /** Latencies of the messages whose ts is in [from, to). */
  window(from: number, to: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.ts.length; i++) {
      const t = this.ts[i]!;
      if (t >= from && t < to) out.push(this.at[i]! - t);
    }
    return out;
  }
}

export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > until) return false;
    await sleep(50);
  }
  return true;
}

const cpuShare = (before: NodeJS.CpuUsage, wallMs: number): number => {
  const d = process.cpuUsage(before);
  return (d.user + d.system) / 1000 / wallMs;
};

export interface WindowFigures {
  readonly published: number;
  readonly stored: number;
  readonly latency: Latency;
  readonly elu: number;
  readonly cpu: number;
  readonly agentsCpu: number;
  readonly dropped: number;
}

/** Publishing on: warm-up, the window, then up to drainMs for its late messages; publishing off. */
export async function measureWindow(
  agents: Agents,
  arrivals: Arrivals,
  o: { warmupMs: number; measureMs: number; drainMs: number },
): Promise<WindowFigures> {
  await agents.call({ op: 'publishing', on: true });
  await sleep(o.warmupMs);
  const from = Date.now();
  await agents.call({ op: 'count', from: 0, to: 0 }); // restarts the agents' CPU count
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(o.measureMs);
  const to = Date.now();
  const wallMs = performance.now() - t0;
  const elu = performance.eventLoopUtilization(elu0).utilization;
  const cpu = cpuShare(cpu0, wallMs);
  const counted = await agents.call({ op: 'count', from, to });
  await waitFor(() => arrivals.window(from, to).length >= counted.published, o.drainMs);
  await agents.call({ op: 'publishing', on: false });
  const latencies = arrivals.window(from, to);
  const stored = latencies.length;
  for (let i = stored; i < counted.published; i++) latencies.push(Number.POSITIVE_INFINITY);
  return {
    published: counted.published,
    stored,
    latency: summarize(latencies),
    elu,
    cpu,
    agentsCpu: counted.cpuMs / wallMs,
    dropped: counted.closed,
  };
}
