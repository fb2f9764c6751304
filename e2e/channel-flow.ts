/**
 * The channel view's flows (spec 2 §2), shared by the local console (channel-tabs.spec.ts, an amp reached on its own
 * address) and the cloud console (cloud-remote.spec.ts, the same amp page through the cloud's relay): one control
 * changed through the page on every tab, the way a user would, and mute all, each new value read back from the amp
 * itself (never from the page) through an `AmpAccess`. Both flows need an amp with 8 channels and advanced DSP (a
 * CDS-508: every tab, Input EQ included) whose page is already open on its channel view, and put back what they
 * changed.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { ampUrl, nth } from './fleet';
import { ampValue, rememberValues, waitForFleet } from './helpers';

/** How a flow reads (and restores) the amp's own values, bypassing the console. */
export interface AmpAccess {
  /** One leaf as the amp holds it. */
  read(url: string): Promise<unknown>;
  /** Remembers leaves to write them back in a finally (helpers.ts rememberValues). */
  remember(urls: readonly string[]): Promise<{ values: ReadonlyMap<string, unknown>; restore: () => Promise<void> }>;
}

/** The amp at `base` + `index` of a fleet, over its line API (helpers.ts ampValue, rememberValues). */
export const lineApiAmp = (base: string, index: number): AmpAccess => ({
  read: (url) => ampValue(base, index, url),
  remember: (urls) => rememberValues(base, index, urls),
});

const CH1 = '/amp/channels/1';

/** The amp's value at `url`, polled until it is `expected` (the page writes at once; a few seconds at most). */
export async function expectOnAmp(amp: AmpAccess, url: string, expected: unknown): Promise<void> {
  await expect.poll(() => amp.read(url), { message: url, timeout: 5000 }).toEqual(expected);
}

export async function openTab(page: Page, tab: string): Promise<Locator> {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name: tab });
}

/** Channel n's column of the shown tab ('Channel 1: <its name>'). */
export const channel = (scope: Locator, n: number): Locator =>
  scope.getByRole('region', { name: new RegExp(`^Channel ${n}: `) });

/** A titled section (Primary, Output, Gain and delay, ...) of a channel column. */
export const section = (scope: Locator, title: string): Locator =>
  scope.getByRole('region', { name: title, exact: true });

/**
 * Opens a slider's 'enter new value' dialog from its value button ('Edit <label>', or the button a RegExp names), types
 * `value` and presses Enter.
 */
export async function enterValue(page: Page, scope: Locator, label: string | RegExp, value: string): Promise<void> {
  const button = typeof label === 'string' ? { name: `Edit ${label}`, exact: true } : { name: label };
  await scope.getByRole('button', button).click();
  const dialog = page.getByRole('dialog', { name: 'Enter new value' });
  if (typeof label === 'string') await expect(dialog).toContainText(label);
  await dialog.getByLabel('New value').fill(value);
  await dialog.getByLabel('New value').press('Enter');
  await expect(dialog).toHaveCount(0);
}

/**
 * Opens the amp named `name` from the list its own console serves (the fleet at `base`, `count` amps listed) as a user
 * would; its channel view comes up on channel 1 (the amp is the fleet's `index`th).
 */
export async function openAmpFromList(
  page: Page,
  base: string,
  name: string,
  { count = 1, index = 0 }: { count?: number; index?: number } = {},
): Promise<void> {
  await page.goto(ampUrl(base));
  await waitForFleet(page, count);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const ip = nth(base, index).replaceAll('.', '\\.');
  await expect(page).toHaveURL(new RegExp(`/amps/${ip}/channels/1/`));
}

/** A number the amp holds at `url` (fails when it holds something else). */
export async function ampNumber(amp: AmpAccess, url: string): Promise<number> {
  const value = await amp.read(url);
  if (typeof value !== 'number') throw new Error(`${url}: ${String(value)} is not a number`);
  return value;
}

/** A gain as the console shows it in a change: one decimal, signed ('+6.0', '0.0', '-3.5'). */
export const signedDb = (v: number): string => `${v > 0 ? '+' : ''}${v.toFixed(1)}`;

/** Chooses an option of a select (a combobox) as a user would: open it, click the option. */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('combobox', { name: label, exact: true })).toHaveText(option);
}

/**
 * A change on every tab of channel 1 (and the amp's signal generator), each read back from the amp; everything it
 * changed is put back at the end. The page shows the amp's channel view.
 */
export async function changeEveryChannelTab(page: Page, amp: AmpAccess): Promise<void> {
  const saved = await amp.remember([
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
    // Inputs: a slider by keyboard (one step down), and the input mode radio
    const inputs = channel(await openTab(page, 'Inputs'), 1);
    const fader = section(inputs, 'Primary').getByRole('slider', { name: 'Primary fader' });
    const faderBefore = before(`${CH1}/inputSelector/primaryFader`) as number;
    await fader.focus();
    await fader.press('ArrowLeft');
    await fader.press('ArrowLeft');
    await expectOnAmp(amp, `${CH1}/inputSelector/primaryFader`, Math.round((faderBefore - 0.2) * 10) / 10);
    const mode = before(`${CH1}/inputSelector/mode`) === 'Override' ? 'Backup' : 'Override';
    await section(inputs, 'Input mode').getByRole('radio', { name: mode }).check();
    await expectOnAmp(amp, `${CH1}/inputSelector/mode`, mode);

    // Settings: the name, a text field committed with Enter; the output type, a select (writing hiZHpfEnable too)
    const settings = channel(await openTab(page, 'Settings'), 1);
    const name = settings.getByRole('textbox', { name: 'Name' });
    await name.fill('Delay Tower L');
    await name.press('Enter');
    await expectOnAmp(amp, `${CH1}/output/name`, 'Delay Tower L');
    await expect(page.getByRole('heading', { name: 'Channel 1: Delay Tower L', level: 2 })).toBeVisible();
    await choose(page, section(settings, 'Output'), 'Output type', 'Hi-Z 70 V');
    await expectOnAmp(amp, `${CH1}/output/hiZLoZ`, 'HiZ-70V');
    await expectOnAmp(amp, `${CH1}/output/hiZHpfEnable`, true);
    // spec 2 §2: the high-pass slider shows for the 70 V and 100 V types only
    await expect(settings.getByRole('slider', { name: 'High-pass frequency' })).toBeVisible();

    // Signal generator (the amp's, not a channel's): the type select
    const generator = await openTab(page, 'Signal generator');
    const type = before('/amp/signalGenerator/type') === 'White Noise' ? 'Pink noise' : 'White noise';
    await choose(page, section(generator, 'Signal generator'), 'Type', type);
    await expectOnAmp(amp, '/amp/signalGenerator/type', type === 'White noise' ? 'White Noise' : 'Pink Noise');

    // Input EQ: filter 1's enable switch, then its gain through the entry dialog
    const filter1 = channel(await openTab(page, 'Input EQ'), 1).getByRole('region', {
      name: 'Filter 1',
      exact: true,
    });
    const enabled = before(`${CH1}/inputIirEqFilters/1/enable`) === true;
    await filter1.getByRole('switch', { name: 'Enable' }).setChecked(!enabled);
    await expectOnAmp(amp, `${CH1}/inputIirEqFilters/1/enable`, !enabled);
    await filter1.getByRole('button', { name: 'Show settings of filter 1' }).click();
    await enterValue(page, filter1, 'Gain', '4.5');
    await expectOnAmp(amp, `${CH1}/inputIirEqFilters/1/gain`, 4.5);
    await expect(filter1).toContainText('+4.5 dB');

    // Crossover: the gain through the entry dialog
    const crossover = channel(await openTab(page, 'Crossover'), 1);
    await enterValue(page, section(crossover, 'Gain and delay'), 'Gain', '-3.5');
    await expectOnAmp(amp, `${CH1}/crossover/bandGainAndDelay/gain`, -3.5);
    await expect(section(crossover, 'Gain and delay').getByRole('button', { name: 'Edit Gain' })).toHaveText('-3.5 dB');

    // Equalizer: filter 1's type select
    const eq1 = channel(await openTab(page, 'Equalizer'), 1).getByRole('region', { name: 'Filter 1', exact: true });
    await choose(page, eq1, 'Type', 'Low shelf 12 dB/oct');
    await expectOnAmp(amp, `${CH1}/outputEqFilters/1/type`, 'LP Shelf 12dB/oct');

    // Limiter: the RMS threshold slider by keyboard (Home: its minimum)
    const rms = section(channel(await openTab(page, 'Limiter'), 1), 'RMS limiter');
    await rms.getByRole('slider', { name: 'Threshold' }).focus();
    await rms.getByRole('slider', { name: 'Threshold' }).press('Home');
    await expectOnAmp(amp, `${CH1}/rmsLimiter/threshold`, 10);
    await expect(rms.getByRole('button', { name: 'Edit Threshold' })).toHaveText('10.0 V');

    // Load monitor: the high impedance limit of the range slider, through its entry dialog
    const load = section(channel(await openTab(page, 'Load monitor'), 1), 'Load monitor');
    await enterValue(page, load, 'High limit', '24');
    await expectOnAmp(amp, `${CH1}/loadMonitor/highLimit`, 24);
  } finally {
    await saved.restore();
  }
}

/** The mute leaf of each of the amp's 8 channels. */
export const MUTES = Array.from({ length: 8 }, (_, i) => `/amp/channels/${i + 1}/output/mute`);

/** Every channel's mute as the amp holds it. */
export const ampMutes = (amp: AmpAccess): Promise<unknown[]> => Promise.all(MUTES.map((url) => amp.read(url)));

/**
 * The channel view's Mute all and Unmute all buttons (spec 2 §2): every channel muted on the amp, then unmuted, and
 * the n/8 count and channel 1's Mute switch follow. The page shows the amp's channel view; the mutes are put back.
 */
export async function muteAllFromChannelView(page: Page, amp: AmpAccess): Promise<void> {
  const saved = await amp.remember(MUTES);
  try {
    const detail = page.getByRole('main');
    await expect(detail.getByText('0/8 muted')).toBeVisible();
    await detail.getByRole('button', { name: 'Mute all', exact: true }).click();
    await expect.poll(() => ampMutes(amp), { timeout: 5000 }).toEqual(MUTES.map(() => true));
    await expect(detail.getByText('8/8 muted')).toBeVisible();
    await expect(channel(page.getByRole('tabpanel'), 1).getByRole('switch', { name: 'Mute' })).toBeChecked();
    await detail.getByRole('button', { name: 'Unmute all', exact: true }).click();
    await expect.poll(() => ampMutes(amp), { timeout: 5000 }).toEqual(MUTES.map(() => false));
    await expect(detail.getByText('0/8 muted')).toBeVisible();
  } finally {
    await saved.restore();
  }
}
