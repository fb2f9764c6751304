/**
 * The channel view (spec 2 §2) against the open fleet's CDS-508 (Delay Tower: 8 channels, advanced DSP, so every tab
 * including Input EQ): one control changed through the page on every tab, the way a user would, and the new value read
 * back from the amp itself over its line API. Every flow puts back what it changed (the fleet is shared).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { OPEN_AMPS, OPEN_BASE, nth } from './fleet';
import { ampValue, rememberValues, waitForFleet } from './helpers';

const AMP = OPEN_AMPS.findIndex((a) => a.model === 'CDS-508');
const NAME = OPEN_AMPS[AMP]?.name ?? '';
const IP = nth(OPEN_BASE, AMP);
const CH1 = '/amp/channels/1';

/** The amp's value at `url`, polled until it is `expected` (the page writes at once; a few seconds at most). */
async function expectOnAmp(url: string, expected: unknown): Promise<void> {
  await expect.poll(() => ampValue(OPEN_BASE, AMP, url), { message: url, timeout: 5000 }).toEqual(expected);
}

/** Opens the amp from the list as a user would; the channel view comes up on channel 1, Inputs. */
async function openAmp(page: Page): Promise<void> {
  await page.goto('/amps');
  await waitForFleet(page, OPEN_AMPS.length);
  await page.getByRole('link', { name: NAME, exact: true }).click();
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/amps/${IP.replaceAll('.', '\\.')}/channels/1/inputs$`));
}

async function openTab(page: Page, tab: string): Promise<Locator> {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name: tab });
}

/** Channel n's column of the shown tab ('Channel 1: <its name>'). */
const channel = (scope: Locator, n: number): Locator =>
  scope.getByRole('region', { name: new RegExp(`^Channel ${n}: `) });

/** A titled section (Primary, Output, Gain and delay, ...) of a channel column. */
const section = (scope: Locator, title: string): Locator => scope.getByRole('region', { name: title, exact: true });

/** Opens a slider's 'enter new value' dialog from its value label, types `value` and presses Enter. */
async function enterValue(page: Page, scope: Locator, label: string, value: string): Promise<void> {
  await scope.getByRole('button', { name: `Edit ${label}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter new value' });
  await expect(dialog).toContainText(label);
  await dialog.getByLabel('New value').fill(value);
  await dialog.getByLabel('New value').press('Enter');
  await expect(dialog).toHaveCount(0);
}

/** Chooses an option of a select (a combobox) as a user would: open it, click the option. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('combobox', { name: label, exact: true })).toHaveText(option);
}

test.describe('channel view (spec 2 §2)', () => {
  test('a change on every tab reaches the amp', async ({ page }) => {
    test.slow(); // eight tabs, each with a round trip to the amp
    const saved = await rememberValues(OPEN_BASE, AMP, [
      `${CH1}/inputSelector/primaryFader`,
      `${CH1}/inputSelector/mode`,
      `${CH1}/output/name`,
      `${CH1}/output/hiZLoZ`,
      `${CH1}/output/hiZHpfEnable`,
      '/amp/signalGenerator/type',
      `${CH1}/inputIirEqFilters/1/enable`,
      `${CH1}/inputIirEqFilters/1/gain`,
      `${CH1}/crossover/bandGainAndDelay/gain`,
      `${CH1}/outputEqFilters/1/type`,
      `${CH1}/rmsLimiter/threshold`,
      `${CH1}/loadMonitor/highLimit`,
    ]);
    const before = (url: string) => saved.values.get(url);
    try {
      await openAmp(page);

      // Inputs: a slider by keyboard (one step down), and the input mode radio
      const inputs = channel(await openTab(page, 'Inputs'), 1);
      const fader = section(inputs, 'Primary').getByRole('slider', { name: 'Primary fader' });
      const faderBefore = before(`${CH1}/inputSelector/primaryFader`) as number;
      await fader.focus();
      await fader.press('ArrowLeft');
      await fader.press('ArrowLeft');
      await expectOnAmp(`${CH1}/inputSelector/primaryFader`, Math.round((faderBefore - 0.2) * 10) / 10);
      const mode = before(`${CH1}/inputSelector/mode`) === 'Override' ? 'Backup' : 'Override';
      await section(inputs, 'Input mode').getByRole('radio', { name: mode }).check();
      await expectOnAmp(`${CH1}/inputSelector/mode`, mode);

      // Settings: the name, a text field committed with Enter; the output type, a select (writing hiZHpfEnable too)
      const settings = channel(await openTab(page, 'Settings'), 1);
      const name = settings.getByRole('textbox', { name: 'Name' });
      await name.fill('Delay Tower L');
      await name.press('Enter');
      await expectOnAmp(`${CH1}/output/name`, 'Delay Tower L');
      await expect(page.getByRole('heading', { name: 'Channel 1: Delay Tower L', level: 2 })).toBeVisible();
      await choose(page, section(settings, 'Output'), 'Output type', 'Hi-Z 70 V');
      await expectOnAmp(`${CH1}/output/hiZLoZ`, 'HiZ-70V');
      await expectOnAmp(`${CH1}/output/hiZHpfEnable`, true);
      // spec 2 §2: the high-pass slider shows for the 70 V and 100 V types only
      await expect(settings.getByRole('slider', { name: 'High-pass frequency' })).toBeVisible();

      // Signal generator (the amp's, not a channel's): the type select
      const generator = await openTab(page, 'Signal generator');
      const type = before('/amp/signalGenerator/type') === 'White Noise' ? 'Pink noise' : 'White noise';
      await choose(page, section(generator, 'Signal generator'), 'Type', type);
      await expectOnAmp('/amp/signalGenerator/type', type === 'White noise' ? 'White Noise' : 'Pink Noise');

      // Input EQ: filter 1's enable switch, then its gain through the entry dialog
      const filter1 = channel(await openTab(page, 'Input EQ'), 1).getByRole('region', {
        name: 'Filter 1',
        exact: true,
      });
      const enabled = before(`${CH1}/inputIirEqFilters/1/enable`) === true;
      await filter1.getByRole('switch', { name: 'Enable' }).setChecked(!enabled);
      await expectOnAmp(`${CH1}/inputIirEqFilters/1/enable`, !enabled);
      await filter1.getByRole('button', { name: 'Show settings of filter 1' }).click();
      await enterValue(page, filter1, 'Gain', '4.5');
      await expectOnAmp(`${CH1}/inputIirEqFilters/1/gain`, 4.5);
      await expect(filter1).toContainText('+4.5 dB');

      // Crossover: the gain through the entry dialog
      const crossover = channel(await openTab(page, 'Crossover'), 1);
      await enterValue(page, section(crossover, 'Gain and delay'), 'Gain', '-3.5');
      await expectOnAmp(`${CH1}/crossover/bandGainAndDelay/gain`, -3.5);
      await expect(section(crossover, 'Gain and delay').getByRole('button', { name: 'Edit Gain' })).toHaveText(
        '-3.5 dB',
      );

      // Equalizer: filter 1's type select
      const eq1 = channel(await openTab(page, 'Equalizer'), 1).getByRole('region', { name: 'Filter 1', exact: true });
      await choose(page, eq1, 'Type', 'Low shelf 12 dB/oct');
      await expectOnAmp(`${CH1}/outputEqFilters/1/type`, 'LP Shelf 12dB/oct');

      // Limiter: the RMS threshold slider by keyboard (Home: its minimum)
      const rms = section(channel(await openTab(page, 'Limiter'), 1), 'RMS limiter');
      await rms.getByRole('slider', { name: 'Threshold' }).focus();
      await rms.getByRole('slider', { name: 'Threshold' }).press('Home');
      await expectOnAmp(`${CH1}/rmsLimiter/threshold`, 10);
      await expect(rms.getByRole('button', { name: 'Edit Threshold' })).toHaveText('10.0 V');

      // Load monitor: the high impedance limit of the range slider, through its entry dialog
      const load = section(channel(await openTab(page, 'Load monitor'), 1), 'Load monitor');
      await enterValue(page, load, 'High limit', '24');
      await expectOnAmp(`${CH1}/loadMonitor/highLimit`, 24);
    } finally {
      await saved.restore();
    }
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
    const mutes = Array.from({ length: 8 }, (_, i) => `/amp/channels/${i + 1}/output/mute`);
    const saved = await rememberValues(OPEN_BASE, AMP, mutes);
    const allMuted = async () => Promise.all(mutes.map((url) => ampValue(OPEN_BASE, AMP, url)));
    try {
      await openAmp(page);
      const detail = page.getByRole('main');
      await expect(detail.getByText('0/8 muted')).toBeVisible();
      await detail.getByRole('button', { name: 'Mute all', exact: true }).click();
      await expect.poll(allMuted, { timeout: 5000 }).toEqual(mutes.map(() => true));
      await expect(detail.getByText('8/8 muted')).toBeVisible();
      await expect(channel(page.getByRole('tabpanel'), 1).getByRole('switch', { name: 'Mute' })).toBeChecked();
      await detail.getByRole('button', { name: 'Unmute all', exact: true }).click();
      await expect.poll(allMuted, { timeout: 5000 }).toEqual(mutes.map(() => false));
      await expect(detail.getByText('0/8 muted')).toBeVisible();
    } finally {
      await saved.restore();
    }
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
