/**
 * Issue 18, fault triage at the rack, in Chromium against an emulated CDS-508 of our own (the flow shorts a load and
 * renames a channel): the Faulted channel's header names the reason the amp logged and links to the Faults page; a
 * long channel name and the fault badge wrap inside their column, the columns stay the same width and the page
 * never scrolls sideways.
 */
import { expect, test } from '@playwright/test';
import { channel, openTab } from './channel-flow';
import { ampUrl, nth } from './fleet';
import { fault, setAmpValue, waitForFleet } from './helpers';
import { useOwnFleet } from './own-fleet';

const BASE = process.env.RACKSIDE_E2E_FAULTS_BASE ?? '127.0.80.1';
const NAME = 'Main Left';
/** The amp's longest name (32), one word: it must wrap anywhere rather than widen its column. */
const LONG = 'BalconyLeftLongThrowUpperArray07';

useOwnFleet(BASE, ['CDS-508']);

test.use({ viewport: { width: 1280, height: 900 } });

test('a Faulted channel names its reason, links to the Faults page, and long names keep the columns in line', async ({
  page,
}) => {
  await setAmpValue(BASE, 0, '/amp/channels/2/output/name', LONG);
  await fault(BASE, 0, { type: 'short', channel: 2 });
  await page.goto(ampUrl(BASE));
  await waitForFleet(page, 1);
  await page.getByRole('link', { name: NAME, exact: true }).click();
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  const panel = await openTab(page, 'Settings');

  const ch2 = channel(panel, 2);
  const reason = ch2.getByRole('link', { name: 'Fault: load short' });
  await expect(reason).toBeVisible({ timeout: 10_000 });
  await expect(channel(panel, 1).getByRole('link', { name: /^Fault:/ })).toHaveCount(0);

  // the columns: equal widths, side by side without overlap, nothing wider than the window
  const columns = panel.getByRole('region', { name: /^Channel \d+: / });
  expect(await columns.count()).toBeGreaterThanOrEqual(2);
  const boxes = await Promise.all((await columns.all()).map((c) => c.boundingBox()));
  const widths = boxes.map((b) => Math.round(b?.width ?? 0));
  expect(new Set(widths).size, `column widths ${widths.join(', ')}`).toBe(1);
  for (let i = 1; i < boxes.length; i++)
    expect((boxes[i - 1]?.x ?? 0) + (boxes[i - 1]?.width ?? 0)).toBeLessThanOrEqual((boxes[i]?.x ?? 0) + 0.5);
  const heading = ch2.getByRole('heading', { level: 2 });
  await expect(heading).toContainText(LONG);
  const h = await heading.boundingBox();
  expect((h?.x ?? 0) + (h?.width ?? 0)).toBeLessThanOrEqual(
    (boxes[1]?.x ?? 0) + (boxes[1]?.width ?? 0) + 0.5 /* channel 2's column */,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await reason.click();
  await expect(page).toHaveURL(new RegExp(`/amps/${nth(BASE, 0).replaceAll('.', '\\.')}/faults$`));
  await expect(page.getByRole('main')).toContainText('Channel 2: load short');
});
