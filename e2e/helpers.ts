/** Shared steps of the end-to-end flows. */
import { createConnection } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { DeviceClient } from '@rackside/device-client';
import WebSocket from 'ws';
import { DEVICE_PORT, HTTP_PORT, nth } from './fleet';

/** The amp list. */
export const ampList = (page: Page): Locator => page.getByRole('list', { name: 'Amps' });

/** The card of the amp named `name` in the list. */
export const card = (page: Page, name: string): Locator =>
  ampList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

/** The amp names in list order. */
export async function cardNames(page: Page): Promise<string[]> {
  const items = ampList(page).getByRole('listitem');
  const names: string[] = [];
  for (const item of await items.all()) names.push((await item.getByRole('link').first().textContent()) ?? '');
  return names;
}

/** Waits until the list shows `count` amps. */
export async function waitForFleet(page: Page, count: number): Promise<void> {
  await expect(ampList(page).getByRole('listitem')).toHaveCount(count, { timeout: 20_000 });
}

/** Injects a fault through the emulator's control endpoint, or clears them all (spec: amp-sim control routes). */
export async function fault(base: string, index: number, body?: Record<string, unknown>): Promise<void> {
  const url = `http://${nth(base, index)}:${HTTP_PORT}/control/faults`;
  const res = await fetch(url, {
    method: body ? 'POST' : 'DELETE',
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
}

/** A device API client of our own (another console, a control system) to change an amp behind the browser's back. */
export async function withDevice<T>(
  base: string,
  index: number,
  run: (client: DeviceClient) => Promise<T>,
  password?: string,
): Promise<T> {
  const client = new DeviceClient({
    url: `ws://${nth(base, index)}:${DEVICE_PORT}`,
    WebSocket,
    autoReconnect: false,
    ...(password ? { password } : {}),
  });
  try {
    await client.connected();
    return await run(client);
  } finally {
    client.close();
  }
}

/** The amp's line API port (docs/device-api.md "Line-based TCP API"). */
export const LINE_API_PORT = 4321;

/** One command on the amp's line API (no authentication, one answer line for a leaf url): the answer line. */
export function lineCommand(base: string, index: number, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: nth(base, index), port: LINE_API_PORT });
    let received = '';
    socket.setEncoding('utf8');
    socket.setTimeout(5000, () => socket.destroy(new Error(`line API: no answer to '${command}'`)));
    socket.on('data', (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\n');
      if (end < 0) return;
      socket.destroy();
      resolve(received.slice(0, end).replace(/\r$/, ''));
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`line API: closed before answering '${command}'`)));
    socket.write(`${command}\n`);
  });
}

/** A value as the line API writes it: a quoted string, a number, true/false, a bare word or compact JSON. */
function parseLineValue(text: string): unknown {
  if (text === 'true' || text === 'false' || text.startsWith('"') || text.startsWith('[') || text.startsWith('{'))
    return JSON.parse(text) as unknown;
  const n = Number(text);
  return text !== '' && Number.isFinite(n) ? n : text;
}

/** Reads one leaf from the amp itself (line API `get /url/leaf` → `/url/leaf value`), never from the page. */
export async function ampValue(base: string, index: number, url: string): Promise<unknown> {
  const line = await lineCommand(base, index, `get ${url}`);
  if (!line.startsWith(`${url} `)) throw new Error(`get ${url}: ${line}`);
  return parseLineValue(line.slice(url.length + 1));
}

/** Writes one leaf on the amp through the line API (to set up or restore a value behind the console's back). */
export async function setAmpValue(base: string, index: number, url: string, value: unknown): Promise<void> {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  const line = await lineCommand(base, index, `set ${url} ${text}`);
  if (line !== 'OK') throw new Error(`set ${url} ${text}: ${line}`);
}

/**
 * Remembers leaves of an amp and writes them back: `const saved = await rememberValues(...)`, change them through the
 * page, `await saved.restore()` in a finally, so the shared fleet looks the same to the next flow.
 */
export async function rememberValues(
  base: string,
  index: number,
  urls: readonly string[],
): Promise<{ values: ReadonlyMap<string, unknown>; restore: () => Promise<void> }> {
  const values = new Map<string, unknown>();
  for (const url of urls) values.set(url, await ampValue(base, index, url));
  return {
    values,
    restore: async () => {
      for (const [url, value] of values) await setAmpValue(base, index, url, value);
    },
  };
}

/** Turns dark mode on before the console loads (the preference the Preferences page stores). */
export async function startInDarkMode(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('DARK_MODE', 'true'));
}

/**
 * Dark mode lightens raised surfaces (MUI's Paper, AppBar) with a one-colour gradient over their background, and axe
 * leaves the contrast of any text over a gradient unchecked ('incomplete'). Painting each such surface in the solid
 * colour it shows lets the colour-contrast rule check dark mode too.
 */
async function flattenOverlays(page: Page): Promise<void> {
  await page.evaluate(() => {
    const rgba = (text: string) => (text.match(/[\d.]+/g) ?? []).map(Number);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(el);
      const stops = /^linear-gradient\((rgba?\([^)]*\)), (rgba?\([^)]*\))\)$/.exec(style.backgroundImage);
      if (!stops || stops[1] !== stops[2]) continue;
      const [r = 0, g = 0, b = 0, a = 1] = rgba(stops[1] ?? '');
      const [br = 0, bg = 0, bb = 0, ba = 1] = rgba(style.backgroundColor);
      if (ba < 1) continue;
      const mix = (top: number, under: number) => Math.round(top * a + under * (1 - a));
      el.style.backgroundImage = 'none';
      el.style.backgroundColor = `rgb(${mix(r, br)}, ${mix(g, bg)}, ${mix(b, bb)})`;
    }
  });
}

/** The serious and critical axe violations of the page as it is now ('rule: targets'), for an `toEqual([])`. */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body) focused.blur();
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await flattenOverlays(page);
}

export async function seriousViolations(page: Page): Promise<string[]> {
  // a button under the pointer shows its hover colour, a focused one pulses its focus ripple for ever (an infinite
  // animation), and a fade or ripple still running (a loaded machine) shows colours between two states: move the
  // pointer off, blur, then measure the settled page (finite animations only: a spinner never ends).
  // Data that arrives while axe runs starts new transitions (the event log's lines enable "Clear log": its colour
  // fades from the disabled grey to red over 250 ms, and axe measured it half-way): a violation counts only when it is
  // still there once the page has settled again — a real contrast fault is there in every measurement.
  const measure = async () => {
    await settle(page);
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  const first = await measure();
  if (first.length === 0) return first;
  await page.waitForTimeout(500);
  return measure();
}
