/**
 * Issue 14 firmware library in the cloud console, against the real cloud: reached from the drawer; images made by
 * the emulator's buildFirmwareImage uploaded with release notes, listed by model family with the first image of a
 * family as its latest; a file that is not an image refused with a clear message and nothing stored; an older image
 * made the latest; an image deleted after the confirmation.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { buildFirmwareImage } from '@rackside/amp-sim';
import { FIRMWARE_PATHS, FirmwareLibrarySchema } from '@rackside/protocol';
import { CLOUD_URL } from './cloud';
import { apiSignIn, createAccount, signIn, uniqueEmail } from './cloud-helpers';

test.use({ baseURL: CLOUD_URL });

let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rackside-firmware-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, bytes: Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

async function libraryOf(request: APIRequestContext, idToken: string) {
  const res = await request.get(`${CLOUD_URL}/api${FIRMWARE_PATHS.images}`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(res.ok()).toBe(true);
  return FirmwareLibrarySchema.parse(await res.json()).families;
}

test('firmware library: upload, grouped by family with the latest marked, a non-image refused, make latest, delete', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('firmware');
  await createAccount(request, email);
  const idToken = await apiSignIn(request, email);
  const asbt17 = await file('ASBT-1.7.0.0.tar.xz.enc', buildFirmwareImage({ prefix: 'ASBT', version: '1.7.0.0' }));
  const asbt16 = await file(
    'ASBT-1.6.0.0.tar.xz.enc',
    buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0', boards: true }),
  );
  const dls12 = await file('DLS-1.2.0.0.tar.xz.enc', buildFirmwareImage({ prefix: 'DLS', version: '1.2.0.0' }));
  const notAnImage = await file('ASBT-1.8.0.0.tar.xz.enc', new TextEncoder().encode('just some text\n'));

  await signIn(page, email);
  await page.getByRole('button', { name: 'Open the main menu' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Firmware library' }).click();
  await expect(page).toHaveURL(/\/firmware$/);
  await expect(page.getByRole('heading', { name: 'Firmware library', level: 1 })).toBeVisible();
  await expect(page.getByText('No firmware images yet')).toBeVisible();

  const fileInput = page.getByLabel('Firmware image file');
  const upload = page.getByRole('button', { name: 'Upload', exact: true });
  const asbt = page.getByRole('table', { name: 'ASBT images' });
  const row = (version: string) => asbt.getByRole('row').filter({ hasText: version });
  const latestMark = (version: string) => row(version).getByText('Latest', { exact: true });

  // the first image of a family becomes its latest
  await fileInput.setInputFiles(asbt17);
  await expect(page.getByText('ASBT-1.7.0.0.tar.xz.enc (', { exact: false })).toBeVisible();
  await upload.click();
  await expect(page.getByText('ASBT 1.7.0.0 was added to the library.')).toBeVisible();
  await expect(latestMark('1.7.0.0')).toBeVisible();
  await expect(page.getByRole('region', { name: 'ASBT' })).toContainText('Latest: 1.7.0.0');

  // not an image: said clearly, nothing stored, the chosen file and the notes kept
  const notes = page.getByRole('textbox', { name: 'Release notes (optional)' });
  await fileInput.setInputFiles(notAnImage);
  await notes.fill('Should not be kept');
  await upload.click();
  await expect(page.getByRole('alert')).toContainText(
    'The image was not added: The file is not a firmware image. Nothing was stored.',
  );
  await expect(notes).toHaveValue('Should not be kept');
  await expect(asbt.getByRole('row')).toHaveCount(2);
  expect((await libraryOf(request, idToken)).flatMap((f) => f.images.map((i) => i.version))).toEqual(['1.7.0.0']);

  // an older image with release notes (shown as written), and another family
  await fileInput.setInputFiles(asbt16);
  await notes.fill('## 1.6.0.0\n- Faster boot');
  await upload.click();
  await expect(page.getByText('ASBT 1.6.0.0 was added to the library.')).toBeVisible();
  await expect(notes).toHaveValue('');
  await expect(asbt.getByRole('row')).toHaveCount(3);
  await expect(latestMark('1.6.0.0')).toHaveCount(0);
  await expect(row('1.6.0.0')).toContainText('Includes power-supply and amp-board firmware');
  await row('1.6.0.0').getByText('Release notes').click();
  // the notes are markdown, rendered: '- Faster boot' is a list item
  await expect(row('1.6.0.0').getByRole('listitem').filter({ hasText: 'Faster boot' })).toBeVisible();
  await fileInput.setInputFiles(dls12);
  await upload.click();
  await expect(page.getByText('DLS 1.2.0.0 was added to the library.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'DLS images' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'DLS' })).toContainText('Latest: 1.2.0.0');

  // the older one made the latest (keyboard)
  await row('1.6.0.0').getByRole('button', { name: 'Make ASBT 1.6.0.0 the latest' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('ASBT 1.6.0.0 is now the latest.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'ASBT' })).toContainText('Latest: 1.6.0.0');
  await expect(latestMark('1.6.0.0')).toBeVisible();
  await expect(latestMark('1.7.0.0')).toHaveCount(0);
  await expect(row('1.7.0.0').getByRole('button', { name: 'Make ASBT 1.7.0.0 the latest' })).toBeVisible();
  const families = await libraryOf(request, idToken);
  expect(families.find((f) => f.family === 'ASBT')?.latestVersion).toBe('1.6.0.0');

  // delete asks first; Cancel keeps the image, Delete removes it
  await row('1.7.0.0').getByRole('button', { name: 'Delete ASBT 1.7.0.0' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete ASBT 1.7.0.0?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(asbt.getByRole('row')).toHaveCount(3);
  await row('1.7.0.0').getByRole('button', { name: 'Delete ASBT 1.7.0.0' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('ASBT 1.7.0.0 was deleted.')).toBeVisible();
  await expect(asbt.getByRole('row')).toHaveCount(2);
  await expect(latestMark('1.6.0.0')).toBeVisible();
  const after = await libraryOf(request, idToken);
  expect(after.map((f) => [f.family, f.images.map((i) => i.version)]).sort()).toEqual([
    ['ASBT', ['1.6.0.0']],
    ['DLS', ['1.2.0.0']],
  ]);
});
