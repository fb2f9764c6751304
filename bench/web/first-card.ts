/**
 * Navigation → first amp card shown, on the in-page clock: a probe installed before the app's scripts, a fresh
 * context to install it in, and the one-amp baseline of the amp list's first render.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sleep } from '../stats';
import { closeAll, consoleUrl, webFleet } from './browser';

/**
 * Installed before the app's scripts: the in-page time (ms since navigation start) at which the first amp card
 * entered the DOM, and at which the frame showing it had been produced (a task after that frame's rAF).
 */
function firstCardProbe(): void {
  const w = window as unknown as Record<string, number | undefined>;
  new MutationObserver((_records, observer) => {
    if (!document.querySelector('[data-amp]')) return;
    observer.disconnect();
    w.__benchCardDom = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (w.__benchCardShown = performance.now());
      channel.port2.postMessage(0);
    });
  }).observe(document, { childList: true, subtree: true });
}

/** Waits for the probe's two times (ms since navigation start). */
export async function firstCardTimes(page: Page, timeoutMs: number): Promise<{ domMs: number; shownMs: number }> {
  const read = () =>
    page.evaluate(() => {
      const w = window as unknown as Record<string, number | undefined>;
      return { dom: w.__benchCardDom, shown: w.__benchCardShown };
    });
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { dom, shown } = await read();
    if (dom !== undefined && shown !== undefined) return { domMs: dom, shownMs: shown };
    if (performance.now() > deadline) throw new Error(`no amp card within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** A fresh context (empty cache) with the first-card probe installed. */
export async function probedPage(browser: Browser, viewport: { width: number; height: number }) {
  const context: BrowserContext = await browser.newContext({ viewport });
  await context.addInitScript(firstCardProbe);
  const page = await context.newPage();
  return { context, page };
}

/** The first render's baseline: navigation → first card shown, the same console with a fleet of one amp. */
export async function firstCardOfOneAmp(
  browser: Browser,
  base: string,
  viewport: { width: number; height: number },
): Promise<number> {
  const one = await webFleet({ amps: 1, base, port: 0 });
  const cleanup: (() => unknown)[] = [() => one.close()];
  try {
    one.amps.forEach((a) => a.physics.stop());
    const { context, page } = await probedPage(browser, viewport);
    cleanup.push(() => context.close());
    await page.goto(consoleUrl(one, '/amps'));
    return (await firstCardTimes(page, 30_000)).shownMs;
  } finally {
    await closeAll(cleanup);
  }
}
