/**
 * Cloud firmware updates end to end (issue 14): the cloud service as a child process of its own (its database on
 * disk, so that it survives being killed), an emulated fleet in this process with its amps' cloud agents, seeded
 * into the demo account's two venues. In Chromium: a release zip uploaded to the library; two amps in two venues
 * updated from /update, their versions read back from the amps; a misfiled image failing the first wave's amp with
 * the spec's message and stopping the rollout; an amp passing audio skipped; the cloud killed with SIGKILL in the
 * middle of a rollout, started again on the same data, finishing it with no amp updated twice.
 *
 * Addresses: the cloud on RACKSIDE_E2E_ROLLOUT_PORT (8098) with its broker on RACKSIDE_E2E_ROLLOUT_MQTT_PORT (18931),
 * the fleet on RACKSIDE_E2E_ROLLOUT_BASE (127.0.71.x), away from the other flows'.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { buildFirmwareImage, buildReleaseZip, startFleet, type Fleet } from '@rackside/amp-sim';
import { DEMO_EMAIL, DEMO_PASSWORD, cloudClient, seedDemo } from '@rackside/cloud/demo';
import { cloudProcess, type CloudProcess } from '@rackside/cloud/testing';
import { FIRMWARE_PATHS, FirmwareImageReplySchema, fillPath, type FirmwareFamily } from '@rackside/protocol';
import { signIn } from './cloud-helpers';

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = process.env.RACKSIDE_WEB_DIST ?? join(root, 'packages/web/dist');
const PORT = Number(process.env.RACKSIDE_E2E_ROLLOUT_PORT ?? 8098);
const MQTT_PORT = Number(process.env.RACKSIDE_E2E_ROLLOUT_MQTT_PORT ?? 18931);
const FLEET_BASE = process.env.RACKSIDE_E2E_ROLLOUT_BASE ?? '127.0.71.1';
const CLOUD = `http://127.0.0.1:${PORT}`;
/** Amps of two families (704D: ASBT, 124D: DLS); the seed puts amps 0-3 in the first venue, 4-5 in the second. */
const MODELS = ['704D', '124D', '704D', '124D', '704D', '124D'];
const V1 = '1.7.0.0';
const V2 = '1.8.0.0';

test.use({ baseURL: CLOUD });
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let cloud: CloudProcess;
let fleet: Fleet | undefined;
let dataDir = '';
let fleetDir = '';
/** Firmware installs each amp started (its status going to Downloading), by amp index. */
const installs: number[] = MODELS.map(() => 0);
/** Images each amp has downloaded (its status going on to Decrypting), by amp index. */
const downloaded: number[] = MODELS.map(() => 0);

const api = cloudClient(`${CLOUD}/api`);

/** Mutes every output of the amps (the emulated world plays programme material), until none detects signal. */
async function silence(amps: readonly number[]): Promise<void> {
  for (const i of amps) {
    const amp = fleet?.amps[i]?.amp;
    const channels = Object.keys(amp?.state.amp?.channels ?? {});
    amp?.apply(
      { amp: { channels: Object.fromEntries(channels.map((c) => [c, { output: { mute: true } }])) } },
      'client',
    );
  }
  await expect
    .poll(
      () =>
        amps.every((i) =>
          Object.values(fleet?.amps[i]?.amp.state.amp?.channels ?? {}).every((c) => c?.output?.signalDetect !== true),
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
}
const ampName = (i: number): string => String(fleet?.amps[i]?.amp.state.amp?.deviceInfo.deviceName);
const ampVersion = (i: number): string => String(fleet?.amps[i]?.amp.state.amp?.deviceInfo.firmwareVersion);

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'rackside-rollout-cloud-'));
  fleetDir = mkdtempSync(join(tmpdir(), 'rackside-rollout-fleet-'));
  cloud = cloudProcess({
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      MQTT_PORT: String(MQTT_PORT),
      WEB_ROOT: webRoot,
      RATE_LIMIT_PER_ADDRESS: '10000',
      ROLLOUT_TICK_MS: '300',
    },
  });
  await cloud.start();
  fleet = await startFleet({ models: MODELS, base: FLEET_BASE, dataDir: fleetDir, cloudAgent: true, speed: 3 });
  fleet.amps.forEach(({ amp }, i) => {
    let last = '';
    amp.onChange(() => {
      const status = String(amp.state.misc?.fwUpdateStatus ?? '');
      if (status === 'Downloading' && last !== 'Downloading') installs[i] = (installs[i] ?? 0) + 1;
      if (status === 'Decrypting' && last !== 'Decrypting') downloaded[i] = (downloaded[i] ?? 0) + 1;
      last = status;
    });
  });
  await seedDemo({
    apiUrl: `${CLOUD}/api`,
    amps: fleet.amps.map(({ amp }) => ({
      deviceId: () => amp.state.cloud.deviceId || undefined,
      register: (registrationToken, registrationEndpoint) =>
        amp.apply({ cloud: { registrationToken, registrationEndpoint } }, 'client'),
    })),
  });
  await api.signIn(DEMO_EMAIL, DEMO_PASSWORD);
});

test.afterAll(async () => {
  await fleet?.close();
  await cloud?.stop('SIGTERM');
  for (const dir of [dataDir, fleetDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Opens /update and selects the amps (by their checkboxes), shows the plan's waves. */
async function selectAmps(page: Page, amps: readonly number[]): Promise<void> {
  await page.goto('/update');
  await expect(page.getByRole('heading', { name: 'Firmware update', level: 1 })).toBeVisible();
  for (const i of amps) await page.getByRole('checkbox', { name: `Select ${ampName(i)}`, exact: true }).check();
  await expect(page.getByText(`${amps.length} of `, { exact: false }).first()).toBeVisible();
}

/** Presses Update and confirms. */
async function startUpdate(page: Page, count: number): Promise<void> {
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: count === 1 ? 'Update 1 amp?' : `Update ${count} amps?` });
  await dialog.getByRole('button', { name: 'Start update' }).click();
  await expect(page.getByRole('heading', { name: 'Update progress' })).toBeVisible();
}

/** An amp's row in the progress view. */
const targetRow = (page: Page, i: number): Locator =>
  page.getByRole('listitem', { name: ampName(i), exact: true }).filter({ hasText: '→' });

/** Puts the library file of every image of `version` to another family's image (a misfiled release), or back. */
function misfile(version: string, swap: boolean, images: { imageId: string; family: FirmwareFamily }[]): void {
  const [userDir = ''] = readdirSync(join(dataDir, 'firmware', 'images'));
  for (const image of images) {
    const family = swap ? (image.family === 'ASBT' ? 'DLS' : 'ASBT') : image.family;
    const bytes = buildFirmwareImage({ prefix: family, version, boards: true, payloadBytes: 64 * 1024 });
    writeFileSync(join(dataDir, 'firmware', 'images', userDir, image.imageId), bytes);
  }
}

async function libraryImages(version: string) {
  const library = await api.firmwareLibrary();
  return library.families.flatMap((f) => f.images.filter((i) => i.version === version));
}

test('a release zip uploaded to the library; two amps in two venues updated from /update', async ({ page }) => {
  const zip = buildReleaseZip({ version: V1, families: ['ASBT', 'DLS'], boards: true });
  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.goto('/firmware');
  await page.getByLabel('Firmware image file or release zip').setInputFiles({
    name: `release-${V1}.zip`,
    mimeType: 'application/zip',
    buffer: Buffer.from(zip),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('The release zip added 2 images to the library', { exact: false })).toBeVisible();

  await silence([0, 4]);
  await selectAmps(page, [0, 4]);
  await startUpdate(page, 2);
  for (const i of [0, 4])
    await expect(targetRow(page, i).getByText('Success', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Update succeeded')).toBeVisible();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  expect([ampVersion(0), ampVersion(4), ampVersion(1)]).toEqual([V1, V1, '1.5.2.0']);
  // the board statuses after FinishedFlash
  await expect(targetRow(page, 0).getByText('Power supply')).toBeVisible({ timeout: 15_000 });
});

test('a misfiled image fails the first wave with the spec message and stops the rollout', async ({ page }) => {
  await api.uploadFirmware(
    `release-${V2}.zip`,
    buildReleaseZip({ version: V2, families: ['ASBT', 'DLS'], boards: true }),
  );
  const images = await libraryImages(V2);
  for (const { imageId } of images)
    await api.call('PUT', fillPath(FIRMWARE_PATHS.latest, { imageId }), FirmwareImageReplySchema);
  misfile(V2, true, images);
  await silence([1, 2]);
  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await selectAmps(page, [1, 2]);
  await startUpdate(page, 2);
  await expect(page.getByText("This firmware does not support the amp's hardware.")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Stopped by itself', { exact: false })).toBeVisible();
  await expect(page.getByText('Waiting for its wave')).toBeVisible();
  expect([ampVersion(1), ampVersion(2)]).toEqual(['1.5.2.0', '1.5.2.0']);
  await page.getByRole('button', { name: 'Cancel update' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel update' }).click();
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  misfile(V2, false, images);
});

test('an amp passing audio is skipped; the other is updated', async ({ page }) => {
  const loud = fleet?.amps[1]?.amp;
  await silence([2]); // amp 1 keeps playing
  const channels = Object.keys(loud?.state.amp?.channels ?? {});
  loud?.apply(
    {
      amp: {
        channels: Object.fromEntries(
          channels.map((c) => [c, { output: { mute: false }, inputSelector: { signalGeneratorEnable: true } }]),
        ),
      },
    },
    'client',
  );
  await expect.poll(() => loud?.state.amp?.channels?.['1']?.output?.signalDetect, { timeout: 10_000 }).toBe(true);
  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await selectAmps(page, [1, 2]);
  await startUpdate(page, 2);
  await expect(targetRow(page, 1).getByText('Skipped: passing audio')).toBeVisible({ timeout: 60_000 });
  await expect(targetRow(page, 2).getByText('Success', { exact: true })).toBeVisible({ timeout: 60_000 });
  expect([ampVersion(1), ampVersion(2)]).toEqual(['1.5.2.0', V2]);
  loud?.apply({ amp: { channels: { '1': { inputSelector: { signalGeneratorEnable: false } } } } }, 'client');
});

test('the cloud killed mid-rollout picks it up after a restart, no amp updated twice', async ({ page }) => {
  const amps = [0, 3, 4, 5];
  const before = amps.map((i) => installs[i] ?? 0);
  const got = amps.map((i) => downloaded[i] ?? 0);
  await silence(amps);
  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await selectAmps(page, amps);
  await page.getByLabel('Second wave (% of the selection)').fill('50');
  await startUpdate(page, 4);
  // the second wave under way: its amps have their images (the download is the cloud's) and are installing
  await expect(page.getByText('In progress').first()).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => amps.filter((i, n) => (downloaded[i] ?? 0) > (got[n] ?? 0)).length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(3);
  const progressUrl = page.url(); // /update?rollout={id}
  expect(progressUrl).toMatch(/rollout=[0-9a-f-]{36}/);
  await cloud.stop('SIGKILL');
  await cloud.start();
  // the same session goes on (the signing key and the sessions are in DATA_DIR)
  await page.goto(progressUrl);
  for (const i of amps)
    await expect(targetRow(page, i).getByText('Success', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  expect(amps.map(ampVersion)).toEqual(amps.map(() => V2));
  expect(amps.map((i, n) => (installs[i] ?? 0) - (before[n] ?? 0))).toEqual([1, 1, 1, 1]);
});
