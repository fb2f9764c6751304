/**
 * The channel view (spec 2 §2) against the open fleet's CDS-508 (Delay Tower: 8 channels, advanced DSP, so every tab
 * including Input EQ): one control changed through the page on every tab, the way a user would, and the new value read
 * back from the amp itself over its line API (channel-flow.ts, the steps the cloud's remote flow runs too). Every flow
 * puts back what it changed (the fleet is shared).
 */
import { expect, test, type Page } from '@playwright/test';
import { changeEveryChannelTab, channel, lineApiAmp, muteAllFromChannelView } from './channel-flow';
import { OPEN_AMPS, OPEN_BASE, nth } from './fleet';
import { waitForFleet } from './helpers';

const AMP = OPEN_AMPS.findIndex((a) => a.model === 'CDS-508');
const NAME = OPEN_AMPS[AMP]?.name ?? '';
const IP = nth(OPEN_BASE, AMP);
const AMP_ACCESS = lineApiAmp(OPEN_BASE, AMP);

/** Opens the amp from the list as a user would; the channel view comes up on channel 1, Inputs. */
async function openAmp(page: Page): Promise<void> {
  await page.goto('/amps');
  await waitForFleet(page, OPEN_AMPS.length);
  await page.getByRole('link', { name: NAME, exact: true }).click();
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/amps/${IP.replaceAll('.', '\\.')}/channels/1/inputs$`));
}

test.describe('channel view (spec 2 §2)', () => {
  test('a change on every tab reaches the amp', async ({ page }) => {
    test.slow(); // eight tabs, each with a round trip to the amp
    await openAmp(page);
    await changeEveryChannelTab(page, AMP_ACCESS);
  });

  test('the pager wraps between the first and last channel and keeps the tab', async ({ page }) => {
    await openAmp(page);
    await page.getByRole('tab', { name: 'Limiter', exact: true }).click();
    const pager = page.getByRole('navigation', { name: 'Channels' });
    const shows = async (n: number) => {
      await expect(page).toHaveURL(new RegExp(`/channels/${n}/limiter$`));
      await expect(pager.getByRole('button', { name: `Channel ${n}`, exact: true })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expect(channel(page.getByRole('tabpanel', { name: 'Limiter' }), n)).toBeVisible();
    };
    await shows(1);
    await pager.getByRole('button', { name: 'Previous channel' }).click();
    await shows(8);
    await pager.getByRole('button', { name: 'Next channel' }).click();
    await shows(1);
    await pager.getByRole('button', { name: 'Next channel' }).click();
    await shows(2);
    await pager.getByRole('button', { name: 'Channel 5', exact: true }).click();
    await shows(5);
    // 1280 px shows two channels side by side (spec 2 §2: 2 from 1120 px): 5 and 6
    await expect(channel(page.getByRole('tabpanel', { name: 'Limiter' }), 6)).toBeVisible();
  });

  test('mute all mutes every channel on the amp, then unmutes them', async ({ page }) => {
    await openAmp(page);
    await muteAllFromChannelView(page, AMP_ACCESS);
  });
});

test.describe('channel view, narrow (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('shows one channel; the pager stays on screen with both arrows', async ({ page }) => {
    await page.goto('/amps');
    await waitForFleet(page, OPEN_AMPS.length);
    await page.getByRole('link', { name: NAME, exact: true }).click();
    // narrow screens list the amp's channels first (spec 2 §2)
    await page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /^Channel 1: / })
      .click();
    await expect(page).toHaveURL(/\/channels\/1\/inputs$/);
    const panel = page.getByRole('tabpanel', { name: 'Inputs' });
    await expect(channel(panel, 1)).toBeVisible();
    await expect(channel(panel, 2)).toHaveCount(0);
    const pager = page.getByRole('navigation', { name: 'Channels' });
    const inViewport = async (name: string) => {
      const box = await pager.getByRole('button', { name, exact: true }).boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 375 && box.y + box.height <= 740;
    };
    expect(await inViewport('Previous channel')).toBe(true);
    expect(await inViewport('Next channel')).toBe(true);
    await pager.getByRole('button', { name: 'Previous channel' }).click();
    await expect(page).toHaveURL(/\/channels\/8\/inputs$/);
    await expect(channel(panel, 8)).toBeVisible();
    // the selected channel's button is scrolled into the pager's view
    expect(await inViewport('Channel 8')).toBe(true);
    await pager.getByRole('button', { name: 'Next channel' }).click();
    await expect(channel(panel, 1)).toBeVisible();
    expect(await inViewport('Channel 1')).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
