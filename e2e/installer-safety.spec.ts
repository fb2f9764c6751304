/**
 * Issue 18, the installer at the rack: the console's safe actions end to end in Chromium against a CDS-508 of a fleet
 * of our own (the flows change the amp). Every outcome is read back from the amp itself over its line API, never from
 * the page: Reset all on Input EQ cancelled changes nothing and confirmed resets; an empty or too-long channel name is
 * refused with a message and the amp keeps its name; Smart Power Bridge asks before enabling and can be switched off
 * again; Page Down moves a fader 1 dB.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { channel, expectOnAmp, lineApiAmp, openTab, section } from './channel-flow';
import { ampUrl } from './fleet';
import { ampValue, setAmpValue, waitForFleet } from './helpers';
import { useOwnFleet } from './own-fleet';

/** Addresses of our own, away from the shared fleets and the other flows' fleets. */
const SAFETY_BASE = process.env.RACKSIDE_E2E_SAFETY_BASE ?? '127.0.75.1';
const AMP = lineApiAmp(SAFETY_BASE, 0);
const CH1 = '/amp/channels/1';

// advanced DSP: the Input EQ tab with its 8 IIR and 16 FIR filters
useOwnFleet(SAFETY_BASE, ['CDS-508']);

/** The amp's name as it holds it. */
const ampName = async (): Promise<string> => String(await ampValue(SAFETY_BASE, 0, '/amp/deviceInfo/deviceName'));

/** Opens the amp from the list its own console serves; the channel view comes up on channel 1. */
async function openAmp(page: Page): Promise<void> {
  const name = await ampName();
  await page.goto(ampUrl(SAFETY_BASE));
  await waitForFleet(page, 1);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** Channel 1's column of a tab. */
const channel1 = async (page: Page, tab: string): Promise<Locator> => channel(await openTab(page, tab), 1);

test.describe('installer safety (issue 18)', () => {
  test('Reset all on Input EQ: cancelled changes nothing on the amp, confirmed resets every filter', async ({
    page,
  }) => {
    const iir3 = `${CH1}/inputIirEqFilters/3`;
    const fir1 = `${CH1}/inputFirEqFilters/1`;
    await setAmpValue(SAFETY_BASE, 0, `${iir3}/gain`, 6);
    await setAmpValue(SAFETY_BASE, 0, `${iir3}/frequency`, 250);
    await setAmpValue(SAFETY_BASE, 0, `${fir1}/gain`, -4.5);
    await openAmp(page);
    const eq = await channel1(page, 'Input EQ');
    const name = await ampName();

    await eq.getByRole('button', { name: 'Reset all', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset all input filters?' });
    await expect(dialog).toContainText(`Channel 1 (Channel 1) on ${name}`);
    await expect(dialog).toContainText('all 24 input EQ filters');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // nothing was sent: the amp still holds the edited filters a moment later
    await page.waitForTimeout(1000);
    expect(await AMP.read(`${iir3}/gain`)).toBe(6);
    expect(await AMP.read(`${iir3}/frequency`)).toBe(250);
    expect(await AMP.read(`${fir1}/gain`)).toBe(-4.5);

    await eq.getByRole('button', { name: 'Reset all', exact: true }).click();
    await dialog.getByRole('button', { name: 'Reset all', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectOnAmp(AMP, `${iir3}/gain`, 0);
    await expectOnAmp(AMP, `${iir3}/frequency`, 1000);
    await expectOnAmp(AMP, `${iir3}/type`, 'Parametric');
    await expectOnAmp(AMP, `${fir1}/gain`, 0);
  });

  test('an empty or too-long channel name is refused with a message; the amp keeps its name', async ({ page }) => {
    const before = await AMP.read(`${CH1}/output/name`);
    await openAmp(page);
    const settings = await channel1(page, 'Settings');
    const name = settings.getByRole('textbox', { name: 'Name' });
    await expect(settings.getByText(`${String(before).length}/32`)).toBeVisible();

    await name.fill('');
    await name.press('Enter');
    await expect(settings.getByRole('alert')).toHaveText('Enter a name. An empty name is not sent to the amp.');
    await name.blur();
    await expect(name).toHaveValue('');
    await expect(name).toHaveAttribute('aria-invalid', 'true');

    const long = 'Left main hang, bottom two boxes!'; // 33 characters: one more than the amp keeps
    await name.fill(long);
    await name.press('Enter');
    await expect(name).toHaveValue(long);
    await expect(settings.getByText('33/32')).toBeVisible();
    await expect(settings.getByRole('alert')).toContainText('At most 32 characters.');

    await page.waitForTimeout(1000);
    expect(await AMP.read(`${CH1}/output/name`)).toBe(before);
    await expect(page.getByRole('heading', { name: `Channel 1: ${String(before)}`, level: 2 })).toBeVisible();
    // Escape brings back the amp's name
    await name.press('Escape');
    await expect(name).toHaveValue(String(before));
  });

  test('Smart Power Bridge asks before enabling and can be switched off again', async ({ page }) => {
    const url = `${CH1}/output/super8`;
    await setAmpValue(SAFETY_BASE, 0, url, false);
    try {
      await openAmp(page);
      const output = section(await channel1(page, 'Settings'), 'Output');
      const dialog = page.getByRole('dialog', { name: 'Enable Smart Power Bridge?' });

      await output.getByRole('button', { name: 'Enable Smart Power Bridge' }).click();
      await expect(dialog).toContainText(`Channel 1 (Channel 1) on ${await ampName()}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await page.waitForTimeout(1000);
      expect(await AMP.read(url)).toBe(false);

      await output.getByRole('button', { name: 'Enable Smart Power Bridge' }).click();
      await dialog.getByRole('button', { name: 'Enable', exact: true }).click();
      await expectOnAmp(AMP, url, true);
      await expect(output.getByText('Smart Power Bridge enabled')).toBeVisible();

      await output.getByRole('button', { name: 'Disable Smart Power Bridge' }).click();
      await expectOnAmp(AMP, url, false);
      await expect(output.getByRole('button', { name: 'Enable Smart Power Bridge' })).toBeVisible();
    } finally {
      await setAmpValue(SAFETY_BASE, 0, url, false);
    }
  });

  test('Page Down and Page Up move a fader 1 dB', async ({ page }) => {
    const url = `${CH1}/inputSelector/primaryFader`;
    await setAmpValue(SAFETY_BASE, 0, url, -10);
    await openAmp(page);
    const fader = section(await channel1(page, 'Inputs'), 'Primary').getByRole('slider', { name: 'Primary fader' });
    await expect(fader).toHaveAttribute('aria-valuenow', '-10');
    await fader.focus();
    await fader.press('PageDown');
    await expectOnAmp(AMP, url, -11);
    await fader.press('PageUp');
    await fader.press('PageUp');
    await expectOnAmp(AMP, url, -9);
  });
});
