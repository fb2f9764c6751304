/**
 * Channel view (issue 4): one 8-channel amp, meters at 10 Hz, the main thread's busy share beside the idle amp
 * list of the same amp.
 */
import type { Browser } from 'playwright-core';
import { sleep, within } from '../stats';
import { closeAll, consoleUrl, ensureWebBuilt, liveMeters, webFleet, withBrowser } from './browser';
import { measureBusy, type BusyShare } from './busy';
import { profilePage, type ProfileSummary } from './profile';

/** What benchChannelView measured. */
export interface ChannelViewResult {
  readonly model: string;
  readonly viewport: { readonly width: number; readonly height: number };
  /** Channel columns the view shows at that width, and the level meters on the page. */
  readonly channelsShown: number;
  readonly meters: number;
  /** Meter publications per second the bench drove, and the device API frames the page received per second. */
  readonly meterHz: number;
  readonly framesPerS: number;
  readonly busy: BusyShare;
  /** The amp list of the same amp, loaded, with nothing changing (physics stopped): the baseline. */
  readonly baseline: BusyShare;
  readonly ratio: number;
  readonly profile: ProfileSummary | undefined;
}

/** Issue 4: the channel view keeps the main thread busy less than 10 % of the time. */
export const CHANNEL_BUSY_TARGET = 0.1;

/** Options of benchChannelView. */
export interface ChannelViewOptions {
  /** An 8-channel model (default CDS-1008). */
  readonly model?: string;
  /** Loopback address of the amp (default 127.0.24.21). */
  readonly base?: string;
  /** Measuring window of each figure (default 10000 ms) and the wait after loading first (default 3000 ms). */
  readonly measureMs?: number;
  readonly settleMs?: number;
  /** Meter publications per second (default 10). */
  readonly meterHz?: number;
  /** A CPU profile of the channel view over this long, after the measure; 0 (default) for none. */
  readonly profileMs?: number;
  readonly browser?: Browser;
}

/**
 * One 8-channel amp; the channel view of channel 1 (Inputs tab) at 1920 × 1080, where four channels show side by
 * side, while the amp's meters change 10 times a second; main-thread busy share from Performance.getMetrics.
 * The physics publishes meters every 200 ms on its own; for 10 Hz the bench replaces the amp's physics timer with a
 * manual physics it ticks every 100 ms by 200 ms of meter time at half speed (so simulated time keeps wall-clock
 * pace and every tick publishes meters). Baseline: the amp list of the same amp with nothing changing.
 */
export async function benchChannelView(opts: ChannelViewOptions = {}): Promise<ChannelViewResult> {
  const model = opts.model ?? 'CDS-1008';
  const measureMs = opts.measureMs ?? 10_000;
  const settleMs = opts.settleMs ?? 3000;
  const meterHz = opts.meterHz ?? 10;
  const viewport = { width: 1920, height: 1080 };
  await ensureWebBuilt();
  const fleet = await webFleet({ amps: 1, models: [model], base: opts.base ?? '127.0.24.21', port: 0 });
  const cleanup: (() => unknown)[] = [() => fleet.close()];
  try {
    const { amp, physics } = fleet.amps[0]!;
    physics.stop();
    const ampId = amp.identity.ip;
    return await withBrowser(opts.browser, async (browser) => {
      const context = await browser.newContext({ viewport });
      cleanup.push(() => context.close());
      const page = await context.newPage();
      let frames = 0;
      page.on('websocket', (ws) => ws.on('framereceived', () => (frames += 1)));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');

      // baseline: the list of this amp, nothing changing
      await page.goto(consoleUrl(fleet, '/amps'));
      await page.locator('[data-amp]').first().waitFor({ state: 'visible', timeout: 30_000 });
      await sleep(settleMs);
      const baseline = await measureBusy(cdp, measureMs);

      // the channel view with meters at meterHz
      cleanup.push(liveMeters(amp, meterHz));
      await page.goto(consoleUrl(fleet, `/amps/${ampId}/channels/1/inputs`));
      const sections = page.locator('[role="tabpanel"] > div > section');
      await within(
        (async () => {
          while ((await sections.count()) === 0) await sleep(100);
          await page.locator('[role="meter"]').first().waitFor({ state: 'visible' });
        })(),
        30_000,
        'channel view',
      );
      await sleep(settleMs);
      const channelsShown = await sections.count();
      const meterCount = await page.locator('[role="meter"]').count();
      const framesBefore = frames;
      const busy = await measureBusy(cdp, measureMs);
      const framesPerS = ((frames - framesBefore) * 1000) / busy.wallMs;
      const profile = opts.profileMs ? await profilePage(cdp, opts.profileMs) : undefined;
      await cdp.detach();
      return {
        model,
        viewport,
        channelsShown,
        meters: meterCount,
        meterHz,
        framesPerS,
        busy,
        baseline,
        ratio: busy.share / baseline.share,
        profile,
      };
    });
  } finally {
    await closeAll(cleanup);
  }
}
