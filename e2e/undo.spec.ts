/**
 * Issue 18: undo and redo per amp in Chromium against an emulated CDS-508 of a fleet of our own (the flow changes
 * the amp). A fader, an EQ band's gain and a crossover frequency are changed through the page, then undone and
 * redone with the header's buttons, the keyboard (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y) and the change history; every value
 * is read back from the amp itself over its line API, never from the page.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ampNumber,
  channel,
  enterValue,
  expectOnAmp,
  lineApiAmp,
  openAmpFromList,
  openTab,
  section,
  signedDb,
} from './channel-flow';
import { setAmpValue } from './helpers';
import { useOwnFleet } from './own-fleet';

/** Addresses of our own, away from the shared fleets and the other flows' fleets. */
export const UNDO_BASE = process.env.RACKSIDE_E2E_UNDO_BASE ?? '127.0.78.1';
/** amp-sim names amps by position: the first is Main Left. */
const NAME = 'Main Left';
const AMP = lineApiAmp(UNDO_BASE, 0);
const CH1 = '/amp/channels/1';
const FADER = `${CH1}/output/fader`;
const EQ_GAIN = `${CH1}/outputEqFilters/3/gain`;
const HP_FREQUENCY = `${CH1}/crossover/highPassFilter/frequency`;

useOwnFleet(UNDO_BASE, ['CDS-508']);

test.beforeAll(async () => {
  // a band with a gain (all-pass types have none)
  await setAmpValue(UNDO_BASE, 0, `${CH1}/outputEqFilters/3/type`, 'Parametric');
});

/** A value other than `current` for the test to write. */
const other = (current: number, wanted: number, instead: number): number => (current === wanted ? instead : wanted);

const undoButton = (page: Page) => page.getByRole('button', { name: 'Undo', exact: true });
const redoButton = (page: Page) => page.getByRole('button', { name: 'Redo', exact: true });

/**
 * Waits until the Undo button's hint (its tooltip) names the change: a change joins the history once the amp's reply
 * reaches the page, which can be after the amp itself already holds the value (what expectOnAmp reads).
 */
async function nextUndoIs(page: Page, change: RegExp): Promise<void> {
  await undoButton(page).hover();
  await expect(page.getByRole('tooltip')).toHaveText(new RegExp(`^Undo: .*${change.source}`, 'i'));
}

/** The change history's entries, newest first (the menu is open). */
async function openHistory(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Change history' }).click();
  const menu = page.getByRole('menu', { name: 'Change history' });
  await expect(menu).toBeVisible();
  return menu.getByRole('menuitem');
}

test('undo and redo of a fader, an EQ band gain and a crossover frequency, each read back from the amp', async ({
  page,
}) => {
  test.slow(); // three tabs, each change a round trip to the amp, then undone and redone
  await openAmpFromList(page, UNDO_BASE, NAME);
  await expect(undoButton(page)).toBeDisabled();
  await expect(redoButton(page)).toBeDisabled();

  // the fader (channel header): the buttons, then the keyboard
  const fader = await ampNumber(AMP, FADER);
  const newFader = other(fader, -12.5, -20);
  await enterValue(page, channel(page.getByRole('tabpanel'), 1), /^Edit Fader$/, String(newFader));
  await expectOnAmp(AMP, FADER, newFader);
  await nextUndoIs(page, /fader/);
  await undoButton(page).click();
  await expectOnAmp(AMP, FADER, fader);
  await expect(undoButton(page)).toBeDisabled();
  await redoButton(page).click();
  await expectOnAmp(AMP, FADER, newFader);
  await page.keyboard.press('Control+z');
  await expectOnAmp(AMP, FADER, fader);
  await page.keyboard.press('Control+Shift+z');
  await expectOnAmp(AMP, FADER, newFader);

  // the Equalizer's band 3 gain: the keyboard, then the history list
  const band = channel(await openTab(page, 'Equalizer'), 1).getByRole('region', { name: 'Filter 3', exact: true });
  await band.getByRole('button', { name: 'Show settings of filter 3' }).click();
  const gain = await ampNumber(AMP, EQ_GAIN);
  const newGain = other(gain, 6, -6);
  await enterValue(page, band, /^Edit Gain$/, String(newGain));
  await expectOnAmp(AMP, EQ_GAIN, newGain);
  await nextUndoIs(page, /EQ band 3 gain/);
  await page.keyboard.press('Control+z');
  await expectOnAmp(AMP, EQ_GAIN, gain);
  await page.keyboard.press('Control+y');
  await expectOnAmp(AMP, EQ_GAIN, newGain);
  const entries = await openHistory(page);
  await expect(entries.first()).toHaveText(`Ch 1 EQ band 3 gain ${signedDb(gain)} → ${signedDb(newGain)} dB`);
  await entries.first().click();
  await expectOnAmp(AMP, EQ_GAIN, gain);
  await expectOnAmp(AMP, FADER, newFader); // only the chosen change was undone
  await redoButton(page).click();
  await expectOnAmp(AMP, EQ_GAIN, newGain);

  // the crossover's high-pass frequency: the history list, then the buttons
  const highPass = section(channel(await openTab(page, 'Crossover'), 1), 'High-pass filter');
  const frequency = await ampNumber(AMP, HP_FREQUENCY);
  const newFrequency = other(frequency, 120, 250);
  await enterValue(page, highPass, /^Edit .*frequency$/i, String(newFrequency));
  await expectOnAmp(AMP, HP_FREQUENCY, newFrequency);
  await nextUndoIs(page, /high-pass frequency/);
  const listed = await openHistory(page);
  await expect(listed.first()).toHaveText(`Ch 1 high-pass frequency ${frequency} → ${newFrequency} Hz`);
  await listed.first().click();
  await expectOnAmp(AMP, HP_FREQUENCY, frequency);
  await redoButton(page).click();
  await expectOnAmp(AMP, HP_FREQUENCY, newFrequency);
  await undoButton(page).click();
  await expectOnAmp(AMP, HP_FREQUENCY, frequency);
  // two more undos reach back through the EQ gain to the fader
  await undoButton(page).click();
  await expectOnAmp(AMP, EQ_GAIN, gain);
  await undoButton(page).click();
  await expectOnAmp(AMP, FADER, fader);
  await expect(undoButton(page)).toBeDisabled();
});

test('Ctrl+Z in a text field is the browser’s own text undo and leaves the amp alone', async ({ page }) => {
  await openAmpFromList(page, UNDO_BASE, NAME);
  const fader = await ampNumber(AMP, FADER);
  const newFader = other(fader, -30, -31);
  await enterValue(page, channel(page.getByRole('tabpanel'), 1), /^Edit Fader$/, String(newFader));
  await expectOnAmp(AMP, FADER, newFader);
  const name = channel(await openTab(page, 'Settings'), 1).getByRole('textbox', { name: 'Name' });
  await name.click();
  await name.press('End');
  await name.pressSequentially('x');
  await name.press('Control+z');
  await expect(name).not.toHaveValue(/x$/);
  await expectOnAmp(AMP, FADER, newFader);
  // outside the text field the shortcut is the amp's again (the name, unchanged, adds no change)
  await nextUndoIs(page, /fader/);
  await undoButton(page).focus();
  await page.keyboard.press('Control+z');
  await expectOnAmp(AMP, FADER, fader);
});

test("dragging an Equalizer band's handle on the response writes its frequency and gain to the amp; one undo puts both back", async ({
  page,
}) => {
  const EQ = `${CH1}/outputEqFilters/3`;
  await setAmpValue(UNDO_BASE, 0, `${EQ}/enable`, true);
  await setAmpValue(UNDO_BASE, 0, `${EQ}/frequency`, 1000);
  await setAmpValue(UNDO_BASE, 0, `${EQ}/gain`, 0);
  await openAmpFromList(page, UNDO_BASE, NAME);
  const column = channel(await openTab(page, 'Equalizer'), 1);
  const handle = column.getByRole('group', { name: 'Channel response' }).getByRole('slider', {
    name: 'Equalizer filter 3',
    exact: true,
  });
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) throw new Error('the handle of filter 3 is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // to the right (higher) and up (more gain), in steps as a hand would
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 40, y - 25, { steps: 8 });
  await page.mouse.move(x + 80, y - 50, { steps: 8 });
  await page.mouse.up();

  await expect.poll(() => ampNumber(AMP, `${EQ}/frequency`), { timeout: 5000 }).toBeGreaterThan(1000);
  await expect.poll(() => ampNumber(AMP, `${EQ}/gain`), { timeout: 5000 }).toBeGreaterThan(0);
  // the amp's values are what the handle says (its value text names both)
  const frequency = await ampNumber(AMP, `${EQ}/frequency`);
  const gain = await ampNumber(AMP, `${EQ}/gain`);
  await expect(handle).toHaveAttribute('aria-valuenow', String(gain));
  await expect(handle).toHaveAttribute('aria-valuetext', new RegExp(`${signedDb(gain).replace('+', '\\+')} dB`));
  expect(frequency).toBeLessThanOrEqual(20000);

  // the whole drag is one change
  await undoButton(page).click();
  await expectOnAmp(AMP, `${EQ}/frequency`, 1000);
  await expectOnAmp(AMP, `${EQ}/gain`, 0);
});
