/**
 * Lighthouse (issue 12): the performance score of the amp list of a small emulated fleet in local mode (the amps
 * serve the built console, as for benchAmpList), beside the same Lighthouse run on the minimal React 19 app of the
 * bundle bench, served the same way (an emulated amp's web server). Lighthouse 12 drives Debian's Chromium through
 * chrome-launcher, a fresh browser (and profile) per run; app and baseline runs alternate.
 */
import { once } from 'node:events';
import type { Fleet } from '@rackside/amp-sim';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, closeAll, consoleUrl, ensureWebBuilt, webFleet, type WebBuild } from './browser';
import { reactBaseline } from './react-baseline';

/**
 * Lighthouse's two presets. desktop (the default here): 1350 × 940, simulated 40 ms RTT and 10 Mbit/s, CPU as
 * measured; mobile: a Moto G Power, simulated slow 4G (150 ms, 1.6 Mbit/s) and a 4 × slower CPU.
 */
export type LighthousePreset = 'desktop' | 'mobile';

/** One Lighthouse run's figures. */
export interface LighthouseRun {
  /** The performance category, 0–100. */
  readonly score: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly speedIndexMs: number;
  /** What Lighthouse took for the largest contentful paint (its node label), when it says. */
  readonly lcpElement: string | undefined;
  /** The path the page ended on (the console redirects / to /amps). */
  readonly finalPath: string;
  /** Lighthouse's CPU benchmark of the machine during the run (higher is faster; load lowers it). */
  readonly benchmarkIndex: number;
  /** Where the main thread went during the load (Lighthouse's breakdown, observed, not simulated), largest first. */
  readonly mainThread: readonly { readonly what: string; readonly ms: number }[];
  readonly warnings: readonly string[];
}

/** What benchLighthouse measured. */
export interface LighthouseResult {
  readonly version: string;
  readonly preset: LighthousePreset;
  /** The preset's throttling as Lighthouse applied it. */
  readonly throttling: {
    readonly method: string;
    readonly rttMs: number;
    readonly throughputKbps: number;
    readonly cpuSlowdown: number;
  };
  readonly screen: { readonly width: number; readonly height: number };
  readonly build: WebBuild;
  readonly amps: number;
  readonly physics: boolean;
  readonly path: string;
  /** Every run of each, in order. */
  readonly appRuns: readonly LighthouseRun[];
  readonly baselineRuns: readonly LighthouseRun[];
  /** The run of median score (its metrics are that run's, so they agree with the score). */
  readonly app: LighthouseRun;
  readonly baseline: LighthouseRun;
  /** App score / baseline score. */
  readonly ratio: number;
}

/** Issue 12: the amp list scores at least 95 for performance. */
export const LIGHTHOUSE_TARGET_SCORE = 95;

/** Options of benchLighthouse. */
export interface LighthouseOptions {
  /** Amps of the fleet (default 8) and their first loopback address (default 127.0.24.31, up to .38). */
  readonly amps?: number;
  readonly base?: string;
  /** Loopback address of the one amp serving the baseline app (default 127.0.24.41). */
  readonly baselineBase?: string;
  /** Runs of each, app and baseline alternating (default 3; the median run is reported). */
  readonly runs?: number;
  readonly preset?: LighthousePreset;
  /** The fleet's physics (meters, readings) running, as at the rack (default true), or stopped after boot. */
  readonly physics?: boolean;
}

const PATH = '/amps';

/**
 * The amp list at /amps of a fleet of 8 emulated amps (physics running, as at the rack) in Lighthouse's desktop
 * preset, beside the minimal React 19 app served by one emulated amp; the median run of each by score.
 */
export async function benchLighthouse(opts: LighthouseOptions = {}): Promise<LighthouseResult> {
  const amps = opts.amps ?? 8;
  const runs = opts.runs ?? 3;
  const preset = opts.preset ?? 'desktop';
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`runs must be a positive integer, got ${runs}`);
  const build = await ensureWebBuilt();
  const baselineApp = await reactBaseline();
  const cleanup: (() => unknown)[] = [];
  try {
    // the console reaches the other amps on the host amp's device API port: the default 1234, shared
    const fleet: Fleet = await webFleet({ amps, base: opts.base ?? '127.0.24.31' });
    cleanup.push(() => fleet.close());
    if (opts.physics === false) fleet.amps.forEach((a) => a.physics.stop());
    const one = await webFleet({
      amps: 1,
      base: opts.baselineBase ?? '127.0.24.41',
      port: 0,
      webRoot: baselineApp.dist,
    });
    cleanup.push(() => one.close());
    one.amps.forEach((a) => a.physics.stop());

    const appRuns: Result[] = [];
    const baselineRuns: Result[] = [];
    for (let i = 0; i < runs; i++) {
      // alternate which goes first, so that neither always meets the machine a run later
      const pair = [
        async () => appRuns.push(await runLighthouse(consoleUrl(fleet, PATH), preset)),
        async () => baselineRuns.push(await runLighthouse(consoleUrl(one, '/'), preset)),
      ];
      if (i % 2 === 1) pair.reverse();
      for (const run of pair) await run();
    }
    const app = appRuns.map(figures);
    const baseline = baselineRuns.map(figures);
    const settings = appRuns[0]!.configSettings;
    const medianApp = medianRun(app);
    const medianBaseline = medianRun(baseline);
    return {
      version: appRuns[0]!.lighthouseVersion,
      preset,
      throttling: {
        method: settings.throttlingMethod,
        rttMs: settings.throttling.rttMs ?? NaN,
        throughputKbps: settings.throttling.throughputKbps ?? NaN,
        cpuSlowdown: settings.throttling.cpuSlowdownMultiplier ?? NaN,
      },
      screen: { width: settings.screenEmulation.width, height: settings.screenEmulation.height },
      build,
      amps,
      physics: opts.physics ?? true,
      path: PATH,
      appRuns: app,
      baselineRuns: baseline,
      app: medianApp,
      baseline: medianBaseline,
      ratio: medianApp.score / medianBaseline.score,
    };
  } finally {
    await closeAll(cleanup);
  }
}

/** One Lighthouse run (performance only) of `url` in a Chromium of its own, killed afterwards. */
async function runLighthouse(url: string, preset: LighthousePreset): Promise<Result> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS], logLevel: 'silent' });
  try {
    const flags: Flags = { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] };
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse on ${url} returned nothing`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    const proc = chrome.process;
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = once(proc, 'exit');
      chrome.kill();
      await exited;
    }
  }
}

function figures(lhr: Result): LighthouseRun {
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined)
    throw new Error(`Lighthouse gave no performance score for ${lhr.finalDisplayedUrl}`);
  const metric = (id: string): number => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round(score * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndexMs: metric('speed-index'),
    lcpElement: lcpElementOf(lhr),
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    mainThread: mainThreadOf(lhr),
    warnings: lhr.runWarnings,
  };
}

/** The node label of the LCP element: a list whose first table's first item has the node (Lighthouse 12). */
function lcpElementOf(lhr: Result): string | undefined {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  if (details?.type !== 'list') return undefined;
  const table = details.items[0];
  if (table?.type !== 'table') return undefined;
  const node = table.items[0]?.node;
  if (typeof node !== 'object' || node === null || !('type' in node) || node.type !== 'node') return undefined;
  return node.nodeLabel ?? node.snippet;
}

/** The mainthread-work-breakdown audit's table: group label and milliseconds, largest first. */
function mainThreadOf(lhr: Result): { what: string; ms: number }[] {
  const details = lhr.audits['mainthread-work-breakdown']?.details;
  if (details?.type !== 'table') return [];
  return details.items
    .map((item) => {
      const label = item.groupLabel ?? item.group;
      return { what: typeof label === 'string' ? label : '?', ms: Number(item.duration) };
    })
    .sort((a, b) => b.ms - a.ms);
}

/** The run of median score (the lower of the two middle ones for an even count), ties by LCP. */
function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return median;
}
