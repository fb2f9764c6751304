/** A steady rAF-driven scroll of a page's list and its frame figures; the static page the list is compared with. */
import type { CDPSession, Page } from 'playwright-core';
import { startBusy, type BusyShare } from './busy';

/** Frame figures of a steady programmatic scroll, from the rAF timestamps. */
export interface FrameStats {
  readonly frames: number;
  readonly durationMs: number;
  readonly fps: number;
  /** Frame intervals in ms: median, 95th percentile (the slowest 5 %, i.e. the 5th-percentile frame rate), max. */
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  /** Intervals over 25 ms (at least one 60 Hz frame dropped). */
  readonly longFrames: number;
  readonly scrolledPx: number;
  /** The page's main thread during the scroll: busy and CPU, whatever the frame rate the machine allowed. */
  readonly busy: BusyShare;
}

/** The page of the scroll baseline: 1,000 plain 156 px divs (no virtualization) in a full-height scroll box. */
export function staticListHtml(count: number): string {
  const rows = Array.from(
    { length: count },
    (_, i) =>
      `<div role="listitem" style="height:156px;padding-bottom:8px;box-sizing:border-box">` +
      `<div style="height:100%;box-sizing:border-box;padding:12px;border:1px solid #ddd;border-left:6px solid #2e7d32;` +
      `border-radius:4px">` +
      `<div style="font-weight:600">Amp ${i + 1}</div><div>127.0.${20 + (i >> 8)}.${i & 255}</div>` +
      `<div>Connect Series Model 704D</div></div></div>`,
  ).join('');
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>static list</title></head>` +
    `<body style="margin:0;font:14px sans-serif">` +
    `<div style="height:100vh;overflow-y:auto;padding:12px 12px 0;box-sizing:border-box">` +
    `<div role="list">${rows}</div></div></body></html>`
  );
}

/**
 * Scrolls the nearest scrollable ancestor of the page's first [role=list] down at a steady speed, one step per
 * animation frame for `ms`, and returns the rAF timestamps.
 */
export async function scrollFrames(page: Page, cdp: CDPSession, ms: number, pxPerS: number): Promise<FrameStats> {
  // tsx (esbuild keepNames) wraps named inner functions in __name(), which the page does not have
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  const endBusy = await startBusy(cdp);
  const { stamps, scrolled } = await page.evaluate(
    ([duration, speed]) =>
      new Promise<{ stamps: number[]; scrolled: number }>((resolve, reject) => {
        let el = document.querySelector('[role="list"]')?.parentElement ?? null;
        while (el && !/(auto|scroll)/.test(getComputedStyle(el).overflowY)) el = el.parentElement;
        if (!el) return reject(new Error('no scrollable list'));
        const box = el;
        box.scrollTop = 0;
        const stamps: number[] = [];
        let t0: number | undefined;
        const step = (ts: number) => {
          t0 ??= ts;
          stamps.push(ts);
          box.scrollTop = (speed * (ts - t0)) / 1000;
          if (ts - t0 < duration) requestAnimationFrame(step);
          else resolve({ stamps, scrolled: box.scrollTop });
        };
        // start on a fresh frame after the reset to the top
        requestAnimationFrame(() => requestAnimationFrame(step));
      }),
    [ms, pxPerS] as const,
  );
  const busy = await endBusy();
  const intervals = stamps.slice(1).map((t, i) => t - stamps[i]!);
  const sorted = [...intervals].sort((a, b) => a - b);
  const pick = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  const durationMs = (stamps[stamps.length - 1] ?? 0) - (stamps[0] ?? 0);
  return {
    frames: stamps.length,
    durationMs,
    fps: durationMs > 0 ? ((stamps.length - 1) * 1000) / durationMs : NaN,
    p50Ms: pick(0.5),
    p95Ms: pick(0.95),
    maxMs: sorted[sorted.length - 1] ?? NaN,
    longFrames: intervals.filter((d) => d > 25).length,
    scrolledPx: scrolled,
    busy,
  };
}
