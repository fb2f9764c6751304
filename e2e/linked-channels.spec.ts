/**
 * Issue 18: linked channels and copying a block to other channels, in Chromium against an emulated CDS-508 of a fleet
 * of our own (the flow changes the amp). Channels 1 and 2 are linked and channel 1's fader moved through the page:
 * both channels change on the amp, one Undo puts both back; unlinked, only channel 1 changes. Channel 1's output EQ is
 * copied to channel 3: the preview lists the bands that change, and after Apply channel 3's bands on the amp equal
 * channel 1's. Channel 1 of the first amp is linked with channel 1 of the second: a fader moved on the first changes
 * both amps, an Undo on the first puts back the first only (each amp keeps its own history); unlinked, only the first
 * changes. Every value is read back from the amp itself over its line API, never from the page.
 */
import { expect, test } from '@playwright/test';
import { ampNumber, channel, enterValue, expectOnAmp, lineApiAmp, openAmpFromList, signedDb } from './channel-flow';
import { setAmpValue } from './helpers';
import { useOwnFleet } from './own-fleet';

/** Addresses of our own, away from the shared fleets and the other flows' fleets. */
const LINK_BASE = process.env.RACKSIDE_E2E_LINK_BASE ?? '127.0.77.1';
/** amp-sim names amps by position: the first is Main Left, the second Main Right. */
const NAME = 'Main Left';
const OTHER_NAME = 'Main Right';
const AMP = lineApiAmp(LINK_BASE, 0);
const OTHER = lineApiAmp(LINK_BASE, 1);
const fader = (n: number) => `/amp/channels/${n}/output/fader`;
const eq = (n: number, band: number, field: string) => `/amp/channels/${n}/outputEqFilters/${band}/${field}`;
const BANDS = [1, 2, 3, 4, 5, 6, 7, 8];
const EQ_FIELDS = ['enable', 'type', 'frequency', 'q', 'gain'];

useOwnFleet(LINK_BASE, ['CDS-508', 'CDS-508']);

test('linked channels 1 and 2: a fader moved on channel 1 changes both on the amp; unlinked, only channel 1', async ({
  page,
}) => {
  test.slow(); // every change is a round trip to the amp, read back over the line API
  await openAmpFromList(page, LINK_BASE, NAME, { count: 2 });
  const column1 = channel(page.getByRole('tabpanel'), 1);
  const column2 = channel(page.getByRole('tabpanel'), 2);

  await page.getByRole('button', { name: 'Link channels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link channels' });
  await expect(dialog.getByRole('checkbox', { name: /^Channel 1: / })).toBeChecked(); // the channel shown
  await dialog.getByRole('checkbox', { name: /^Channel 2: / }).check();
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(column1.getByText('Linked: 1, 2')).toBeVisible();
  await expect(column2.getByText('Linked: 1, 2')).toBeVisible();

  const [before1, before2] = [await ampNumber(AMP, fader(1)), await ampNumber(AMP, fader(2))];
  const linked = before1 === -12.5 || before2 === -12.5 ? -17.5 : -12.5;
  await enterValue(page, column1, /^Edit Fader$/, String(linked));
  await expectOnAmp(AMP, fader(1), linked);
  await expectOnAmp(AMP, fader(2), linked);

  // one user action, one undo step: both channels back, then both forward again
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expectOnAmp(AMP, fader(1), before1);
  await expectOnAmp(AMP, fader(2), before2);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expectOnAmp(AMP, fader(1), linked);
  await expectOnAmp(AMP, fader(2), linked);

  await column1.getByRole('button', { name: 'Unlink channels 1, 2' }).click();
  await expect(page.getByText('Linked: 1, 2')).toHaveCount(0);
  const alone = linked === -12.5 ? -9 : -8;
  await enterValue(page, column1, /^Edit Fader$/, String(alone));
  await expectOnAmp(AMP, fader(1), alone);
  // channel 2 keeps the linked value: read it after the amp has applied channel 1's write, and a while later
  expect(await ampNumber(AMP, fader(2))).toBe(linked);
  await page.waitForTimeout(500);
  expect(await ampNumber(AMP, fader(2))).toBe(linked);
});

test('copy channel 1’s EQ to channel 3: the preview lists the bands that change, and the amp has them', async ({
  page,
}) => {
  test.slow();
  // channel 1: two bands made different from channel 3's
  await setAmpValue(LINK_BASE, 0, eq(1, 2, 'type'), 'Parametric');
  await setAmpValue(LINK_BASE, 0, eq(3, 2, 'type'), 'Parametric');
  await setAmpValue(LINK_BASE, 0, eq(3, 2, 'gain'), 0);
  await setAmpValue(LINK_BASE, 0, eq(1, 2, 'gain'), 6);
  await setAmpValue(LINK_BASE, 0, eq(1, 5, 'type'), 'Parametric');
  await setAmpValue(LINK_BASE, 0, eq(3, 5, 'type'), 'Parametric');
  await setAmpValue(LINK_BASE, 0, eq(1, 5, 'frequency'), 2500);
  await setAmpValue(LINK_BASE, 0, eq(1, 5, 'gain'), -4.5);
  const gain5 = await ampNumber(AMP, eq(3, 5, 'gain'));
  const frequency5 = await ampNumber(AMP, eq(3, 5, 'frequency'));
  await openAmpFromList(page, LINK_BASE, NAME, { count: 2 });

  await page.getByRole('button', { name: 'Copy to channels…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy channel 1 to other channels' });
  await expect(dialog.getByRole('radio', { name: 'Equalizer (output EQ)' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /^Channel 1: / })).toHaveCount(0); // never the source
  await dialog.getByRole('checkbox', { name: /^Channel 3: / }).check();

  const preview = dialog.getByRole('table', { name: 'What changes' });
  const row = (setting: string) => preview.getByRole('row').filter({ hasText: setting });
  await expect(row('EQ band 2 gain').getByRole('cell')).toHaveText(['Ch 3', 'EQ band 2 gain', '0.0 → +6.0 dB']);
  await expect(row('EQ band 5 gain').getByRole('cell')).toHaveText([
    'Ch 3',
    'EQ band 5 gain',
    `${signedDb(gain5)} → -4.5 dB`,
  ]);
  if (frequency5 !== 2500) await expect(row('EQ band 5 frequency')).toContainText('→ 2500 Hz');
  // unchanged bands are not listed
  await expect(row('EQ band 1 ')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText('Channel 3: now the same as channel 1')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  for (const band of BANDS)
    for (const field of EQ_FIELDS) await expectOnAmp(AMP, eq(3, band, field), await AMP.read(eq(1, band, field)));
  expect(await ampNumber(AMP, eq(3, 2, 'gain'))).toBe(6);
  expect(await ampNumber(AMP, eq(3, 5, 'gain'))).toBe(-4.5);
});

test('channel 1 linked across two amps: a fader moved on the first changes both; unlinked, only the first', async ({
  page,
}) => {
  test.slow();
  await openAmpFromList(page, LINK_BASE, NAME, { count: 2 });
  const column1 = channel(page.getByRole('tabpanel'), 1);

  await page.getByRole('button', { name: 'Link channels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link channels' });
  const across = dialog.getByRole('group', { name: 'Same channel on other amps' });
  await across.getByRole('checkbox', { name: OTHER_NAME }).check();
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(column1.getByText(`Linked: Ch 1 on ${OTHER_NAME}`)).toBeVisible();

  const [before, beforeOther] = [await ampNumber(AMP, fader(1)), await ampNumber(OTHER, fader(1))];
  const linked = [-12.5, -17.5, -22.5].find((v) => v !== before && v !== beforeOther)!;
  await enterValue(page, column1, /^Edit Fader$/, String(linked));
  await expectOnAmp(AMP, fader(1), linked);
  await expectOnAmp(OTHER, fader(1), linked);

  // the undo of the amp edited puts back its own change; the other amp's change is in that amp's own history
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expectOnAmp(AMP, fader(1), before);
  expect(await ampNumber(OTHER, fader(1))).toBe(linked);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expectOnAmp(AMP, fader(1), linked);

  await column1.getByRole('button', { name: `Unlink channel 1 from ${OTHER_NAME}` }).click();
  await expect(page.getByText(/^Linked:/)).toHaveCount(0);
  const alone = linked === -12.5 ? -9 : -8;
  await enterValue(page, column1, /^Edit Fader$/, String(alone));
  await expectOnAmp(AMP, fader(1), alone);
  // the other amp keeps the linked value: read after the first amp has applied its write, and a while later
  expect(await ampNumber(OTHER, fader(1))).toBe(linked);
  await page.waitForTimeout(500);
  expect(await ampNumber(OTHER, fader(1))).toBe(linked);
});
