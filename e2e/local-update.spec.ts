/**
 * spec 3 §2/§4 local firmware update, end to end: the console served by an amp of a fleet of our own updates two
 * amps of two model families from one release zip (images written by buildFirmwareImage, the format the emulated
 * amps accept, zipped in the test), each amp getting its family's image, following each amp's upload, statuses and
 * components to success and the touch controllers' restart note; the new version is read back from the amps over
 * their line API. A damaged zip is refused before anything starts; a truncated image in a zip and a corrupt image
 * fail cleanly with the amp's failure status. The fleet runs at a faster firmware speed so that an update takes
 * seconds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { buildFirmwareImage, startFleet, type BuildFirmwareImageOptions, type Fleet } from '@rackside/amp-sim';
import { HTTP_PORT, ampUrl } from './fleet';
import { ampValue, seriousViolations } from './helpers';

/**
 * Addresses of our own, away from the shared fleets (127.0.7.x, 127.0.8.x and, for a second worker, 127.0.107.x,
 * 127.0.108.x) and the other flows' fleets.
 */
const FLEET_BASE = process.env.RACKSIDE_E2E_LOCAL_UPDATE_BASE ?? '127.0.86.1';
const webRoot = process.env.RACKSIDE_WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist', import.meta.url));
/** amp-sim names amps by position: Main Left (704D) and Main Right (354N) take ASBT images, Subwoofers (124D) DLS. */
const LEFT = 'Main Left';
const RIGHT = 'Main Right';
const SUBS = 'Subwoofers';
const VERSION = '/amp/deviceInfo/firmwareVersion';

let fleet: Fleet | undefined;
let dir = '';

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-local-update-'));
  fleet = await startFleet({
    amps: 3,
    models: ['704D', '354N', '124D'],
    base: FLEET_BASE,
    httpPort: HTTP_PORT,
    faults: [],
    touchPanels: 1,
    webRoot,
    cloudAgent: false,
    speed: 4,
  });
});

test.afterAll(async () => {
  await fleet?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Writes an image to the temp folder under its canonical name; returns the path. */
function imageFile(opts: BuildFirmwareImageOptions): string {
  const path = join(dir, `${opts.prefix}-${opts.version}.tar.xz.enc`);
  writeFileSync(path, buildFirmwareImage(opts));
  return path;
}

/** Writes a release zip of these entries to the temp folder; returns the path. */
function zipFile(name: string, entries: Zippable): string {
  const path = join(dir, name);
  writeFileSync(path, zipSync(entries));
  return path;
}

/** Opens /update on the fleet's first amp and waits until every amp can be chosen. */
async function openUpdate(page: Page): Promise<void> {
  await page.goto(`${ampUrl(FLEET_BASE)}/update`);
  await expect(page.getByRole('heading', { name: 'Firmware update', level: 1 })).toBeVisible({ timeout: 20_000 });
  for (const name of [LEFT, RIGHT, SUBS])
    await expect(page.getByRole('checkbox', { name, exact: true })).toBeEnabled({ timeout: 20_000 });
}

const row = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

test('two amps of two families update from one release zip: progress, components, success, new versions', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // 1 MiB payloads: large enough that the browser inflates them in a worker, off the page's thread
  const release = zipFile('release-1.6.zip', {
    'release-1.6/ASBT-1.6.0.0.tar.xz.enc': buildFirmwareImage({
      prefix: 'ASBT',
      version: '1.6.0.0',
      boards: true,
      payloadBytes: 1 << 20,
    }),
    'release-1.6/DLS-1.6.0.2.tar.xz.enc': buildFirmwareImage({
      prefix: 'DLS',
      version: '1.6.0.2',
      boards: true,
      payloadBytes: 1 << 20,
    }),
    'release-1.6/RELEASE-NOTES.md': strToU8('# Release 1.6\n'),
  });
  const rightBefore = await ampValue(FLEET_BASE, 1, VERSION);
  await page.clock.install();
  await openUpdate(page);

  await page.getByRole('checkbox', { name: LEFT, exact: true }).check();
  await page.getByRole('checkbox', { name: SUBS, exact: true }).check();
  await page.locator('input[type=file]').setInputFiles(release);
  // which image goes to which amp, before anything starts
  await expect(page.getByText('Release zip with images: DLS 1.6.0.2, ASBT 1.6.0.0')).toBeVisible();
  await expect(page.getByText('Image for this amp: ASBT-1.6.0.0.tar.xz.enc')).toHaveCount(2);
  await expect(page.getByText('Image for this amp: DLS-1.6.0.2.tar.xz.enc')).toHaveCount(1);
  await expect(page.getByText('Amps to update: 2 of 2')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Update' }).click();

  // each amp's own progress: the countdown runs, each reports its statuses and then its components
  await expect(page.getByRole('timer', { name: 'Time remaining' })).toHaveText(/^0[45]:\d\d$/);
  const images = { [LEFT]: 'ASBT-1.6.0.0.tar.xz.enc', [SUBS]: 'DLS-1.6.0.2.tar.xz.enc' };
  for (const [name, imageName] of Object.entries(images)) {
    await expect(row(page, name)).toContainText(`Image ${imageName}`);
    await expect(row(page, name).getByText('Success', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(row(page, name)).toContainText('Finished, components flashed');
    await expect(row(page, name).getByText('Power supply')).toBeVisible();
    await expect(row(page, name).getByText('Amps 1-2')).toBeVisible();
  }
  await expect(row(page, LEFT).getByText('Amps 3-4')).toBeVisible();
  await expect(row(page, RIGHT)).toHaveCount(0);
  await expect(page.getByText('Firmware update succeeded on every amp.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // read back from the amps themselves: each took its family's image; the amp not selected kept its version
  expect(await ampValue(FLEET_BASE, 0, VERSION)).toBe('1.6.0.0');
  expect(await ampValue(FLEET_BASE, 2, VERSION)).toBe('1.6.0.2');
  expect(await ampValue(FLEET_BASE, 1, VERSION)).toBe(rightBefore);

  // spec 3 §2: the fleet has a touch controller: the restart note once the countdown is over
  const note = page.getByText('Restart your CS Touch controllers so that they reconnect to the updated amps.');
  await expect(note).toHaveCount(0);
  await page.clock.runFor('05:00');
  await expect(page.getByRole('timer', { name: 'Time remaining' })).toHaveText('00:00');
  await expect(note).toBeVisible();
});

test('a damaged zip is refused before anything starts; a truncated image in a zip fails on the amp', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const before = await ampValue(FLEET_BASE, 1, VERSION);
  const statusBefore = await ampValue(FLEET_BASE, 1, '/misc/fwUpdateStatus');
  await openUpdate(page);
  await page.getByRole('checkbox', { name: RIGHT, exact: true }).check();

  // a zip cut short (its directory gone): a clear error, Update stays off, the amp hears nothing
  const whole = zipSync({ 'ASBT-1.8.0.0.tar.xz.enc': buildFirmwareImage({ prefix: 'ASBT', version: '1.8.0.0' }) });
  const damaged = join(dir, 'damaged.zip');
  writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length / 2)));
  await page.locator('input[type=file]').setInputFiles(damaged);
  await expect(page.getByRole('alert')).toHaveText(
    'damaged.zip could not be read as a zip: it is damaged or not a zip file. Nothing was started.',
  );
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  expect(await ampValue(FLEET_BASE, 1, '/misc/fwUpdateStatus')).toBe(statusBefore);

  // a readable zip whose image is truncated: sent, and the amp fails it at extraction
  const truncated = zipFile('release-1.8.zip', {
    'ASBT-1.8.0.0.tar.xz.enc': buildFirmwareImage({ prefix: 'ASBT', version: '1.8.0.0', corrupt: 'truncated' }),
  });
  await page.locator('input[type=file]').setInputFiles(truncated);
  await expect(page.getByText('Image for this amp: ASBT-1.8.0.0.tar.xz.enc').first()).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(row(page, RIGHT).getByText('Failure', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row(page, RIGHT)).toContainText('Extraction failed: the image is incomplete or damaged');
  await expect(page.getByText('Firmware update failed on 1 of 1 amps.')).toBeVisible();
  expect(await ampValue(FLEET_BASE, 1, '/misc/fwUpdateStatus')).toBe('ExtractionFail');
  expect(await ampValue(FLEET_BASE, 1, VERSION)).toBe(before);
});

test('a corrupt image fails cleanly with the amp’s failure status and changes no version', async ({ page }) => {
  test.setTimeout(60_000);
  const image = imageFile({ prefix: 'ASBT', version: '1.7.0.0', corrupt: true });
  const before = await ampValue(FLEET_BASE, 0, VERSION);
  await openUpdate(page);

  await page.getByRole('checkbox', { name: LEFT, exact: true }).check();
  await page.locator('input[type=file]').setInputFiles(image);
  await page.getByRole('button', { name: 'Update' }).click();

  await expect(row(page, LEFT).getByText('Failure', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row(page, LEFT)).toContainText('Decryption failed: the image is damaged or not a valid image');
  await expect(page.getByText('Firmware update failed on 1 of 1 amps.')).toBeVisible();
  expect(await ampValue(FLEET_BASE, 0, '/misc/fwUpdateStatus')).toBe('DecryptingFail');
  expect(await ampValue(FLEET_BASE, 0, VERSION)).toBe(before);

  // nothing is lost: a new update starts from the same file and selection
  await page.getByRole('button', { name: 'New update' }).click();
  await expect(page.getByRole('checkbox', { name: LEFT, exact: true })).toBeChecked();
  await expect(page.getByText('ASBT-1.7.0.0.tar.xz.enc', { exact: true })).toBeVisible();
});
