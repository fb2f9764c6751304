/**
 * Amp list (issue 4): 1,000 emulated amps serving the console; navigation → first card, what the sockets do, the
 * loaded list's busy share and a steady scroll of the virtual list, beside a one-amp fleet and a static page.
 */
import type { Fleet } from '@rackside/amp-sim';
import type { Browser } from 'playwright-core';
import { sleep } from '../stats';
import { consoleUrl, closeAll, ensureWebBuilt, webFleet, withBrowser } from './browser';
import { measureBusy, type BusyShare } from './busy';
import { firstCardOfOneAmp, firstCardTimes, probedPage } from './first-card';
import { startProfile, stopProfile, type ProfileSummary } from './profile';
import { scrollFrames, staticListHtml, type FrameStats } from './scroll';

/** What the browser's sockets did while the list loaded. */
export interface SocketStats {
  /** WebSockets the page opened (Chromium reports only those it let start). */
  readonly opened: number;
  /** Those that received a frame from their amp. */
  readonly connected: number;
  /** Amps whose socket Chromium refused ("Insufficient resources" console errors naming distinct addresses). */
  readonly refused: number;
  /** Navigation → the last socket's first frame. */
  readonly lastConnectedMs: number;
  /** Refused attempts per second after loading (the DeviceClient retries). */
  readonly refusedPerS: number;
  /** Refused attempts in each second of the busy window and the scroll that follows it (they come in waves). */
  readonly refusedEachS: readonly number[];
}

/** What benchAmpList measured. */
export interface AmpListResult {
  readonly amps: number;
  readonly fleetStartMs: number;
  /** Amps the list holds (aria-setsize of its items) after loading. */
  readonly listed: number;
  /** Navigation → the first card in the DOM, and → the frame showing it (in-page clock, navigation start = 0). */
  readonly firstCardDomMs: number;
  readonly firstCardMs: number;
  /** The same with a fleet of one amp (the baseline of the first render). */
  readonly baselineFirstCardMs: number;
  readonly ratioFirstCard: number;
  readonly sockets: SocketStats;
  /** The list page, loaded, not scrolled, over busyMs. */
  readonly busyLoaded: BusyShare;
  readonly scrollSpeedPxPerS: number;
  readonly scroll: FrameStats;
  /** The same scroll of a static page of 1,000 plain 156 px divs in the same kind of scroll box. */
  readonly baselineScroll: FrameStats;
  readonly ratioFps: number;
  /** With profileMs: a second scroll of profileMs, and a second load from navigation to the first card. */
  readonly profile: ProfileSummary | undefined;
  readonly loadProfile: ProfileSummary | undefined;
}

/** Issue 4: the list scrolls at 58 fps or better. */
export const SCROLL_TARGET_FPS = 58;

/** Options of benchAmpList. */
export interface AmpListOptions {
  /** Amps of the fleet (default 1000). */
  readonly amps?: number;
  /** Loopback addresses: the fleet (default 127.0.20.1, 1,000 amps up to 127.0.23.232) and the one-amp baseline. */
  readonly base?: string;
  readonly baselineBase?: string;
  /** Length and speed of the scroll (default 3000 ms at 3000 px/s). */
  readonly scrollMs?: number;
  readonly speedPxPerS?: number;
  /** Settled: no new socket and none unanswered for settleQuietMs (default 2000), or settleMaxMs (default 30000). */
  readonly settleQuietMs?: number;
  readonly settleMaxMs?: number;
  /** The busy-share window before scrolling (default 5000 ms). */
  readonly busyMs?: number;
  /**
   * CPU profiles of a second scroll this long, after the measured one, and of a second load (navigation → first
   * card) in a fresh context; 0 (default) for none.
   */
  readonly profileMs?: number;
  readonly browser?: Browser;
}

/**
 * 1,000 emulated amps (physics stopped after boot) serving the console; Chromium opens the amp list of the first.
 * Figures: navigation → first card (beside the same with a one-amp fleet), what the sockets did, main-thread busy
 * share of the loaded list, and a steady rAF-driven scroll of the virtual list (beside a static page of 1,000 plain
 * divs).
 */
export async function benchAmpList(opts: AmpListOptions = {}): Promise<AmpListResult> {
  const amps = opts.amps ?? 1000;
  const scrollMs = opts.scrollMs ?? 3000;
  const speed = opts.speedPxPerS ?? 3000;
  const settleQuietMs = opts.settleQuietMs ?? 2000;
  const settleMaxMs = opts.settleMaxMs ?? 30_000;
  const busyMs = opts.busyMs ?? 5000;
  const viewport = { width: 1280, height: 800 };
  await ensureWebBuilt();
  return withBrowser(opts.browser, async (browser) => {
    const baselineFirstCardMs = await firstCardOfOneAmp(browser, opts.baselineBase ?? '127.0.24.11', viewport);

    const t0 = performance.now();
    const fleet: Fleet = await webFleet({ amps, base: opts.base ?? '127.0.20.1' });
    const fleetStartMs = performance.now() - t0;
    const cleanup: (() => unknown)[] = [() => fleet.close()];
    try {
      // a thousand physics timers would take the CPU the browser needs; the list reads no meters
      fleet.amps.forEach((a) => a.physics.stop());
      const { context, page } = await probedPage(browser, viewport);
      cleanup.push(() => context.close());

      let opened = 0;
      let connected = 0;
      let refused = 0;
      const refusedAt: number[] = [];
      const refusedAmps = new Set<string>();
      let lastConnectedAt = 0;
      page.on('websocket', (ws) => {
        opened += 1;
        let first = true;
        ws.on('framereceived', () => {
          if (!first) return;
          first = false;
          connected += 1;
          lastConnectedAt = performance.now();
        });
      });
      page.on('console', (m) => {
        if (m.type() !== 'error' || !m.text().includes('Insufficient resources')) return;
        refused += 1;
        refusedAt.push(performance.now());
        refusedAmps.add(/ws:\/\/[^'"\s]+/.exec(m.text())?.[0] ?? m.text());
      });

      const navAt = performance.now();
      await page.goto(consoleUrl(fleet, '/amps'));
      const first = await firstCardTimes(page, 60_000);
      // settled: no new socket for settleQuietMs and every opened one has answered (or settleMaxMs)
      let lastOpened = -1;
      let stableSince = performance.now();
      const settleEnd = performance.now() + settleMaxMs;
      while (performance.now() < settleEnd) {
        if (opened !== lastOpened || connected < opened) {
          lastOpened = opened;
          stableSince = performance.now();
        } else if (performance.now() - stableSince >= settleQuietMs) break;
        await sleep(Math.min(250, settleQuietMs / 4));
      }
      const listed = await page
        .locator('[role="listitem"][aria-setsize]')
        .first()
        .getAttribute('aria-setsize')
        .then(Number);

      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const refusedBefore = refused;
      const windowAt = performance.now();
      const busyLoaded = await measureBusy(cdp, busyMs);
      const refusedPerS = ((refused - refusedBefore) * 1000) / busyLoaded.wallMs;

      const scroll = await scrollFrames(page, cdp, scrollMs, speed);
      const windowS = Math.ceil((performance.now() - windowAt) / 1000);
      const refusedEachS = Array.from({ length: windowS }, () => 0);
      for (const t of refusedAt) {
        const i = Math.floor((t - windowAt) / 1000);
        if (i >= 0 && i < windowS) refusedEachS[i]! += 1;
      }
      let profile: ProfileSummary | undefined;
      if (opts.profileMs) {
        // a second scroll like the measured one, profiled (the profiler's own cost stays out of the figures)
        await startProfile(cdp);
        await scrollFrames(page, cdp, opts.profileMs, speed);
        profile = await stopProfile(cdp);
      }
      await cdp.detach();
      await context.close();
      cleanup.pop();

      let loadProfile: ProfileSummary | undefined;
      if (opts.profileMs) {
        const again = await probedPage(browser, viewport);
        cleanup.push(() => again.context.close());
        const cdpLoad = await again.context.newCDPSession(again.page);
        await startProfile(cdpLoad);
        await again.page.goto(consoleUrl(fleet, '/amps'));
        await firstCardTimes(again.page, 60_000);
        loadProfile = await stopProfile(cdpLoad);
        await again.context.close();
        cleanup.pop();
      }

      const base = await browser.newContext({ viewport });
      cleanup.push(() => base.close());
      const staticPage = await base.newPage();
      await staticPage.setContent(staticListHtml(amps));
      const cdpStatic = await base.newCDPSession(staticPage);
      await cdpStatic.send('Performance.enable');
      const baselineScroll = await scrollFrames(staticPage, cdpStatic, scrollMs, speed);

      return {
        amps,
        fleetStartMs,
        listed,
        firstCardDomMs: first.domMs,
        firstCardMs: first.shownMs,
        baselineFirstCardMs,
        ratioFirstCard: first.shownMs / baselineFirstCardMs,
        sockets: {
          opened,
          connected,
          refused: refusedAmps.size,
          lastConnectedMs: lastConnectedAt > 0 ? lastConnectedAt - navAt : NaN,
          refusedPerS,
          refusedEachS,
        },
        busyLoaded,
        scrollSpeedPxPerS: speed,
        scroll,
        baselineScroll,
        ratioFps: scroll.fps / baselineScroll.fps,
        profile,
        loadProfile,
      };
    } finally {
      await closeAll(cleanup);
    }
  });
}
