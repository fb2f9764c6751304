/** Shared steps of the end-to-end flows. */
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
