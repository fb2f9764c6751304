/** Main-thread busy share of a page, from Performance.getMetrics through a DevTools protocol session. */
import type { CDPSession } from 'playwright-core';
import { sleep } from '../stats';

/** Renderer main-thread time over a window, from Performance.getMetrics (seconds in the protocol, ms here). */
export interface BusyShare {
  readonly wallMs: number;
  /** Every task of the main thread: script, style, layout, paint, parsing, GC... */
  readonly taskMs: number;
  readonly scriptMs: number;
  readonly styleMs: number;
  readonly layoutMs: number;
  /** CPU time of the main thread (ThreadTime): busy time less what the OS scheduler took away from it. */
  readonly cpuMs: number;
  /** taskMs / wallMs: the figure of the target. */
  readonly share: number;
  /** cpuMs / wallMs. */
  readonly cpuShare: number;
}

type Metrics = Record<string, number>;

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Starts a busy-share window (Performance must be enabled on the session); the returned function ends it. */
export async function startBusy(cdp: CDPSession): Promise<() => Promise<BusyShare>> {
  const a = await metrics(cdp);
  return async () => {
    const b = await metrics(cdp);
    const d = (k: string) => ((b[k] ?? 0) - (a[k] ?? 0)) * 1000;
    const wallMs = d('Timestamp');
    const taskMs = d('TaskDuration');
    return {
      wallMs,
      taskMs,
      scriptMs: d('ScriptDuration'),
      styleMs: d('RecalcStyleDuration'),
      layoutMs: d('LayoutDuration'),
      cpuMs: d('ThreadTime'),
      share: taskMs / wallMs,
      cpuShare: d('ThreadTime') / wallMs,
    };
  };
}

/** Main-thread busy share of the page over `ms` (Performance must be enabled on the session). */
export async function measureBusy(cdp: CDPSession, ms: number): Promise<BusyShare> {
  const end = await startBusy(cdp);
  await sleep(ms);
  return end();
}
