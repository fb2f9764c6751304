/**
 * Issue 19, spec 3 §2–§9: the CS Touch configuration editor in Chromium against an emulated fleet of our own — a
 * 704D and a CDS-508, the first proxying two CS Touch panels. Every configuration the editor saves is read back from
 * the panel itself over the amp's `/NSTProxy getConfig`, never from the page. The flows run in order on one fleet.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { TouchConfiguration } from '@rackside/protocol';
import { ampUrl, nth } from './fleet';
import { ampValue, fault, seriousViolations, startInDarkMode, waitForFleet, withDevice } from './helpers';
import { useOwnFleet } from './own-fleet';

const BASE = process.env.RACKSIDE_E2E_TOUCH_EDITOR_BASE ?? '127.0.82.1';
const own = useOwnFleet(BASE, ['704D', 'CDS-508'], { touchPanels: 2 });

const LOBBY = '127.0.2.1';
const SECOND = '127.0.2.2';
const A1 = 'Main Left'; // 704D, 4 channels, Dante inputs
const A2 = 'Main Right'; // CDS-508, 8 channels, digital inputs

/** The configuration the panel holds, asked of the amp that proxies it, as any device API client would. */
async function panelConfig(ip: string): Promise<TouchConfiguration> {
  const reply = await withDevice(BASE, 0, (c) =>
    c.request('getConfig', '/NSTProxy', { ipAddress: ip, requestId: 'e2e' }),
  );
  return (reply as { payload: TouchConfiguration }).payload;
}

/** Opens a panel's editor from the list of touch panels under the amps, as a user would. */
async function openPanel(page: Page, name: string, ip: string): Promise<void> {
  await page.goto(ampUrl(BASE));
  await waitForFleet(page, 2);
  await page.getByRole('list', { name: 'Touch panel' }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/cs-touch/${ip.replaceAll('.', '\\.')}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 15_000 });
}

const groups = (page: Page) => page.getByRole('region', { name: 'Groups' });
const headerSave = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

async function addGroup(page: Page, kind: 'Add volume group' | 'Add source group'): Promise<void> {
  await groups(page).getByRole('button', { name: 'Add group' }).click();
  await page.getByRole('menuitem', { name: kind }).click();
}

/** Opens a group's (or subgroup's) form from its card, once the card shows it selected. */
async function selectGroup(page: Page, name: string): Promise<void> {
  const link = groups(page).getByRole('link', { name: new RegExp(`^${name} `) });
  await link.click();
  await expect(link).toHaveAttribute('aria-current', 'page');
}

async function cardMenu(page: Page, name: string, item: string): Promise<void> {
  await groups(page)
    .getByRole('button', { name: `More actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe.configure({ mode: 'serial' });

test('builds a volume group with a subgroup and a source group with three states across two models, saves, and the panel holds it', async ({
  page,
}) => {
  const [mac1, mac2] = [
    await ampValue(BASE, 0, '/network/ethernet/mac'),
    await ampValue(BASE, 1, '/network/ethernet/mac'),
  ];
  await openPanel(page, 'Lobby Touch', LOBBY);
  await expect(page.getByText('Start building your system')).toBeVisible();

  await addGroup(page, 'Add volume group');
  await expect(page).toHaveURL(/\/cs-touch\/127\.0\.2\.1\/group\/0$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Bar');
  for (const ch of [`${A1} channel 1`, `${A1} channel 2`, `${A2} channel 1`])
    await page.getByRole('checkbox', { name: ch }).check();
  await page.getByRole('spinbutton', { name: `${A1} channel 2 offset` }).fill('-6');

  await cardMenu(page, 'Bar', 'Add volume subgroup');
  const sub = page.getByRole('dialog', { name: 'Add volume subgroup' });
  await sub.getByRole('textbox', { name: /Name/ }).fill('Left');
  await sub.getByRole('checkbox', { name: `${A1} channel 1` }).check();
  await sub.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/group\/0\/0$/);

  await addGroup(page, 'Add source group');
  await expect(page).toHaveURL(/\/group\/1$/);
  await page.getByRole('textbox', { name: 'Group name' }).fill('Inputs');
  await page.getByRole('checkbox', { name: `${A1} channel 3` }).check();
  await page.getByRole('checkbox', { name: `${A2} channel 2` }).check();
  await page.getByRole('button', { name: 'Add state' }).click();
  await page.getByRole('button', { name: 'Add state' }).click();
  const names = ['Mic', 'Line', 'Stream'];
  for (const [i, name] of names.entries())
    await page.getByRole('textbox', { name: `Name of state ${i + 1}` }).fill(name);
  const pick = async (amp: string, ch: number, state: string, source: string) => {
    await page.getByRole('combobox', { name: `${amp} channel ${ch} source in ${state}` }).click();
    await page.getByRole('option', { name: source, exact: true }).click();
  };
  await pick(A1, 3, 'Line', 'Analog 2');
  await pick(A1, 3, 'Stream', 'Dante 3');
  await pick(A2, 2, 'Line', 'Analog 4');
  await pick(A2, 2, 'Stream', 'Digital 1');

  await headerSave(page).click();
  await expect(headerSave(page)).toBeHidden();
  const at = (i: number) => ({ ipAddress: nth(BASE, i), macAddress: i === 0 ? mac1 : mac2 });
  expect(await panelConfig(LOBBY)).toEqual({
    name: 'Lobby Touch',
    groups: [
      {
        type: 'volume',
        name: 'Bar',
        range: 80,
        amps: [
          { ...at(0), channels: { '1': { offset: 0 }, '2': { offset: -6 } } },
          { ...at(1), channels: { '1': { offset: 0 } } },
        ],
        subGroups: [{ name: 'Left', amps: [{ ...at(0), channels: [1] }] }],
      },
      {
        type: 'sourceSelect',
        name: 'Inputs',
        states: [
          {
            name: 'Mic',
            sources: [
              { ...at(0), channel: 3, source: 'Analog 1' },
              { ...at(1), channel: 2, source: 'Analog 1' },
            ],
          },
          {
            name: 'Line',
            sources: [
              { ...at(0), channel: 3, source: 'Analog 2' },
              { ...at(1), channel: 2, source: 'Analog 4' },
            ],
          },
          {
            name: 'Stream',
            sources: [
              { ...at(0), channel: 3, source: 'Dante 3' },
              { ...at(1), channel: 2, source: 'Digital 1' },
            ],
          },
        ],
      },
    ],
  });
  expect(await seriousViolations(page)).toEqual([]);
});

test('reorders and removes groups with the route following; Cancel leaves the panel as it was', async ({ page }) => {
  const before = await panelConfig(LOBBY);
  await openPanel(page, 'Lobby Touch', LOBBY);
  await selectGroup(page, 'Inputs');
  await expect(page).toHaveURL(/\/group\/1$/);
  await groups(page).getByRole('button', { name: 'Move Inputs up' }).click();
  await expect(page).toHaveURL(/\/group\/0$/);
  await expect(groups(page).getByRole('button', { name: 'Move Inputs up' })).toBeDisabled();
  await expect(groups(page).getByRole('button', { name: 'Move Bar down' })).toBeDisabled();

  await selectGroup(page, 'Left');
  await expect(page).toHaveURL(/\/group\/1\/0$/);
  await cardMenu(page, 'Left', 'Remove volume subgroup');
  await page.getByRole('dialog', { name: 'Remove Left?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page).toHaveURL(/\/group\/1$/);

  await cardMenu(page, 'Inputs', 'Remove source group');
  await page.getByRole('dialog', { name: 'Remove Inputs?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page).toHaveURL(/\/cs-touch\/127\.0\.2\.1$/);
  await expect(groups(page).getByRole('link')).toHaveCount(1);

  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(groups(page).getByRole('link', { name: /^Inputs/ })).toBeVisible();
  expect(await panelConfig(LOBBY)).toEqual(before);
});

test('an amp of the configuration going offline locks Save; Unlock overrides, and the check names the amp', async ({
  page,
}) => {
  await openPanel(page, 'Lobby Touch', LOBBY);
  await selectGroup(page, 'Bar');
  try {
    await fault(BASE, 1, { type: 'unplugNetwork', seconds: 120 });
    const lock = page.getByRole('region', { name: 'Saving locked' });
    await expect(lock).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('alert').filter({ hasText: A2 })).toBeVisible();
    await expect(headerSave(page)).toBeHidden();

    await lock.getByRole('button', { name: 'Unlock' }).click();
    await expect(lock).toBeHidden();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Bar after hours');
    await headerSave(page).click();
    const check = page.getByRole('dialog', { name: 'Check before saving' });
    await expect(check).toContainText(`${A2} is offline`);
    await check.getByRole('button', { name: 'Save anyway' }).click();
    await expect(headerSave(page)).toBeHidden();
    expect((await panelConfig(LOBBY)).groups[0]?.name).toBe('Bar after hours');
  } finally {
    await fault(BASE, 1);
  }
});

test('exports a file, imports it into the second panel; an invalid file is refused with nothing changed', async ({
  page,
}) => {
  await openPanel(page, 'Lobby Touch', LOBBY);
  await page.getByRole('button', { name: 'Configuration menu' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export settings' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('cs-touch-export.json');
  const exported = join(own.dir(), 'cs-touch-export.json');
  await file.saveAs(exported);
  const lobby = await panelConfig(LOBBY);

  await openPanel(page, 'Touch 2', SECOND);
  const invalid = join(own.dir(), 'broken.json');
  writeFileSync(invalid, JSON.stringify({ version: 1, groups: [{ type: 'volume', name: 'x' }] }));
  await page.getByRole('button', { name: 'Configuration menu' }).click();
  await page.getByRole('menuitem', { name: 'Import settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import settings' });
  await dialog.getByLabel('Choose file').setInputFiles(invalid);
  await expect(dialog).toContainText(/failed to import settings/i);
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  await dialog.getByLabel('Choose file').setInputFiles(exported);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(groups(page).getByRole('link', { name: /^Inputs/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Touch 2', level: 1 })).toBeVisible();
  await headerSave(page).click();
  await expect(headerSave(page)).toBeHidden();
  expect(await panelConfig(SECOND)).toEqual({ name: 'Touch 2', groups: lobby.groups });
});

test('every limit of spec 3 §5 is enforced in the form: 51 characters, a fifth state, offset -81, 61-character subgroup', async ({
  page,
}) => {
  await openPanel(page, 'Lobby Touch', LOBBY);
  await selectGroup(page, 'Bar');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('x'.repeat(51));
  await expect(page.getByText('Enter a name of 1 to 50 characters')).toBeVisible();
  await expect(groups(page).getByRole('link', { name: /^x{51}/ })).toHaveCount(0);
  await name.fill('Bar');
  const offset = page.getByRole('spinbutton', { name: `${A1} channel 1 offset` });
  await offset.fill('-81');
  await expect(page.getByText('Enter a value from -80 to 0 dB')).toBeVisible();

  await cardMenu(page, 'Bar', 'Add volume subgroup');
  const sub = page.getByRole('dialog', { name: 'Add volume subgroup' });
  const subName = sub.getByRole('textbox', { name: /Name/ });
  await subName.fill('y'.repeat(61));
  await expect(subName).toHaveValue('y'.repeat(60));
  await sub.getByRole('button', { name: 'Cancel' }).click();

  await selectGroup(page, 'Inputs');
  await page.getByRole('button', { name: 'Add state' }).click();
  await expect(page.getByRole('button', { name: 'Add state' })).toBeDisabled();
  await expect(page.getByText('A source group holds at most 4 states')).toBeVisible();

  await page.getByRole('button', { name: 'Configuration menu' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename configuration' });
  await rename.getByRole('textbox', { name: 'Name' }).fill('z'.repeat(51));
  await expect(rename.getByRole('button', { name: 'Save' })).toBeDisabled();
  await rename.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
});

test('the live test moves the faders of a volume group on the amps and puts them back', async ({ page }) => {
  const fader = '/amp/channels/2/output/fader';
  const before = await ampValue(BASE, 0, fader);
  await openPanel(page, 'Lobby Touch', LOBBY);
  await selectGroup(page, 'Bar');
  const live = page.getByRole('region', { name: 'Live test' });
  await live.getByRole('switch', { name: 'Test on the amps' }).check();
  const level = live.getByRole('slider', { name: 'Test level' });
  await level.focus();
  await page.keyboard.press('End'); // 0 dB: each channel at its offset
  await expect.poll(() => ampValue(BASE, 0, fader)).toBe(-6);
  await live.getByRole('switch', { name: 'Test on the amps' }).uncheck();
  await expect.poll(() => ampValue(BASE, 0, fader)).toBe(before);
});

for (const [label, width, dark] of [
  ['light, wide', 1280, false],
  ['dark, wide', 1280, true],
  ['light, narrow', 600, false],
  ['dark, narrow', 600, true],
] as const) {
  test(`the editor passes axe (${label})`, async ({ page }) => {
    if (dark) await startInDarkMode(page);
    await page.setViewportSize({ width, height: 900 });
    if (width < 768) {
      await page.goto(`${ampUrl(BASE)}/cs-touch/${LOBBY}/group/1`);
    } else {
      await openPanel(page, 'Lobby Touch', LOBBY);
      await selectGroup(page, 'Inputs');
    }
    await expect(page.getByRole('textbox', { name: 'Group name' })).toBeVisible({ timeout: 20_000 });
    if (width < 768) await expect(page.getByRole('list', { name: 'Amps' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
