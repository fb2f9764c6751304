/**
 * Tab switch under live meters: one 8-channel amp's channel view in a Chromium whose CPU is throttled (a slow
 * laptop), a click on each channel tab in turn, the time from the pointer going down to the tab reading selected.
 * Baseline, same run and page: the same clicks with the meters stopped (nothing updates the store). The ratio says
 * what the amp's live updates cost a user's click; a navigation left to a transition was held back by them until
 * React forced it through after 5 s.
 */
import type { Browser, Page } from 'playwright-core';
import { sleep, within } from '../stats';
import { closeAll, consoleUrl, ensureWebBuilt, liveMeters, webFleet, withBrowser } from './browser';

/** Click → selected times of one phase, ms, in click order, and how often a loading spinner showed meanwhile. */
export interface TabClicks {
  readonly ms: readonly number[];
  readonly p50: number;
  readonly max: number;
  readonly spinners: number;
  /** The tabs whose click showed one. */
  readonly spinnerTabs: readonly string[];
}

/** What benchTabSwitch measured. */
export interface TabSwitchResult {
  readonly model: string;
  readonly cpuSlowdown: number;
  readonly tabs: readonly string[];
  readonly rounds: number;
  /** Meters stopped: the baseline. */
  readonly idle: TabClicks;
  /** Meters published at meterHz. */
  readonly live: TabClicks;
  readonly meterHz: number;
  /** The first click on each tab after the page loaded (full speed, meters stopped): a spinner means it suspended. */
  readonly firstVisit: TabClicks;
  readonly ratioP50: number;
  readonly ratioMax: number;
}

/** Options of benchTabSwitch. */
export interface TabSwitchOptions {
  /** An 8-channel model with every tab (default CDS-1008). */
  readonly model?: string;
  /** Loopback address of the amp (default 127.0.24.51). */
  readonly base?: string;
  /** Chromium's CPU throttling rate (default 4). */
  readonly cpuSlowdown?: number;
  /** Times each tab is clicked per phase (default 2). */
  readonly rounds?: number;
  /** Meter publications per second in the live phase (default 10). */
  readonly meterHz?: number;
  readonly browser?: Browser;
}

const TAB_TIMEOUT_MS = 30_000;

/** Clicks each tab `rounds` times, as a user does (mouse down and up at its middle), timed in the page. */
async function clickTabs(page: Page, rounds: number): Promise<TabClicks> {
  // tsx (esbuild keepNames) wraps named inner functions in __name(), which the page does not have
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  const names = await page.getByRole('tab').allTextContents();
  const out: number[] = [];
  const spinnerTabs: string[] = [];
  for (let r = 0; r < rounds; r++)
    for (const name of names) {
      const tab = page.getByRole('tab', { name, exact: true });
      await tab.scrollIntoViewIfNeeded();
      await sleep(300); // the strip's scroll settles; the meters (if any) run on
      const box = await tab.boundingBox();
      if (!box) throw new Error(`tab ${name} has no box`);
      // armed before the click: from pointerdown, every animation frame checks the tab strip
      const timed = page.evaluate(
        ({ name, limit }) =>
          new Promise<{ ms: number; spinner: boolean }>((resolve) => {
            const selected = () =>
              Array.from(document.querySelectorAll('[role=tab][aria-selected=true]')).some(
                (e) => (e.getAttribute('aria-label') ?? e.textContent) === name,
              );
            let spinner = false;
            window.addEventListener(
              'pointerdown',
              () => {
                const t0 = performance.now();
                const check = () => {
                  spinner ||= document.querySelector('main [role=progressbar]') !== null;
                  const dt = performance.now() - t0;
                  if (selected() || dt > limit) resolve({ ms: selected() ? dt : -1, spinner });
                  else requestAnimationFrame(check);
                };
                check();
              },
              { once: true, capture: true },
            );
          }),
        { name, limit: TAB_TIMEOUT_MS },
      );
      await sleep(50);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const { ms, spinner } = await timed;
      if (ms < 0) throw new Error(`tab ${name} was not selected within ${TAB_TIMEOUT_MS} ms of the click`);
      out.push(ms);
      if (spinner) spinnerTabs.push(name);
    }
  const sorted = [...out].sort((a, b) => a - b);
  return {
    ms: out,
    p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
    max: sorted.at(-1) ?? 0,
    spinners: spinnerTabs.length,
    spinnerTabs,
  };
}

/**
 * The channel view of an 8-channel amp (channel 1, four channels side by side at 1920 × 1080), Chromium's CPU
 * throttled ×cpuSlowdown; every tab clicked in turn with the meters stopped, then with them published at meterHz (a
 * manual physics ticked by liveMeters).
 */
export async function benchTabSwitch(opts: TabSwitchOptions = {}): Promise<TabSwitchResult> {
  const model = opts.model ?? 'CDS-1008';
  const cpuSlowdown = opts.cpuSlowdown ?? 4;
  const rounds = opts.rounds ?? 2;
  const meterHz = opts.meterHz ?? 10;
  await ensureWebBuilt();
  const fleet = await webFleet({ amps: 1, models: [model], base: opts.base ?? '127.0.24.51', port: 0 });
  const cleanup: (() => unknown)[] = [() => fleet.close()];
  try {
    const { amp, physics } = fleet.amps[0]!;
    physics.stop();
    return await withBrowser(opts.browser, async (browser) => {
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      cleanup.push(() => context.close());
      const page = await context.newPage();
      await page.goto(consoleUrl(fleet, `/amps/${amp.identity.ip}/channels/1/inputs`));
      await within(
        page.getByRole('tablist').waitFor({ state: 'visible', timeout: TAB_TIMEOUT_MS }),
        TAB_TIMEOUT_MS,
        'channel view',
      );
      // every tab once at full speed, so each phase times clicks on code and texts already loaded
      const firstVisit = await clickTabs(page, 1);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      const tabs = await page.getByRole('tab').allTextContents();
      const idle = await clickTabs(page, rounds);

      cleanup.push(liveMeters(amp, meterHz));
      await page.locator('[role="meter"]').first().waitFor({ state: 'visible' });
      await sleep(1000);
      const live = await clickTabs(page, rounds);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      return {
        model,
        cpuSlowdown,
        tabs,
        rounds,
        idle,
        live,
        meterHz,
        firstVisit,
        ratioP50: live.p50 / idle.p50,
        ratioMax: live.max / idle.max,
      };
    });
  } finally {
    await closeAll(cleanup);
  }
}
