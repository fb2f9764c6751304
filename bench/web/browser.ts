/**
 * What the web benchmarks share: the built console (built first when packages/web/dist is missing), Debian's
 * Chromium launched as the end-to-end flows launch it (e2e/playwright.config.ts; never a downloaded browser), and
 * the emulated fleet serving a build.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFleet, startPhysics, type Amp, type Fleet } from '@rackside/amp-sim';
import { chromium, type Browser } from 'playwright-core';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
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

/** Debian's Chromium through Playwright, headless, with the e2e flags. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing (apt-get install chromium)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * A fleet serving the built console (or another build: webRoot): every amp on its own loopback address, no faults,
 * no cloud agent or panel.
 */
export function webFleet(opts: {
  amps: number;
  base: string;
  models?: readonly string[];
  port?: number;
  webRoot?: string;
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
    webRoot: opts.webRoot ?? WEB_DIST,
  });
}

/**
 * The amp's meters published `hz` times a second: its physics publishes them every 200 ms on its own, so a manual
 * physics is ticked every period by two periods of meter time at half speed (simulated time keeps wall-clock pace and
 * every tick publishes meters). Stop the amp's own physics first; returns the stop function.
 */
export function liveMeters(amp: Amp, hz: number): () => void {
  const meters = startPhysics(amp, { manual: true, speed: 0.5 });
  const periodMs = 1000 / hz;
  const timer = setInterval(() => meters.tick(2 * periodMs), periodMs);
  return () => {
    clearInterval(timer);
    meters.stop();
  };
}

/** The console's address on a fleet's first amp. */
export const consoleUrl = (fleet: Fleet, path: string): string => {
  const first = fleet.amps[0];
  if (!first) throw new Error('empty fleet');
  return `http://${first.amp.identity.ip}:${first.ports.http}${path}`;
};

/** A browser of the caller's, or one launched (and closed) by the bench. */
export async function withBrowser<T>(given: Browser | undefined, run: (b: Browser) => Promise<T>): Promise<T> {
  const browser = given ?? (await launchChromium());
  try {
    return await run(browser);
  } finally {
    if (!given) await browser.close();
  }
}

/** Closes what a bench opened, last first, even when it failed half way. */
export async function closeAll(cleanup: (() => unknown)[]): Promise<void> {
  for (const c of cleanup.reverse()) await c();
}
