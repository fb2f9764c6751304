/** The web benchmarks' results as the lines run.ts prints. */
import { AMP_LIST_ITEM_HEIGHT_PX } from '@rackside/protocol';
import { ms, pct, verdict, verdictFloor, x } from '../stats';
import { SCROLL_TARGET_FPS, type AmpListResult } from './amp-list';
import { FIRST_ROUTE_TARGET_BYTES, type BundleResult } from './bundle';
import { CHANNEL_BUSY_TARGET, type ChannelViewResult } from './channel-view';
import { LIGHTHOUSE_TARGET_SCORE, type LighthouseResult, type LighthouseRun } from './lighthouse';
import type { ProfileSummary } from './profile';
import type { FrameStats } from './scroll';
import type { TabSwitchResult } from './tab-switch';

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const s1 = (v: number): string => `${(v / 1000).toFixed(1)} s`;

/** The bundle result as printed lines. */
export function formatBundle(r: BundleResult): string[] {
  const out: string[] = [];
  out.push(
    `web bundle — JS of packages/web/dist, gzip at zlib's default level; first route = what Chromium fetched to ` +
      `show ${r.firstRoutePath} (amp list of a one-amp fleet)`,
  );
  out.push(
    `  first route JS gzip ${kib(r.firstRoute.gzipBytes)} (${r.firstRoute.files.length} files, ${kib(r.firstRoute.rawBytes)} ` +
      `minified) (minimal React 19 app ${kib(r.baseline.gzipBytes)}, ratio ${x(r.ratioFirstRoute)}, target ≤ ` +
      `${kib(FIRST_ROUTE_TARGET_BYTES)}) ${verdict(r.firstRoute.gzipBytes <= FIRST_ROUTE_TARGET_BYTES)}`,
  );
  out.push(
    `  whole app JS gzip ${kib(r.wholeApp.gzipBytes)} (${r.wholeApp.files.length} files, ${kib(r.wholeApp.rawBytes)} ` +
      `minified) (minimal React 19 app ${kib(r.baseline.gzipBytes)}, ratio ${x(r.ratioWholeApp)})`,
  );
  out.push(
    `  first route by package (share of its minified code, from the source maps): ` +
      r.firstRouteByPackage
        .slice(0, 10)
        .map((p) => `${p.pkg} ${(p.share * 100).toFixed(0)} %`)
        .join(', '),
  );
  out.push(
    `  largest first-route chunks (gzip): ` +
      r.firstRoute.files
        .slice(0, 4)
        .map((f) => `${f.file} ${kib(f.gzipBytes)}`)
        .join(', '),
  );
  out.push(
    `  check: baseline built in ${ms(r.baselineBuildMs)}; dist ${r.build.built ? `built by this run (${ms(r.build.buildMs)})` : 'as found'}` +
      `${r.build.stale ? ' — OLDER than packages/web/src: run npm run build -w @rackside/web for current figures' : ''}`,
  );
  return out;
}

/** A CPU profile summary as lines (none without a profile). */
function formatProfile(title: string, p: ProfileSummary | undefined): string[] {
  if (!p) return [];
  const out: string[] = [];
  const list = (entries: ProfileSummary['selfTop']) => entries.map((e) => `${e.what} ${pct(e.share)}`).join('; ');
  out.push(`  profile, ${title} (${s1(p.wallMs)}, ${ms(p.busyMs)} sampled busy; shares of that):`);
  out.push(`    by package (self): ${list(p.byPackage)}`);
  out.push(`    self: ${list(p.selfTop)}`);
  out.push(`    on the stack (console and @rackside code): ${list(p.inclusiveTop)}`);
  return out;
}

const frames = (f: FrameStats): string =>
  `frame p50 ${ms(f.p50Ms)}, p95 ${ms(f.p95Ms)}, max ${ms(f.maxMs)}, ${f.longFrames} of ${f.frames - 1} over 25 ms; ` +
  `main thread busy ${pct(f.busy.share)}, CPU ${pct(f.busy.cpuShare)}: ${ms(f.busy.cpuMs / Math.max(1, f.frames - 1))} ` +
  `per frame, ${ms(f.busy.cpuMs / Math.max(1, f.scrolledPx / AMP_LIST_ITEM_HEIGHT_PX))} per 156 px scrolled`;

/** The amp-list result as printed lines. */
export function formatAmpList(r: AmpListResult): string[] {
  const out: string[] = [];
  out.push(
    `web amp list — ${r.amps} emulated amps (physics stopped after boot; fleet started in ${s1(r.fleetStartMs)}), ` +
      `Chromium 1280 × 800 on /amps of the first amp`,
  );
  out.push(
    `  navigation → first card shown ${ms(r.firstCardMs)} (in the DOM ${ms(r.firstCardDomMs)}) ` +
      `(same console, fleet of one amp ${ms(r.baselineFirstCardMs)}, ratio ${x(r.ratioFirstCard)})`,
  );
  const k = r.sockets;
  out.push(
    `  sockets: ${k.opened} opened, ${k.connected} answered (the last ${s1(k.lastConnectedMs)} after navigation); ` +
      `${k.refused} amps refused by Chromium ("Insufficient resources"), retried every 5 s: ` +
      `${k.refusedPerS.toFixed(0)} refused reconnects/s; the list holds ${r.listed} amps`,
  );
  if (k.refused > 0)
    out.push(`  refused reconnects in each second of the busy window, then the scroll: ${k.refusedEachS.join(', ')}`);
  const b = r.busyLoaded;
  out.push(
    `  main thread busy, list loaded, not scrolling: ${pct(b.share)} (CPU ${pct(b.cpuShare)}; script ${ms(b.scriptMs)} ` +
      `of ${s1(b.wallMs)})`,
  );
  out.push(
    `  scroll ${r.scrollSpeedPxPerS} px/s for ${s1(r.scroll.durationMs)}: ${r.scroll.fps.toFixed(1)} fps ` +
      `(static page of ${r.amps} plain 156 px divs ${r.baselineScroll.fps.toFixed(1)} fps, ratio ${x(r.ratioFps)}, ` +
      `target ≥ ${SCROLL_TARGET_FPS} fps) ${verdictFloor(r.scroll.fps >= SCROLL_TARGET_FPS)}`,
  );
  out.push(`    list:   ${frames(r.scroll)}`);
  out.push(`    static: ${frames(r.baselineScroll)}`);
  out.push(...formatProfile('a second scroll like the measured one', r.profile));
  out.push(...formatProfile('a second load, navigation → first card', r.loadProfile));
  return out;
}

/** The channel-view result as printed lines. */
export function formatChannelView(r: ChannelViewResult): string[] {
  const out: string[] = [];
  out.push(
    `web channel view — ${r.model}, channel 1 Inputs at ${r.viewport.width} × ${r.viewport.height}: ` +
      `${r.channelsShown} channels shown, ${r.meters} level meters; meters published at ${r.meterHz} Hz, the page ` +
      `received ${r.framesPerS.toFixed(1)} device frames/s`,
  );
  const b = r.busy;
  out.push(
    `  main thread busy ${pct(b.share)} (idle amp list ${pct(r.baseline.share)}, ratio ${x(r.ratio)}, target < ` +
      `${pct(CHANNEL_BUSY_TARGET)}) ${verdict(b.share < CHANNEL_BUSY_TARGET)}`,
  );
  const received = Math.max(1, (r.framesPerS * b.wallMs) / 1000);
  out.push(
    `  of ${s1(b.wallMs)}: script ${ms(b.scriptMs)}, style ${ms(b.styleMs)}, layout ${ms(b.layoutMs)}; main-thread ` +
      `CPU ${pct(b.cpuShare)} (idle ${pct(r.baseline.cpuShare)}); per frame received: busy ${ms(b.taskMs / received)}, ` +
      `CPU ${ms(b.cpuMs / received)}`,
  );
  out.push(...formatProfile('channel view with meters', r.profile));
  return out;
}

const s2 = (v: number): string => `${(v / 1000).toFixed(2)} s`;
const metrics = (r: LighthouseRun): string =>
  `FCP ${s2(r.fcpMs)}, LCP ${s2(r.lcpMs)}, TBT ${r.tbtMs.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, Speed Index ${s2(r.speedIndexMs)}`;

const breakdown = (r: LighthouseRun): string =>
  `${ms(r.mainThread.reduce((sum, m) => sum + m.ms, 0))} (` +
  r.mainThread
    .slice(0, 4)
    .map((m) => `${m.what} ${ms(m.ms)}`)
    .join(', ') +
  ')';

/** The Lighthouse result as printed lines. */
export function formatLighthouse(r: LighthouseResult): string[] {
  const t = r.throttling;
  const runs = r.appRuns.length === 1 ? 'one run' : `median of ${r.appRuns.length} runs`;
  const a = r.app;
  const b = r.baseline;
  const scores = (list: readonly LighthouseRun[]) => list.map((run) => run.score).join(', ');
  const warnings = [...new Set([...r.appRuns, ...r.baselineRuns].flatMap((run) => run.warnings))];
  return [
    `web lighthouse — Lighthouse ${r.version}, ${r.preset} preset (${r.screen.width} × ${r.screen.height}, ` +
      `${t.method} throttling: ${t.rttMs} ms RTT, ${(t.throughputKbps / 1024).toFixed(1)} Mbit/s, CPU × ` +
      `${t.cpuSlowdown}), performance only, a fresh Chromium per run; ${r.path} of ${r.amps} emulated amps (physics ` +
      `${r.physics ? 'running' : 'stopped'}) beside the minimal React 19 app served by one amp; ${runs} each`,
    `  performance score ${a.score} (minimal React 19 app ${b.score}, ratio ${x(r.ratio)}, target ≥ ` +
      `${LIGHTHOUSE_TARGET_SCORE}) ${verdictFloor(a.score >= LIGHTHOUSE_TARGET_SCORE)}   [runs: ${scores(r.appRuns)}; ` +
      `baseline ${scores(r.baselineRuns)}]`,
    `    amp list: ${metrics(a)}`,
    `    baseline: ${metrics(b)}`,
    `    ratio:    FCP ${x(a.fcpMs / b.fcpMs)}, LCP ${x(a.lcpMs / b.lcpMs)}, Speed Index ${x(a.speedIndexMs / b.speedIndexMs)}`,
    `  main thread during the load (observed): amp list ${breakdown(a)}; baseline ${breakdown(b)}`,
    `  check: ended on ${a.finalPath} (baseline ${b.finalPath}); LCP element ${a.lcpElement ?? '?'} (baseline ` +
      `${b.lcpElement ?? '?'}); Lighthouse benchmark index ${a.benchmarkIndex.toFixed(0)} (baseline run ` +
      `${b.benchmarkIndex.toFixed(0)}); warnings: ${warnings.length > 0 ? warnings.join(' | ') : 'none'}` +
      `${r.build.stale ? '; dist OLDER than packages/web/src' : ''}`,
  ];
}

/** The tab-switch result as printed lines. */
export function formatTabSwitch(r: TabSwitchResult): string[] {
  const clicks = r.tabs.length * r.rounds;
  return [
    `web tab switch — ${r.model}, channel view at 1920 × 1080, Chromium's CPU ×${r.cpuSlowdown} slower; each of ` +
      `${r.tabs.length} tabs clicked ${r.rounds} × per phase (${clicks} clicks), pointer down → the tab selected`,
    `  meters at ${r.meterHz} Hz: p50 ${ms(r.live.p50)}, slowest ${ms(r.live.max)} (meters stopped: p50 ` +
      `${ms(r.idle.p50)}, slowest ${ms(r.idle.max)}; ratio p50 ${x(r.ratioP50)}, slowest ${x(r.ratioMax)})`,
    `  loading spinner seen during a click: ${r.live.spinners + r.idle.spinners} of ${2 * clicks} (first visit of ` +
      `each tab, full speed: ${r.firstVisit.spinners} of ${r.tabs.length}${r.firstVisit.spinners ? `: ${r.firstVisit.spinnerTabs.join(', ')}` : ''}); clicks, ms, ` +
      `live: ${r.live.ms.map((v) => v.toFixed(0)).join(' ')}`,
  ];
}
