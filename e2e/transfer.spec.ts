/**
 * Issue 17, spec 3 §2–§5: settings transfer end to end in Chromium against emulated amps of a fleet of our own (the
 * imports change the amps). An 8-channel CDS-508 exports its settings; the file is edited as an installer would
 * (two channel names, an EQ band) and imported into a 4-channel 354N: the preview lists the changes and what the
 * target lacks, the amp reads back the new values over its line API, the result lists what was dropped. A tampered
 * signed file and a corrupt file are refused and change nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parseTransferFile, signTransferFile, type TransferFile } from '@rackside/protocol';
import { ampUrl } from './fleet';
import { ampValue, card, setAmpValue, waitForFleet } from './helpers';
import { useOwnFleet } from './own-fleet';

/** Addresses of our own, away from the shared fleets and the other flows' fleets. */
export const TRANSFER_BASE = process.env.RACKSIDE_E2E_TRANSFER_BASE ?? '127.0.72.1';
/** amp-sim names amps by position: the source CDS-508 (8 channels), a 704D and the 354N target (4 channels). */
export const SOURCE = { name: 'Main Left', index: 0 };
export const TARGET = { name: 'Subwoofers', index: 2 };

const own = useOwnFleet(TRANSFER_BASE, ['CDS-508', '704D', '354N']);

/** Opens the amp list served by the fleet's first amp and waits for the three amps. */
async function openList(page: Page): Promise<void> {
  await page.goto(ampUrl(TRANSFER_BASE));
  await waitForFleet(page, 3);
}

/** Opens an amp's Import/Export dialog from its menu and waits until its settings are loaded. */
async function openTransfer(page: Page, name: string): Promise<Locator> {
  await card(page, name).getByRole('button', { name: 'Amp menu' }).click();
  await page.getByRole('menuitem', { name: 'Import/Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import/Export' });
  await expect(dialog.getByRole('region', { name: 'Export' })).toBeVisible({ timeout: 20_000 });
  return dialog;
}

/** Exports every setting of the open dialog's amp: the downloaded file, parsed. */
async function exportFile(page: Page, dialog: Locator): Promise<TransferFile> {
  const exporting = dialog.getByRole('region', { name: 'Export' });
  await exporting.getByRole('button', { name: 'Export', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await exporting.getByRole('link', { name: /^Download / }).click();
  const download = await downloading;
  const path = join(own.dir(), download.suggestedFilename());
  await download.saveAs(path);
  const parsed = parseTransferFile(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(`the export does not parse: ${parsed.message}`);
  return parsed.file;
}

/** Writes a file for the import's file chooser; returns its path. */
function writeTemp(name: string, content: string): string {
  const path = join(own.dir(), name);
  writeFileSync(path, content);
  return path;
}

const chooseFile = (dialog: Locator, path: string) => dialog.getByTestId('transfer-file-input').setInputFiles(path);

/** A string leaf of a file's channel ("1", ["output", "name"]). */
function channelLeaf(file: TransferFile, channel: string, path: readonly string[]): unknown {
  let cur: unknown = file.channels[channel];
  for (const k of path) cur = (cur as Record<string, unknown> | undefined)?.[k];
  return cur;
}

function setChannelLeaf(file: TransferFile, channel: string, path: readonly string[], value: unknown): void {
  let cur = file.channels[channel] as Record<string, unknown>;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string, unknown>;
  cur[path[path.length - 1]!] = value;
}

const NAME = ['output', 'name'] as const;
const EQ_GAIN = ['outputEqFilters', '3', 'gain'] as const;

test('a CDS-508 export, edited, imports into a 354N: preview of the changes and of what it lacks, values read back, result lists the dropped items', async ({
  page,
}) => {
  await openList(page);
  let dialog = await openTransfer(page, SOURCE.name);
  const file = await exportFile(page, dialog);
  expect(Object.keys(file.channels).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  expect(channelLeaf(file, '1', EQ_GAIN)).toBe(
    await ampValue(TRANSFER_BASE, SOURCE.index, '/amp/channels/1/outputEqFilters/3/gain'),
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // the installer's edits: two channel names and one EQ band
  setChannelLeaf(file, '1', NAME, 'Sub L');
  setChannelLeaf(file, '2', NAME, 'Sub R');
  setChannelLeaf(file, '2', EQ_GAIN, -4.5);
  const path = writeTemp('edited.json', JSON.stringify(file, null, 2));
  const before2Gain = await ampValue(TRANSFER_BASE, TARGET.index, '/amp/channels/2/outputEqFilters/3/gain');
  expect(before2Gain).not.toBe(-4.5);

  dialog = await openTransfer(page, TARGET.name);
  const importing = dialog.getByRole('region', { name: 'Import' });
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await chooseFile(dialog, path);
  await expect(importing.getByText('File: edited.json')).toBeVisible();
  // the amp's own network and amp-level settings stay: only the channels are carried
  await importing.getByRole('checkbox', { name: 'Network' }).uncheck();
  await importing.getByRole('checkbox', { name: 'Amp', exact: true }).uncheck();

  const preview = dialog.getByRole('region', { name: 'What will change' });
  const channel1 = preview.getByRole('list', { name: 'Channel 1' });
  const channel2 = preview.getByRole('list', { name: 'Channel 2' });
  await expect(channel1.getByRole('listitem').filter({ hasText: 'output/name' })).toContainText('→ "Sub L"');
  await expect(channel2.getByRole('listitem').filter({ hasText: 'output/name' })).toContainText('→ "Sub R"');
  await expect(channel2.getByRole('listitem').filter({ hasText: 'outputEqFilters/3/gain' })).toContainText(
    `${String(before2Gain)} → -4.5`,
  );
  // the 354N has four channels: the CDS-508's channels 5–8 are flagged, not silently lost
  const unsupported = preview.getByRole('list', { name: 'Not supported by this amp (will be skipped)' });
  for (const ch of [5, 6, 7, 8]) await expect(unsupported).toContainText(`/amp/channels/${ch} value is unsupported`);
  await expect(preview.getByRole('list', { name: 'Channel 5' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Import Succeeded with errors:')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('/amp/channels/8 value is unsupported')).toBeVisible();

  // the amp itself, not the page, holds the file's values
  expect(await ampValue(TRANSFER_BASE, TARGET.index, '/amp/channels/1/output/name')).toBe('Sub L');
  expect(await ampValue(TRANSFER_BASE, TARGET.index, '/amp/channels/2/output/name')).toBe('Sub R');
  expect(await ampValue(TRANSFER_BASE, TARGET.index, '/amp/channels/2/outputEqFilters/3/gain')).toBe(-4.5);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a signed file changed after signing is refused with the spec’s message, and nothing is written', async ({
  page,
}) => {
  await openList(page);
  let dialog = await openTransfer(page, SOURCE.name);
  const exported = await exportFile(page, dialog);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const signed = await signTransferFile(exported, 'AA:BB:CC:00:00:01');
  // a name changed after signing: the signature no longer matches the file
  setChannelLeaf(signed, '1', NAME, 'Tampered');
  const tampered = writeTemp('tampered.json', JSON.stringify(signed));
  const { deviceId: _id, ...unsignedWithSignature } = signed;
  const noDeviceId = writeTemp('no-device-id.json', JSON.stringify(unsignedWithSignature));
  const nameBefore = await ampValue(TRANSFER_BASE, TARGET.index, '/amp/channels/1/output/name');

  dialog = await openTransfer(page, TARGET.name);
  for (const path of [tampered, noDeviceId]) {
    await chooseFile(dialog, path);
    await expect(dialog.getByText('Amp settings failed to import. Invalid signature')).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'What will change' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  }
  expect(await ampValue(TRANSFER_BASE, TARGET.index, '/amp/channels/1/output/name')).toBe(nameBefore);
});

test('a corrupt or non-JSON file says "Failed to import: invalid or corrupted file" and changes nothing', async ({
  page,
}) => {
  await openList(page);
  const dialog = await openTransfer(page, TARGET.name);
  const nameBefore = await ampValue(TRANSFER_BASE, TARGET.index, '/amp/channels/1/output/name');
  const files = [
    writeTemp('not-json.json', '{"network": {"ethernet": '),
    writeTemp('binary.json', '\u0000\u0001PK\u0003\u0004'),
    writeTemp('wrong-shape.json', JSON.stringify({ network: [], channels: 'all' })),
  ];
  for (const path of files) {
    await chooseFile(dialog, path);
    await expect(dialog.getByText('Failed to import: invalid or corrupted file')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  }
  expect(await ampValue(TRANSFER_BASE, TARGET.index, '/amp/channels/1/output/name')).toBe(nameBefore);
});

test('"Compare with file…" and "Compare with amp" show this amp → the other’s values and write nothing', async ({
  page,
}) => {
  await setAmpValue(TRANSFER_BASE, SOURCE.index, '/amp/channels/1/output/name', 'Left Top');
  await setAmpValue(TRANSFER_BASE, TARGET.index, '/amp/channels/1/output/name', 'Sub Front');
  await openList(page);
  let dialog = await openTransfer(page, SOURCE.name);
  const file = await exportFile(page, dialog);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  const path = writeTemp('saved.json', JSON.stringify(file));

  dialog = await openTransfer(page, TARGET.name);
  const compare = dialog.getByRole('region', { name: 'Compare' });
  await compare.getByTestId('transfer-compare-file-input').setInputFiles(path);
  const withFile = compare.getByRole('region', { name: 'Differences: this amp → saved.json' });
  await expect(
    withFile.getByRole('list', { name: 'Channel 1' }).getByRole('listitem').filter({ hasText: 'output/name' }),
  ).toContainText('"Sub Front" → "Left Top"');
  await expect(withFile).toContainText('/amp/channels/8 value is unsupported');

  await compare.getByRole('combobox', { name: 'Compare with amp' }).click();
  await page.getByRole('option', { name: SOURCE.name, exact: true }).click();
  const withAmp = compare.getByRole('region', { name: `Differences: this amp → ${SOURCE.name}` });
  await expect(
    withAmp.getByRole('list', { name: 'Channel 1' }).getByRole('listitem').filter({ hasText: 'output/name' }),
  ).toContainText('"Sub Front" → "Left Top"', { timeout: 20_000 });

  // looking changes nothing on either amp
  expect(await ampValue(TRANSFER_BASE, TARGET.index, '/amp/channels/1/output/name')).toBe('Sub Front');
  expect(await ampValue(TRANSFER_BASE, SOURCE.index, '/amp/channels/1/output/name')).toBe('Left Top');
});
