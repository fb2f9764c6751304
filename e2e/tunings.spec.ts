/**
 * Issue 17, spec 3 §2–§5 "Speaker tunings" end to end in Chromium against emulated amps of a fleet of our own (the
 * imports lock and change the amps). A tuning exported with a lock password from one amp's channel imports into
 * another amp's channel locked: the padlock shows there, the amp itself refuses a write to a locked field, a wrong
 * password is refused, the right one unlocks. A corrupt file is refused and changes nothing. Every value is read back
 * from the amps, never from the page.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parseTransferFile, type TransferFile } from '@rackside/protocol';
import { channel, openTab } from './channel-flow';
import { ampUrl } from './fleet';
import { ampValue, lineCommand, setAmpValue, waitForFleet } from './helpers';
import { useOwnFleet } from './own-fleet';

/** Addresses of our own, away from the shared fleets and the other flows' fleets. */
const TUNINGS_BASE = process.env.RACKSIDE_E2E_TUNINGS_BASE ?? '127.0.73.1';
/** amp-sim names amps by position. */
const SOURCE = { name: 'Main Left', index: 0 };
const TARGET = { name: 'Main Right', index: 1 };
const PASSWORD = 'tuning-pass-1';
const LOCKED_TEXT = 'This field is locked by UAC or speaker tunings';
const GAIN = (ch: number) => `/amp/channels/${ch}/crossover/bandGainAndDelay/gain`;
const EQ_GAIN = (ch: number) => `/amp/channels/${ch}/outputEqFilters/2/gain`;

const own = useOwnFleet(TUNINGS_BASE, ['704D', '704D']);

/** Opens an amp's channel view on its Crossover tab: channel `n`'s column and its speaker tunings section. */
async function openTunings(page: Page, name: string, n: number): Promise<{ column: Locator; section: Locator }> {
  await page.goto(ampUrl(TUNINGS_BASE));
  await waitForFleet(page, 2);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const column = channel(await openTab(page, 'Crossover'), n);
  const section = column.getByRole('region', { name: 'Speaker tunings' });
  await expect(section).toBeVisible({ timeout: 20_000 });
  return { column, section };
}

/** The amp's answer to a line API `set` (OK, or the refusal's line). */
const lineSet = (index: number, url: string, value: number) =>
  lineCommand(TUNINGS_BASE, index, `set ${url} ${String(value)}`);

test('a tuning exported with a lock imports locked into another amp: padlock, the amp refuses writes, a wrong password is refused, the right one unlocks', async ({
  page,
}) => {
  test.slow();
  // the tuning: a crossover gain and an EQ band on the source's channel 1
  await setAmpValue(TUNINGS_BASE, SOURCE.index, GAIN(1), -3.5);
  await setAmpValue(TUNINGS_BASE, SOURCE.index, EQ_GAIN(1), 4);
  expect(await ampValue(TUNINGS_BASE, TARGET.index, GAIN(2))).not.toBe(-3.5);

  let { section } = await openTunings(page, SOURCE.name, 1);
  await section.getByRole('button', { name: 'Export', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Export speaker tunings' });
  await dialog.getByLabel('Lock password (optional)').fill(PASSWORD);
  await dialog.getByLabel('Confirm password').fill('not-the-same');
  await expect(dialog.getByText('The passwords do not match')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  await dialog.getByLabel('Confirm password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download speaker-tunings.json' }).click();
  const download = await downloading;
  const path = join(own.dir(), download.suggestedFilename());
  await download.saveAs(path);
  const parsed = parseTransferFile(readFileSync(path, 'utf8'));
  expect(parsed.ok).toBe(true);
  const file = (parsed as { file: TransferFile }).file;
  expect(file.version).toBe(2);
  expect(Object.keys(file.channels)).toEqual(['1']);
  expect(file.deviceId).toBeTruthy();
  expect(file.signature).toBeTruthy();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // spec 3 §4: exporting with a password locks the source too, and Export is hidden under a lock
  await expect(section.getByText("This channel's speaker tuning is locked.")).toBeVisible({ timeout: 5000 });
  await expect(section.getByRole('button', { name: 'Export', exact: true })).toHaveCount(0);
  expect(await lineSet(SOURCE.index, GAIN(1), 0)).not.toBe('OK');

  // into the target's channel 2: preview first, then the import
  const target = await openTunings(page, TARGET.name, 2);
  section = target.section;
  await section.getByRole('button', { name: 'Import', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Import speaker tunings' });
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await dialog.getByTestId('tuning-file-input').setInputFiles(path);
  await expect(dialog.getByText('File: speaker-tunings.json')).toBeVisible();
  await expect(dialog.getByText(/after the import, these settings of channel 2 are locked/)).toBeVisible();
  const changes = dialog.getByRole('list', { name: 'What will change on channel 2' });
  await expect(
    changes.getByRole('listitem').filter({ hasText: /crossover\/bandGainAndDelay\/gain(?![A-Za-z])/ }),
  ).toContainText('→ -3.5');
  await expect(changes.getByRole('listitem').filter({ hasText: /outputEqFilters\/2\/gain/ })).toContainText('→ 4');
  // a tuning never carries the channel's name or fader
  await expect(changes.getByRole('listitem').filter({ hasText: /output\/(name|fader)/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Speaker tunings imported.')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // the amp holds the tuning on channel 2 and refuses a write to it; channel 1 is untouched and still free
  expect(await ampValue(TUNINGS_BASE, TARGET.index, GAIN(2))).toBe(-3.5);
  expect(await ampValue(TUNINGS_BASE, TARGET.index, EQ_GAIN(2))).toBe(4);
  expect(await lineSet(TARGET.index, GAIN(2), 0)).not.toBe('OK');
  expect(await ampValue(TUNINGS_BASE, TARGET.index, GAIN(2))).toBe(-3.5);
  expect(await lineSet(TARGET.index, GAIN(1), -1)).toBe('OK');

  // the page shows the lock: the section says so, the locked gain shows the padlock, Export is hidden
  await expect(section.getByText("This channel's speaker tuning is locked.")).toBeVisible({ timeout: 5000 });
  await expect(section.getByRole('button', { name: 'Export', exact: true })).toHaveCount(0);
  await expect(target.column.getByRole('img', { name: LOCKED_TEXT }).first()).toBeVisible();

  // a wrong password is refused in the field, the lock stays
  await section.getByRole('button', { name: 'Unlock', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Unlock speaker tunings' });
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(dialog.getByText('The provided password is incorrect')).toBeVisible();
  expect(await lineSet(TARGET.index, GAIN(2), 0)).not.toBe('OK');

  // the right one unlocks: the amp takes writes again, the padlock goes, Export is back
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText("This channel's speaker tuning is locked.")).toHaveCount(0, { timeout: 5000 });
  await expect(section.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
  expect(await lineSet(TARGET.index, GAIN(2), 0)).toBe('OK');
  expect(await ampValue(TUNINGS_BASE, TARGET.index, GAIN(2))).toBe(0);
});

test('a corrupt tuning file says "Failed to import: invalid or corrupted file" and changes nothing', async ({
  page,
}) => {
  const { section } = await openTunings(page, TARGET.name, 1);
  const before = await ampValue(TUNINGS_BASE, TARGET.index, GAIN(1));
  await section.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import speaker tunings' });
  for (const [name, content] of [
    ['not-json.json', '{"version": 2, "channels": '],
    ['two-channels.json', JSON.stringify({ version: 2, network: {}, amp: {}, inputs: {}, channels: { 1: {}, 2: {} } })],
  ] as const) {
    const path = join(own.dir(), name);
    writeFileSync(path, content);
    await dialog.getByTestId('tuning-file-input').setInputFiles(path);
    await expect(dialog.getByText('Failed to import: invalid or corrupted file')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  }
  expect(await ampValue(TUNINGS_BASE, TARGET.index, GAIN(1))).toBe(before);
});
