/** A CPU profile of a page over a window (DevTools protocol), summed by package and function through the build's source maps. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { sleep } from '../stats';
import { REPO_ROOT, WEB_DIST } from './browser';
import { ChunkMap, packageOf, shortSource } from './sourcemap';

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
