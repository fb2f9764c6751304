/**
 * Bundle (issue 4): JS gzip of the console's first route, as Chromium fetched it, and of the whole build, beside a
 * minimal React 19 app built the same way; the first route split by package through the source maps.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import {
  closeAll,
  consoleUrl,
  ensureWebBuilt,
  REPO_ROOT,
  WEB_DIST,
  webFleet,
  withBrowser,
  type WebBuild,
} from './browser';
import { reactBaseline } from './react-baseline';
import { ChunkMap, packageOf } from './sourcemap';

/** One JS file and its sizes. */
export interface ChunkSize {
  readonly file: string;
  readonly rawBytes: number;
  readonly gzipBytes: number;
}

/** A set of JS files and their sum. */
export interface JsSet {
  readonly files: readonly ChunkSize[];
  readonly rawBytes: number;
  readonly gzipBytes: number;
}

/** What benchBundle measured. */
export interface BundleResult {
  readonly build: WebBuild;
  /** The JS the browser fetched to show the amp list at `/` (→ /amps), from the requests it made. */
  readonly firstRoute: JsSet;
  readonly firstRoutePath: string;
  /** Every .js of packages/web/dist/assets. */
  readonly wholeApp: JsSet;
  /** A minimal React 19 app (StrictMode, createRoot, one heading) built by Vite with the console's options. */
  readonly baseline: JsSet;
  readonly baselineBuildMs: number;
  readonly ratioFirstRoute: number;
  readonly ratioWholeApp: number;
  /** Who fills the first route: share of its minified characters by package (from the source maps). */
  readonly firstRouteByPackage: readonly { readonly pkg: string; readonly share: number }[];
}

/** Issue 4: the first route's JS at most 200 KB gzip. */
export const FIRST_ROUTE_TARGET_BYTES = 200 * 1024;

const gzipSize = (buf: Buffer): number => gzipSync(buf).length;

function jsSet(dir: string, files: readonly string[]): JsSet {
  const sizes = files.map((file) => {
    const buf = readFileSync(join(dir, file));
    return { file, rawBytes: buf.length, gzipBytes: gzipSize(buf) };
  });
  sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files: sizes,
    rawBytes: sizes.reduce((s, f) => s + f.rawBytes, 0),
    gzipBytes: sizes.reduce((s, f) => s + f.gzipBytes, 0),
  };
}

const jsFilesOf = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.js'));

/** Share of the first route's minified characters by package, from the chunks' source maps. */
function byPackage(assets: string, files: readonly string[]): { pkg: string; share: number }[] {
  const chars = new Map<string, number>();
  let total = 0;
  for (const f of files) {
    const mapPath = join(assets, `${f}.map`);
    if (!existsSync(mapPath)) continue;
    const text = readFileSync(join(assets, f), 'utf8');
    for (const [source, n] of ChunkMap.load(mapPath, REPO_ROOT).charsBySource(text)) {
      const pkg = packageOf(source);
      chars.set(pkg, (chars.get(pkg) ?? 0) + n);
      total += n;
    }
  }
  return [...chars].sort((a, b) => b[1] - a[1]).map(([pkg, n]) => ({ pkg, share: total > 0 ? n / total : 0 }));
}

/** Options of benchBundle. */
export interface BundleOptions {
  /** Loopback address of the one amp serving the console (default 127.0.24.1). */
  readonly base?: string;
  readonly browser?: Browser;
}

/**
 * JS gzip (zlib default level 6) of the first route, as fetched by Chromium showing the amp list of a one-amp
 * fleet, and of every chunk of the build; beside a minimal React 19 app built the same way.
 */
export async function benchBundle(opts: BundleOptions = {}): Promise<BundleResult> {
  const build = await ensureWebBuilt();
  const assets = join(WEB_DIST, 'assets');
  const fleet = await webFleet({ amps: 1, base: opts.base ?? '127.0.24.1', port: 0 });
  const cleanup: (() => unknown)[] = [() => fleet.close()];
  let fetched: string[] = [];
  let path = '';
  try {
    fleet.amps.forEach((a) => a.physics.stop());
    await withBrowser(opts.browser, async (browser) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      cleanup.push(() => context.close());
      const page = await context.newPage();
      const js = new Set<string>();
      page.on('request', (r) => {
        const m = /\/assets\/([^/?#]+\.js)(?:[?#].*)?$/.exec(r.url());
        if (m) js.add(m[1]!);
      });
      await page.goto(consoleUrl(fleet, '/'));
      await page.locator('[data-amp]').first().waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      fetched = [...js];
      path = new URL(page.url()).pathname;
    });
  } finally {
    await closeAll(cleanup);
  }
  const firstRoute = jsSet(assets, fetched);
  const wholeApp = jsSet(assets, jsFilesOf(assets));
  const baseline = await reactBaseline();
  const baselineAssets = join(baseline.dist, 'assets');
  const baselineSet = jsSet(baselineAssets, jsFilesOf(baselineAssets));

  return {
    build,
    firstRoute,
    firstRoutePath: path,
    wholeApp,
    baseline: baselineSet,
    baselineBuildMs: baseline.buildMs,
    ratioFirstRoute: firstRoute.gzipBytes / baselineSet.gzipBytes,
    ratioWholeApp: wholeApp.gzipBytes / baselineSet.gzipBytes,
    firstRouteByPackage: byPackage(assets, fetched),
  };
}
