/**
 * What the web benchmarks share: the built console (built first when packages/web/dist is missing), Debian's
 * Chromium launched as the end-to-end flows launch it (e2e/playwright.config.ts; never a downloaded browser), the
 * main-thread busy share from the DevTools protocol, and a CPU profile read back through the build's source maps.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFleet, type Fleet } from '@rackside/amp-sim';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { ChunkMap, packageOf, shortSource } from './web-sourcemap';
import { sleep } from './stats';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The built console: packages/web/dist, or RACKSIDE_WEB_DIST (another build, e.g. while others serve dist). */
export const WEB_DIST = process.env.RACKSIDE_WEB_DIST
  ? resolve(process.env.RACKSIDE_WEB_DIST)
  : join(REPO_ROOT, 'packages/web/dist');
const WEB_PKG = join(REPO_ROOT, 'packages/web');
const WEB_SRC = join(REPO_ROOT, 'packages/web/src');

/** How the built console stood when a run began. */
export interface WebBuild {
  /** The run built it (dist/index.html was missing). */
  readonly built: boolean;
  readonly buildMs: number;
  /** A file under packages/web/src is newer than dist/index.html: the figures are of an older build. */
  readonly stale: boolean;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Builds the console when WEB_DIST/index.html is missing (`npm run build -w @rackside/web` for packages/web/dist,
 * `vite build --outDir` for a RACKSIDE_WEB_DIST folder); says whether the build is stale.
 */
export async function ensureWebBuilt(): Promise<WebBuild> {
  const index = join(WEB_DIST, 'index.html');
  let built = false;
  let buildMs = 0;
  if (!existsSync(index)) {
    const t0 = performance.now();
    const child = process.env.RACKSIDE_WEB_DIST
      ? spawn('npx', ['vite', 'build', '--outDir', WEB_DIST, '--emptyOutDir'], {
          cwd: WEB_PKG,
          stdio: ['ignore', 'ignore', 'pipe'],
        })
      : spawn('npm', ['run', 'build', '-w', '@rackside/web'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const [code] = (await once(child, 'close')) as [number | null];
    if (code !== 0 || !existsSync(index))
      throw new Error(`building the console into ${WEB_DIST} exited ${code}: ${err.slice(-2000)}`);
    built = true;
    buildMs = performance.now() - t0;
  }
  return { built, buildMs, stale: newestMtime(WEB_SRC) > statSync(index).mtimeMs };
}

/** Chromium as e2e/playwright.config.ts launches it. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing (apt-get install chromium)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A fleet serving the built console: every amp on its own loopback address, no faults, no cloud agent or panel. */
export function webFleet(opts: {
  amps: number;
  base: string;
  models?: readonly string[];
  port?: number;
}): Promise<Fleet> {
  return startFleet({
    amps: opts.amps,
    ...(opts.models ? { models: opts.models } : {}),
    base: opts.base,
    // the console reaches every discovered amp on the host amp's device API port, so the fleet shares one
    port: opts.port ?? 1234,
    tcpPort: 0,
    httpPort: 0,
    faults: [],
    cloudAgent: false,
    touchPanels: 0,
    webRoot: WEB_DIST,
  });
}

/** The console's address on a fleet's first amp. */
export const consoleUrl = (fleet: Fleet, path: string): string => {
  const first = fleet.amps[0];
  if (!first) throw new Error('empty fleet');
  return `http://${first.amp.identity.ip}:${first.ports.http}${path}`;
};

// ---------------------------------------------------------------------------------------------------------------
// main-thread busy share

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

// ---------------------------------------------------------------------------------------------------------------
// CPU profile, read through the build's source maps

/** One line of a profile summary: what, and its share of the sampled busy time. */
export interface ProfileEntry {
  readonly what: string;
  readonly ms: number;
  /** Of the busy (non-idle) sampled time. */
  readonly share: number;
}

/** A CPU profile of the page over a window, summarized. */
export interface ProfileSummary {
  readonly wallMs: number;
  /** Sampled time that was not idle. */
  readonly busyMs: number;
  /** Self time by package ('react-dom', '@mui/material', 'web: features/devices', '(garbage collector)'...). */
  readonly byPackage: readonly ProfileEntry[];
  /** Self time by function (original name and source line where the maps tell). */
  readonly selfTop: readonly ProfileEntry[];
  /** Time with the function on the stack, the console's own code and @rackside packages only. */
  readonly inclusiveTop: readonly ProfileEntry[];
}

/** Reads the maps of the console's chunks by URL (…/assets/x.js → dist/assets/x.js.map). */
function chunkMaps(): (url: string) => ChunkMap | undefined {
  const cache = new Map<string, ChunkMap | undefined>();
  return (url) => {
    const file = /\/assets\/([^/?#]+\.js)(?:[?#].*)?$/.exec(url)?.[1];
    if (!file) return undefined;
    if (!cache.has(file)) {
      const path = join(WEB_DIST, 'assets', `${file}.map`);
      cache.set(file, existsSync(path) ? ChunkMap.load(path, REPO_ROOT) : undefined);
    }
    return cache.get(file);
  };
}

const SPECIAL = new Set(['(program)', '(garbage collector)', '(root)']);

/** Starts sampling the page's JS (1 ms interval); stopProfile ends it. */
export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
}

/** Samples the page's JS for `ms` and summarizes it (see stopProfile). */
export async function profilePage(cdp: CDPSession, ms: number, top = 8): Promise<ProfileSummary> {
  await startProfile(cdp);
  await sleep(ms);
  return stopProfile(cdp, top);
}

/** Stops the profile startProfile began and summarizes self and inclusive time through the source maps. */
export async function stopProfile(cdp: CDPSession, top = 8): Promise<ProfileSummary> {
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Profiler.disable');

  const mapOf = chunkMaps();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // what each node is: a function key for printing and the package it belongs to
  const ident = new Map<number, { fn: string; pkg: string; own: boolean }>();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    if (SPECIAL.has(f.functionName) || f.functionName === '(idle)') {
      ident.set(n.id, { fn: f.functionName, pkg: f.functionName, own: false });
      continue;
    }
    const origin = mapOf(f.url)?.lookup(f.lineNumber, f.columnNumber);
    if (origin) {
      const pkg = packageOf(origin.source);
      const own = pkg.startsWith('web:') || pkg.startsWith('@rackside/');
      const name = origin.name ?? (f.functionName || '(anonymous)');
      ident.set(n.id, { fn: `${name} ${shortSource(origin.source)}:${origin.line + 1}`, pkg, own });
    } else {
      const where = f.url ? f.url.replace(/^https?:\/\/[^/]+/, '') : '(native)';
      const name = f.functionName || '(anonymous)';
      ident.set(n.id, {
        fn: `${name} ${where}${f.url ? `:${f.lineNumber + 1}` : ''}`,
        pkg: f.url ? where : '(native)',
        own: false,
      });
    }
  }

  const self = new Map<string, number>();
  const byPkg = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  let busyMs = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // the time up to the next sample belongs to this one
    const dt = (deltas[i + 1] ?? 0) / 1000;
    const id = samples[i]!;
    const me = ident.get(id);
    if (!me || me.fn === '(idle)') continue;
    busyMs += dt;
    add(self, me.fn, dt);
    add(byPkg, me.pkg, dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const who = ident.get(at);
      if (who?.own && !seen.has(who.fn)) {
        seen.add(who.fn);
        add(inclusive, who.fn, dt);
      }
    }
  }
  const rank = (m: Map<string, number>, n: number): ProfileEntry[] =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([what, v]) => ({ what, ms: v, share: busyMs > 0 ? v / busyMs : 0 }));
  return {
    wallMs: (profile.endTime - profile.startTime) / 1000,
    busyMs,
    byPackage: rank(byPkg, top),
    selfTop: rank(self, top),
    inclusiveTop: rank(inclusive, top),
  };
}
