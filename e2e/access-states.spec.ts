/**
 * Issue 18, access states that reach the user, in Chromium against emulated CDS-508s of our own (the flows write):
 * a guest on a password-protected amp sees a banner saying why nothing can be changed, and its Sign in brings them
 * back to the same page able to write; an amp locked with a UAC key whose role reads the power settings and writes
 * gain and mute shows its pages (not "locked by UAC"), the read-only values disabled with a padlock naming the UAC
 * role, and the fader writable. Every write is read back from the amp over its line API.
 */
import { expect, test, type Page } from '@playwright/test';
import { channel, enterValue, expectOnAmp, lineApiAmp, openTab } from './channel-flow';
import { ampUrl, nth } from './fleet';
import { ampValue, waitForFleet } from './helpers';
import { useOwnFleet } from './own-fleet';

/** Addresses of our own, away from the shared fleets and the other flows' fleets. */
const GUEST_BASE = process.env.RACKSIDE_E2E_GUEST_BASE ?? '127.0.76.1';
const UAC_BASE = process.env.RACKSIDE_E2E_UAC_BASE ?? '127.0.79.1';
const PASSWORD = 'Gu3st!pw';
/** amp-sim names amps by position: the first is Main Left. */
const NAME = 'Main Left';
const FADER = '/amp/channels/1/output/fader';

useOwnFleet(GUEST_BASE, ['CDS-508'], { password: PASSWORD });
useOwnFleet(UAC_BASE, ['CDS-508'], { uacKey: 'rack-42' });

/** Opens the amp from the list; its channel view comes up on channel 1. */
async function openAmp(page: Page, base: string): Promise<void> {
  await waitForFleet(page, 1);
  await page.getByRole('link', { name: NAME, exact: true }).click();
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  const ip = nth(base, 0).replaceAll('.', '\\.');
  await expect(page).toHaveURL(new RegExp(`/amps/${ip}/channels/1/`));
}

/** A fader value other than the amp's (whole dB, within -20…0). */
async function otherFader(base: string): Promise<number> {
  const now = await ampValue(base, 0, FADER);
  return now === -6 ? -9 : -6;
}

test('a guest is told why nothing can be changed, and Sign in returns to the same page able to write', async ({
  page,
}) => {
  await page.goto(ampUrl(GUEST_BASE));
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await openAmp(page, GUEST_BASE);
  const settings = await openTab(page, 'Settings');
  const where = page.url();

  const banner = page.getByRole('status').filter({ hasText: 'You are viewing this amp as a guest' });
  await expect(banner).toBeVisible();
  const ch1 = channel(settings, 1);
  await expect(ch1.getByRole('slider', { name: 'Fader' })).toBeDisabled();
  await expect(ch1.getByRole('img', { name: 'Read-only: sign in to change it' }).first()).toBeVisible();

  await banner.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(where);
  await expect(banner).toHaveCount(0);
  await expect(ch1.getByRole('img', { name: /^Read-only/ })).toHaveCount(0);

  const value = await otherFader(GUEST_BASE);
  await enterValue(page, ch1, 'Fader', String(value));
  await expectOnAmp(lineApiAmp(GUEST_BASE, 0), FADER, value);
});

test('a UAC role that reads the power settings shows them disabled with a padlock and its reason; gain stays writable', async ({
  page,
}) => {
  await page.goto(ampUrl(UAC_BASE));
  await openAmp(page, UAC_BASE);
  await expect(page.getByText('This page is locked by UAC on this amp.')).toHaveCount(0);

  // the role writes gain and mute: the fader works, signed with the amp's UAC key, read back from the amp
  const settings = await openTab(page, 'Settings');
  const ch1 = channel(settings, 1);
  await expect(ch1.getByRole('slider', { name: 'Fader' })).toBeEnabled();
  const value = await otherFader(UAC_BASE);
  await enterValue(page, ch1, 'Fader', String(value));
  await expectOnAmp(lineApiAmp(UAC_BASE, 0), FADER, value);
  // a field the role does not name is locked: the padlock with the spec's words in place of the control
  await expect(ch1.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
  await expect(ch1.getByRole('img', { name: 'This field is locked by UAC or speaker tunings' }).first()).toBeVisible();

  // the power settings are read-only for the role: shown with their value, disabled, the padlock naming the role
  await page.goto(`${ampUrl(UAC_BASE)}/amps/${nth(UAC_BASE, 0)}/power`);
  const auto = page.getByRole('switch', { name: 'Auto-standby', exact: true });
  await expect(auto).toBeDisabled();
  await expect(auto).toBeChecked({
    checked: (await ampValue(UAC_BASE, 0, '/amp/autoStandby/enable')) === true,
  });
  const padlocks = page.getByRole('img', { name: 'Read-only for your UAC role' });
  await expect(padlocks.first()).toBeVisible();
  expect(await padlocks.count()).toBeGreaterThanOrEqual(3);
  // the reason is reachable by keyboard too: focusing the padlock shows its tooltip
  await padlocks.first().locator('xpath=..').focus();
  await expect(page.getByRole('tooltip', { name: 'Read-only for your UAC role' })).toBeVisible();
});
