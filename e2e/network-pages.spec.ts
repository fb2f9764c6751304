/**
 * The amp's network, 802.1X, power supply and connect-to-account pages against the emulated fleets (spec 2 §2, §4,
 * §5, §7; spec 1 §4): every change is read back from the amp itself, every refused input leaves the amp unchanged,
 * and each flow puts back what it changed. Changing an emulated amp's ethernet address does not move the address it
 * listens on, but the flows still only touch harmless fields (Wi-Fi SSID, auto-standby, /cloud).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { OPEN_AMPS, OPEN_BASE, PROTECTED_AMPS, PROTECTED_BASE, ampUrl, nth } from './fleet';
import { card, waitForFleet, withDevice } from './helpers';

/** Open fleet indexes (fleet.ts): 354N with Wi-Fi, 1504, 124D (no 802.1X), CDS-508 (802.1X), 352N_G (no Wi-Fi). */
const WIFI_AMP = OPEN_AMPS.findIndex((a) => a.model === '354N');
const POWER_AMP = OPEN_AMPS.findIndex((a) => a.model === '1504');
const CONNECT_AMP = OPEN_AMPS.findIndex((a) => a.model === '124D');
const DOT1X_AMP = OPEN_AMPS.findIndex((a) => a.model === 'CDS-508');
const NO_WIFI_AMP = OPEN_AMPS.findIndex((a) => a.model === '352N_G');

const pagePath = (index: number, page: string) => `/amps/${nth(OPEN_BASE, index)}/${page}`;

/** Reads a subtree from the amp over its device API (never from the page). */
const read = (index: number, url: string) =>
  withDevice(OPEN_BASE, index, (c) => c.get(url)) as Promise<Record<string, unknown>>;
const write = (index: number, url: string, params: Record<string, unknown>) =>
  withDevice(OPEN_BASE, index, (c) => c.set(url, params));

async function openPage(page: Page, index: number, name: string, heading: string): Promise<void> {
  await page.goto(pagePath(index, name));
  await expect(page.getByRole('heading', { name: OPEN_AMPS[index]?.name ?? '', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
}

test.describe('network page', () => {
  test('a Wi-Fi SSID change reaches the amp with Save; Reset and Save show only after a change', async ({ page }) => {
    const before = await read(WIFI_AMP, '/network/wifi');
    try {
      await openPage(page, WIFI_AMP, 'network', 'Network');
      const wifi = page.getByRole('region', { name: 'Wi-Fi' });
      const ssid = wifi.getByRole('textbox', { name: 'SSID' });
      await expect(ssid).toHaveValue(String(before.ssid));
      await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
      await ssid.fill('Rackside e2e');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
      await expect.poll(async () => (await read(WIFI_AMP, '/network/wifi')).ssid).toBe('Rackside e2e');
      // the rest of the Wi-Fi settings went back unchanged
      const after = await read(WIFI_AMP, '/network/wifi');
      expect({ ...after, ssid: before.ssid }).toEqual(before);
    } finally {
      await write(WIFI_AMP, '/network/wifi', { ssid: before.ssid });
    }
  });

  test('an invalid CIDR shows the message and leaves the amp unchanged', async ({ page }) => {
    const before = await read(WIFI_AMP, '/network/ethernet');
    await openPage(page, WIFI_AMP, 'network', 'Network');
    const ethernet = page.getByRole('region', { name: 'Ethernet' });
    await expect(ethernet.getByRole('textbox', { name: 'IP address' })).toHaveValue(`${nth(OPEN_BASE, WIFI_AMP)}/24`);
    await ethernet.getByRole('switch', { name: 'DHCP' }).click();
    await ethernet.getByRole('textbox', { name: 'IP address' }).fill(`${nth(OPEN_BASE, WIFI_AMP)}/40`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText('Nothing was saved: correct the marked fields.');
    await expect(ethernet.getByText('Not a valid IP address or CIDR, e.g. 192.168.1.20/24')).toBeVisible();
    // give a stray write time to arrive before reading back
    await page.waitForTimeout(500);
    expect(await read(WIFI_AMP, '/network/ethernet')).toEqual(before);
  });

  test('an AP password under 8 characters shows the hint and is not written', async ({ page }) => {
    const before = await read(WIFI_AMP, '/network/apConfig');
    await openPage(page, WIFI_AMP, 'network', 'Network');
    const ap = page.getByRole('region', { name: 'Access point' });
    await expect(ap.getByText('At least 8 characters')).toBeVisible();
    await ap.getByLabel('Access point password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(ap.getByText('The access point password needs at least 8 characters')).toBeVisible();
    await page.waitForTimeout(500);
    expect(await read(WIFI_AMP, '/network/apConfig')).toEqual(before);
  });

  test('has no Wi-Fi section on an N_G model', async ({ page }) => {
    await openPage(page, NO_WIFI_AMP, 'network', 'Network');
    await expect(page.getByRole('region', { name: 'Ethernet' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Wi-Fi' })).toHaveCount(0);
  });
});

test.describe('802.1X page', () => {
  const OFF = { dot1xEnable: false, dot1xMode: 'Disabled', dot1xIdentity: '', dot1xPassword: '' };
  /** A certificate the amp's PEM check accepts: base64 of a DER SEQUENCE (docs/device-api.md "802.1X files"). */
  const der = Buffer.concat([Buffer.from([0x30, 0x2e]), Buffer.alloc(46, 7)]).toString('base64');
  const PEM = `-----BEGIN CERTIFICATE-----\n${der}\n-----END CERTIFICATE-----\n`;
  const flags = async () => {
    const e = await read(DOT1X_AMP, '/network/ethernet');
    return { uploaded: e.dot1xUploadedCACert, valid: e.dot1xCACertValid };
  };
  const caSlot = (page: Page): Locator => page.getByRole('region', { name: 'CA certificate' });
  const choose = (page: Page, name: string, content: string) =>
    caSlot(page)
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });

  test.afterEach(() => write(DOT1X_AMP, '/network/ethernet', OFF));

  test('is reachable once 802.1X is enabled on the amp', async ({ page }) => {
    await write(DOT1X_AMP, '/network/ethernet', OFF);
    await page.goto(pagePath(DOT1X_AMP, 'dot1x'));
    await expect(page).toHaveURL(new RegExp(`${pagePath(DOT1X_AMP, 'channels').replaceAll('.', '\\.')}`), {
      timeout: 20_000,
    });
    await write(DOT1X_AMP, '/network/ethernet', { dot1xEnable: true });
    await openPage(page, DOT1X_AMP, 'dot1x', '802.1X');
    await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveText('Disabled');
  });

  test("a file of the wrong type or not PEM encoded shows the spec's message; the amp stays unchanged", async ({
    page,
  }) => {
    await write(DOT1X_AMP, '/network/ethernet', { ...OFF, dot1xEnable: true, dot1xMode: 'TTLS', dot1xIdentity: 'e2e' });
    const before = await flags();
    const uploads: string[] = [];
    page.on('request', (r) => r.url().includes('upload.cgi') && uploads.push(r.url()));
    await openPage(page, DOT1X_AMP, 'dot1x', '802.1X');
    await choose(page, 'ca.txt', PEM);
    await expect(caSlot(page).getByRole('alert')).toHaveText('Invalid file type');
    await choose(page, 'ca.pem', 'this is not a certificate');
    await expect(caSlot(page).getByRole('alert')).toHaveText('Files must be PEM encoded');
    await expect(caSlot(page).getByText('No file chosen')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.waitForTimeout(500);
    expect(uploads).toEqual([]);
    expect(await flags()).toEqual(before);
  });

  test('a PEM upload goes Sending → Parsing → Success and the amp reports the CA certificate uploaded and valid', async ({
    page,
  }) => {
    await write(DOT1X_AMP, '/network/ethernet', {
      ...OFF,
      dot1xEnable: true,
      dot1xMode: 'TTLS',
      dot1xIdentity: 'e2e',
      dot1xPassword: 'e2e-secret',
    });
    await openPage(page, DOT1X_AMP, 'dot1x', '802.1X');
    // the password is never shown: asterisks of its length stand for it
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('**********');
    await choose(page, 'root-ca.crt', PEM);
    await expect(caSlot(page).getByText('root-ca.crt')).toBeVisible();

    // hold the upload until 'Sending' has been seen; record every status the slot shows
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/http-multipart-form-data-upload.cgi', async (route) => {
      await held;
      await route.continue();
    });
    const status = caSlot(page).getByRole('status');
    await status.evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { dot1xStatuses: string[] }).dot1xStatuses = seen;
      new MutationObserver(() => {
        const text = el.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(el, { subtree: true, childList: true, characterData: true });
    });

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Save the 802.1X settings?' }).getByRole('button', { name: 'Save' }).click();
    await expect(status).toHaveText('Sending');
    release();
    await expect(status).toHaveText('Success');
    expect(await page.evaluate(() => (window as unknown as { dot1xStatuses: string[] }).dot1xStatuses)).toEqual([
      'Sending',
      'Parsing',
      'Success',
    ]);
    await expect(caSlot(page).getByText('No file chosen')).toBeVisible();
    await expect.poll(flags).toEqual({ uploaded: true, valid: true });
    await expect(caSlot(page).getByText('On the amp: uploaded, valid')).toBeVisible();
    // the form went with it, without the unchanged password
    const ethernet = await read(DOT1X_AMP, '/network/ethernet');
    expect(ethernet).toMatchObject({ dot1xMode: 'TTLS', dot1xIdentity: 'e2e', dot1xPassword: 'e2e-secret' });
  });
});

test('power page: an auto-standby change reaches the amp', async ({ page }) => {
  const before = await read(POWER_AMP, '/amp/autoStandby');
  try {
    await openPage(page, POWER_AMP, 'power', 'Power supply');
    await expect(page.getByRole('row', { name: /^AC voltage \d+\.\d V$/ })).toBeVisible();
    const enable = page.getByRole('switch', { name: 'Auto-standby' });
    await expect(enable).toBeChecked({ checked: before.enable === true });
    await enable.click();
    await expect.poll(async () => (await read(POWER_AMP, '/amp/autoStandby')).enable).toBe(before.enable !== true);
    await page.getByRole('button', { name: 'Edit Time to wait' }).click();
    await page.getByRole('spinbutton', { name: 'New value' }).fill('45');
    await page.getByRole('spinbutton', { name: 'New value' }).press('Enter');
    await expect.poll(async () => (await read(POWER_AMP, '/amp/autoStandby')).timeToWait).toBe(45);
  } finally {
    await write(POWER_AMP, '/amp/autoStandby', { enable: before.enable, timeToWait: before.timeToWait });
  }
});

test('connect page: sends the registration token and the endpoint to /cloud, then waits for the amp', async ({
  page,
}) => {
  try {
    await openPage(page, CONNECT_AMP, 'connect', 'Connect to account');
    // a production build: only the production regions
    await page.getByRole('combobox', { name: 'Region' }).click();
    await expect(page.getByRole('option')).toHaveText(['US production', /^China production/]);
    await page.getByRole('option', { name: 'US production' }).click();
    await page.getByRole('textbox', { name: 'Registration token' }).fill('e2e-token');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('status')).toHaveText('Registering the amp…');
    await expect
      .poll(() => read(CONNECT_AMP, '/cloud'))
      .toMatchObject({
        registrationToken: 'e2e-token',
        registrationEndpoint: 'https://cloud.rackside.example/api/devices/register',
      });
    // no cloud agent runs in this fleet: the amp stays unregistered and the page keeps waiting
    await expect(page.getByText('Cloud status of the amp: Not registered')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Registration token' })).toBeDisabled();
  } finally {
    await write(CONNECT_AMP, '/cloud', { registrationToken: '', registrationEndpoint: '' });
  }
});

test.describe('a guest on a password-protected amp', () => {
  test.use({ baseURL: ampUrl(PROTECTED_BASE) });

  test('sees the network and power pages and can change nothing', async ({ page }) => {
    const name = PROTECTED_AMPS[1]?.name ?? '';
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await waitForFleet(page, PROTECTED_AMPS.length);
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const menu = card(page, name).getByRole('button', { name: 'Amp menu' });
    await menu.click();
    await page.getByRole('menuitem', { name: 'Network' }).click();
    await expect(page.getByText('Sign in to change the network settings.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Wi-Fi' }).getByRole('textbox', { name: 'SSID' })).toBeDisabled();
    await expect(page.getByRole('switch', { disabled: false })).toHaveCount(0);
    await menu.click();
    await page.getByRole('menuitem', { name: 'Power supply' }).click();
    await expect(page.getByText('Sign in to change the power settings.')).toBeVisible();
    await expect(page.getByRole('switch', { disabled: false })).toHaveCount(0);
    await expect(page.getByRole('slider', { disabled: false })).toHaveCount(0);
  });
});
