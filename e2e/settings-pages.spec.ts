/**
 * The amp pages of issue 5 part A against the emulated fleets: settings (password, find me, device info, power
 * usage), events and faults, and advanced (GPIO). Every change is read back from the amp itself (over its device API,
 * never from the page), and every flow puts back what it changed: the fleets are shared.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { encryptUsersPayload } from '@rackside/protocol';
import { OPEN_AMPS, OPEN_BASE, PASSWORD, PROTECTED_BASE, ampUrl, nth } from './fleet';
import { fault, seriousViolations, withDevice } from './helpers';

const LOCKED_TEXT = 'This field is locked by UAC or speaker tunings';
const indexOf = (name: string): number => OPEN_AMPS.findIndex((a) => a.name === name);

/** One value of an amp, read over its device API (reads need no password). */
async function readAmp(base: string, index: number, url: string): Promise<unknown> {
  return withDevice(base, index, (c) => c.get(url));
}

/** Polls the amp until `url` reads `expected`. */
async function expectOnAmp(base: string, index: number, url: string, expected: unknown): Promise<void> {
  await expect.poll(() => readAmp(base, index, url), { message: url, timeout: 5000 }).toEqual(expected);
}

/** Opens an amp page directly and waits until it shows. */
async function openPage(page: Page, ip: string, sub: 'settings' | 'events' | 'faults' | 'advanced'): Promise<Locator> {
  await page.goto(`/amps/${ip}/${sub}`);
  const title = { settings: 'Settings', events: 'Events', faults: 'Faults', advanced: 'Advanced' }[sub];
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible({ timeout: 20_000 });
  return page.getByRole('main');
}

async function signIn(page: Page, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to the amp' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/amps$/);
}

test.describe('settings: locator and device info (spec 2 §2, §5)', () => {
  const AMP = indexOf('Front Fill');
  const IP = nth(OPEN_BASE, AMP);
  const EDITED = {
    deviceName: 'E2E Front Fill',
    venueName: 'E2E Hall',
    assetTagNumber: 'TAG-0042',
    installerName: 'Ana Installer',
    installerContactInfo: 'ana@example.com',
    rackName: 'Rack B',
    rackPosition: 'RU 7',
  } as const;
  const LABELS: Record<keyof typeof EDITED, string> = {
    deviceName: 'Device name',
    venueName: 'Venue',
    assetTagNumber: 'Asset tag',
    installerName: 'Installer name',
    installerContactInfo: 'Installer contact',
    rackName: 'Rack name',
    rackPosition: 'Rack position',
  };

  test('each edited field reaches the amp, on Enter or on leaving the field', async ({ page }) => {
    const before = (await readAmp(OPEN_BASE, AMP, '/amp/deviceInfo')) as Record<string, unknown>;
    const original = Object.fromEntries(
      [...Object.keys(EDITED), 'dateOfInstallation'].map((k) => [k, before[k] ?? '']),
    );
    try {
      const main = await openPage(page, IP, 'settings');
      const info = main.getByRole('region', { name: 'Device info' });
      let viaEnter = true;
      for (const [field, value] of Object.entries(EDITED) as [keyof typeof EDITED, string][]) {
        const box = info.getByRole('textbox', { name: LABELS[field], exact: true });
        await box.fill(value);
        if (viaEnter) await box.press('Enter');
        else await box.blur();
        viaEnter = !viaEnter;
        await expectOnAmp(OPEN_BASE, AMP, `/amp/deviceInfo/${field}`, value);
      }
      // the header follows the amp's new name
      await expect(page.getByRole('heading', { name: EDITED.deviceName, level: 1 })).toBeVisible();

      const date = info.getByLabel('Date of installation');
      await date.fill('2025-02-03');
      await date.press('Enter');
      await expectOnAmp(OPEN_BASE, AMP, '/amp/deviceInfo/dateOfInstallation', '2025-02-03T00:00:00.000Z');

      // read-only: what the amp says, and no way to type into it
      const serial = info.getByRole('textbox', { name: 'Serial number' });
      await expect(serial).toHaveValue(String(before.serialNumber));
      await expect(serial).toHaveAttribute('readonly', '');
      await expect(info.getByRole('textbox', { name: 'Model' })).toHaveValue(String(before.modelID));
      await expect(info.getByRole('textbox', { name: 'Channels 3-4 firmware' })).toHaveValue(
        String(before.amp34firmwareVersion),
      );
      await expect(info.getByRole('textbox', { name: 'Channels 5-6 firmware' })).toHaveCount(0);
      await expect(
        main.getByRole('region', { name: 'Power usage' }).getByRole('textbox', { name: 'AC power now' }),
      ).toHaveValue(/^\d+ W$/);
    } finally {
      await withDevice(OPEN_BASE, AMP, (c) => c.set('/amp/deviceInfo', original));
    }
  });

  test('find me flashes the amp with a dialog; Stop clears it', async ({ page }) => {
    try {
      const main = await openPage(page, IP, 'settings');
      const findMe = main.getByRole('switch', { name: 'Find me' });
      await expect(findMe).not.toBeChecked();
      await findMe.click();
      const dialog = page.getByRole('dialog', { name: 'Find me' });
      await expect(dialog).toContainText('is flashing its lights');
      await expectOnAmp(OPEN_BASE, AMP, '/misc/findMe', true);
      await dialog.getByRole('button', { name: 'Stop' }).click();
      await expect(dialog).toBeHidden();
      await expectOnAmp(OPEN_BASE, AMP, '/misc/findMe', false);
      await expect(findMe).not.toBeChecked();
    } finally {
      await withDevice(OPEN_BASE, AMP, (c) => c.set('/misc', { findMe: false }));
    }
  });

  test('a field locked by a speaker tuning shows the padlock in place of its input', async ({ page }) => {
    const mac = String(await readAmp(OPEN_BASE, AMP, '/network/ethernet/mac'));
    const key = 'e2e-settings-key';
    const main = await openPage(page, IP, 'settings');
    const info = main.getByRole('region', { name: 'Device info' });
    await expect(info.getByRole('textbox', { name: 'Rack name' })).toBeEnabled();
    await withDevice(OPEN_BASE, AMP, (c) => c.lock({ mac, key, properties: ['/amp/deviceInfo/rackName'] }));
    try {
      await expect(info.getByRole('img', { name: LOCKED_TEXT })).toBeVisible({ timeout: 5000 });
      await expect(info.getByRole('textbox', { name: 'Rack name' })).toHaveCount(0);
      await expect(info.getByRole('textbox', { name: 'Rack position' })).toBeEnabled();
    } finally {
      await withDevice(OPEN_BASE, AMP, (c) => c.unlock({ mac, password: key }));
    }
    await expect(info.getByRole('textbox', { name: 'Rack name' })).toBeEnabled({ timeout: 5000 });
  });
});

test.describe('settings on a password-protected amp (spec 2 §5, §6, §8)', () => {
  test.use({ baseURL: ampUrl(PROTECTED_BASE) });
  const AMP = 0;
  const IP = nth(PROTECTED_BASE, AMP);

  /** The amp still takes the fleet's password (a `verifyPassword` answered OK). */
  const stillProtectedBy = (password: string) =>
    withDevice(PROTECTED_BASE, AMP, (c) => c.set('/misc', { verifyPassword: password }), password);

  test('a guest sees the settings disabled and sends no write', async ({ page }) => {
    const sent: string[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    const main = await openPage(page, IP, 'settings');
    await expect(main.getByRole('textbox', { name: 'Device name' })).toBeDisabled();
    await expect(main.getByRole('switch', { name: 'Find me' })).toBeDisabled();
    await expect(main.getByLabel('Current password')).toBeDisabled();
    await expect(main.getByRole('button', { name: 'Change password' })).toBeDisabled();
    await main.getByRole('switch', { name: 'Find me' }).click({ force: true });
    expect(await readAmp(PROTECTED_BASE, AMP, '/misc/findMe')).toBe(false);
    expect(sent.filter((frame) => /"method"\s*:\s*"set"/.test(frame))).toEqual([]);
  });

  test('a wrong current password shows InvalidPassword and leaves the amp unchanged', async ({ page }) => {
    await page.goto('/');
    await signIn(page, PASSWORD);
    const main = await openPage(page, IP, 'settings');
    const password = main.getByRole('region', { name: 'Password' });
    await expect(password.getByRole('radio', { name: 'Change password' })).toBeChecked();
    await password.getByLabel('Current password').fill('Wrong1!pw');
    await password.getByLabel('New password').fill('Other1!pw');
    await password.getByLabel('Confirm password').fill('Other1!pw');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('alert')).toContainText('InvalidPassword');
    await expect(page).toHaveURL(new RegExp(`/amps/${IP.replaceAll('.', '\\.')}/settings$`));
    await stillProtectedBy(PASSWORD);
    expect(await readAmp(PROTECTED_BASE, AMP, '/misc/passwordProtected')).toBe(true);
  });

  test('mismatched passwords say "password does not match" and send nothing', async ({ page }) => {
    const sent: string[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
    await page.goto('/');
    await signIn(page, PASSWORD);
    const main = await openPage(page, IP, 'settings');
    const password = main.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill(PASSWORD);
    await password.getByLabel('New password').fill('Other1!pw');
    await password.getByLabel('Confirm password').fill('Other1!px');
    await expect(password.getByText('password does not match')).toBeVisible();
    await expect(password.getByRole('button', { name: 'Change password' })).toBeDisabled();
    await password.getByLabel('Confirm password').press('Enter');
    expect(sent.filter((frame) => frame.includes('"/users"'))).toEqual([]);
    await stillProtectedBy(PASSWORD);
  });
});

test.describe('password: Protect, Change, Remove (spec 2 §4, §7)', () => {
  // the amp serves its own console here: after each step the login page checks the password against it
  const AMP = indexOf('Lobby');
  const IP = nth(OPEN_BASE, AMP);
  const FIRST = 'Lobby1!pw';
  const SECOND = 'Lobby2!pw';
  test.use({ baseURL: ampUrl(OPEN_BASE, AMP) });

  async function passwordSection(page: Page): Promise<Locator> {
    const main = await openPage(page, IP, 'settings');
    return main.getByRole('region', { name: 'Password' });
  }

  test('protects an open amp, changes its password, removes it; each time the user signs in again', async ({
    page,
  }) => {
    try {
      let section = await passwordSection(page);
      await expect(section.getByLabel('Current password')).toHaveCount(0);
      await section.getByLabel('New password').fill(FIRST);
      await section.getByLabel('Confirm password').fill(FIRST);
      await section.getByRole('button', { name: 'Protect' }).click();
      await expect(page).toHaveURL(/\/login$/);
      expect(await readAmp(OPEN_BASE, AMP, '/misc/passwordProtected')).toBe(true);
      await signIn(page, FIRST);

      section = await passwordSection(page);
      await expect(section.getByRole('radio', { name: 'Change password' })).toBeChecked();
      await section.getByLabel('Current password').fill(FIRST);
      await section.getByLabel('New password').fill(SECOND);
      await section.getByLabel('Confirm password').fill(SECOND);
      await section.getByRole('button', { name: 'Change password' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await withDevice(OPEN_BASE, AMP, (c) => c.set('/misc', { verifyPassword: SECOND }), SECOND);
      await signIn(page, SECOND);

      section = await passwordSection(page);
      await section.getByRole('radio', { name: 'Remove password' }).check();
      await expect(section.getByLabel('New password')).toHaveCount(0);
      await section.getByLabel('Current password').fill(SECOND);
      await section.getByRole('button', { name: 'Remove password' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expectOnAmp(OPEN_BASE, AMP, '/misc/passwordProtected', false);
    } finally {
      // whatever step failed, the shared fleet's amp ends open again
      for (const password of [FIRST, SECOND]) {
        if ((await readAmp(OPEN_BASE, AMP, '/misc/passwordProtected')) !== true) break;
        const payload = await encryptUsersPayload({ user: 'admin', oldPassword: password });
        await withDevice(OPEN_BASE, AMP, (c) => c.set('/users', payload), password).catch(() => undefined);
      }
    }
  });
});

test.describe('events and faults (spec 2 §2)', () => {
  const AMP = indexOf('Front Fill');
  const IP = nth(OPEN_BASE, AMP);
  const NAME = OPEN_AMPS[AMP]?.name ?? '';

  async function clearThroughPage(page: Page, main: Locator): Promise<void> {
    await main.getByRole('button', { name: 'Clear' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear the logs?' });
    await expect(dialog).toContainText(NAME);
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await expect(dialog).toBeHidden();
  }

  test('the fault log shows, goes by email and clears on the amp', async ({ page }) => {
    await fault(OPEN_BASE, AMP, { type: 'warning', text: 'e2e settings pages' });
    try {
      await expect
        .poll(() => readAmp(OPEN_BASE, AMP, '/logs/faults'), { timeout: 5000 })
        .toContain('Warning: e2e settings pages');
      const main = await openPage(page, IP, 'faults');
      const log = main.getByRole('list', { name: 'Fault log' });
      await expect(log.getByRole('listitem').first()).toBeVisible();
      await expect(log).toContainText('Warning: e2e settings pages');
      const href = (await main.getByRole('link', { name: 'Email' }).getAttribute('href')) ?? '';
      const mail = new URL(href);
      expect(mail.protocol).toBe('mailto:');
      expect(mail.searchParams.get('subject')).toBe(`Faults of ${NAME} (${IP})`);
      expect(mail.searchParams.get('body')).toContain('Warning: e2e settings pages');

      await clearThroughPage(page, main);
      await expectOnAmp(OPEN_BASE, AMP, '/logs/faults', '');
      await expect(main.getByText('The fault log is empty.')).toBeVisible();
    } finally {
      await fault(OPEN_BASE, AMP);
    }
  });

  test('the event log clears on the amp', async ({ page }) => {
    await fault(OPEN_BASE, AMP, { type: 'dropInput', input: 'analog', n: 1 });
    try {
      await expect
        .poll(() => readAmp(OPEN_BASE, AMP, '/logs/events'), { timeout: 5000 })
        .toContain('input signal lost');
      const main = await openPage(page, IP, 'events');
      await expect(main.getByRole('list', { name: 'Event log' })).toContainText('input signal lost');
      await clearThroughPage(page, main);
      await expectOnAmp(OPEN_BASE, AMP, '/logs/events', '');
      await expect(main.getByText('The event log is empty.')).toBeVisible();
    } finally {
      await fault(OPEN_BASE, AMP);
    }
  });
});

test.describe('advanced: GPIO (spec 2 §2, §3)', () => {
  const AMP = OPEN_AMPS.findIndex((a) => a.model === '1504');
  const IP = nth(OPEN_BASE, AMP);

  test('each port field reaches a GPIO model', async ({ page }) => {
    const original = await readAmp(OPEN_BASE, AMP, '/GPIO/1');
    try {
      const main = await openPage(page, IP, 'advanced');
      const port = main.getByRole('region', { name: 'Port 1' });
      const choose = async (field: string, option: string) => {
        await port.getByRole('combobox', { name: field }).click();
        await page.getByRole('option', { name: option, exact: true }).click();
      };
      await choose('Mode', 'Input: remote volume control');
      await expectOnAmp(OPEN_BASE, AMP, '/GPIO/1/mode', 'Input-OutputFaderOverride');
      await choose('Behavior', 'Standby');
      await expectOnAmp(OPEN_BASE, AMP, '/GPIO/1/behavior', 'Standby');
      await choose('Polarity', 'Normally closed');
      await expectOnAmp(OPEN_BASE, AMP, '/GPIO/1/polarity', 'Normally Closed');
      await choose('Mode', 'Input: manual override');
      await expectOnAmp(OPEN_BASE, AMP, '/GPIO/1/mode', 'Input-ManualOverride');
      await expect(main.getByText(/input modes on the Inputs tab are disabled/)).toBeVisible();
    } finally {
      await withDevice(OPEN_BASE, AMP, (c) => c.set('/GPIO/1', original));
    }
  });

  test('a model without GPIO has no GPIO section', async ({ page }) => {
    const main = await openPage(page, nth(OPEN_BASE, indexOf('Front Fill')), 'advanced');
    await expect(main.getByText('This amp has no advanced settings.')).toBeVisible();
    await expect(main.getByRole('region', { name: 'GPIO' })).toHaveCount(0);
    await expect(main.getByRole('combobox', { name: 'Mode' })).toHaveCount(0);
  });
});

test.describe('the pages in light and dark, wide and narrow (issue 5 "done when")', () => {
  const PAGES = [
    ['settings', 'Front Fill'],
    ['faults', 'Front Fill'],
    ['events', 'Front Fill'],
    ['advanced', 'Subwoofers'],
  ] as const;
  for (const dark of [false, true])
    for (const width of [1280, 390])
      test(`${dark ? 'dark' : 'light'}, ${width} px: no serious accessibility violations, nothing wider than the screen`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        // the preference the Preferences page stores, set before the console loads
        if (dark) await page.addInitScript(() => window.localStorage.setItem('DARK_MODE', 'true'));
        for (const [sub, name] of PAGES) {
          await openPage(page, nth(OPEN_BASE, indexOf(name)), sub);
          expect(await seriousViolations(page), `${sub}`).toEqual([]);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${sub} overflows by ${overflow} px`).toBeLessThanOrEqual(0);
        }
      });
});
