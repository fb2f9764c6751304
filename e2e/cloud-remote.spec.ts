/**
 * Remote control of an amp through the cloud (issue 13), end to end on the full demo (`npm start`, scripts/start.ts:
 * the cloud service, the emulated fleet with its cloud agents, the seeded demo account). The demo account opens an
 * online amp of its venue and gets the local console's amp detail, talking to the amp through the cloud's relay
 * (browser → cloud → MQTT broker → the amp's cloud agent): a change on every channel tab, the power page, mute all,
 * the cloud-only limits (no GPIO), and a network outage of the amp the session recovers from. Every change is read
 * back from the amp itself over its own line API, never from the page, and put back at the end.
 *
 * The demo runs as a child process of its own (its cloud port, broker port, amp addresses and state), away from the
 * shared fleets (127.0.7.x, 127.0.8.x), the shared cloud (8095) and the other cloud flows' fleets (127.0.50.x,
 * 127.0.51.x). RACKSIDE_WEB_DIST serves another build of the console, as for the other flows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_VENUES, cloudClient, demoVenueOf } from '@rackside/cloud/demo';
import { parseTransferFile } from '@rackside/protocol';
import {
  MUTES,
  ampMutes,
  changeEveryChannelTab,
  channel,
  expectOnAmp,
  lineApiAmp,
  muteAllFromChannelView,
} from './channel-flow';
import { signIn } from './cloud-helpers';
import { ampValue, fault } from './helpers';

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = process.env.RACKSIDE_WEB_DIST ?? join(root, 'packages/web/dist');
const PORT = Number(process.env.RACKSIDE_E2E_REMOTE_PORT ?? 8097);
const CLOUD = `http://127.0.0.1:${PORT}`;
const FLEET_BASE = process.env.RACKSIDE_E2E_REMOTE_BASE ?? '127.0.61.1';

/**
 * The demo fleet is amp-sim's default fleet (DEFAULT_FLEET_MODELS, names by position): only its CDS-508, Delay Tower
 * (the 5th of 6), has advanced DSP and so all 8 channel tabs (Input EQ too). The seed puts the last third of the fleet
 * in the second venue, so Delay Tower is in 'Second Stage', not 'Demo Venue'.
 */
const FLEET_SIZE = 6;
const AMP = 4;
const NAME = 'Delay Tower';
const VENUE = DEMO_VENUES[demoVenueOf(AMP, FLEET_SIZE, DEMO_VENUES.length)] ?? '';
const amp = lineApiAmp(FLEET_BASE, AMP);

test.use({ baseURL: CLOUD });
test.describe.configure({ mode: 'serial' });

let demo: ChildProcess | undefined;
let fleetData = '';
/** The demo's last output lines, to explain a demo that did not come up. */
const output: string[] = [];

/** Starts `npm start`'s demo on our own ports and addresses; resolves once it says it is ready. */
function startDemo(): Promise<void> {
  fleetData = mkdtempSync(join(tmpdir(), 'rackside-remote-fleet-'));
  const child = (demo = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development', // the dev outbox the seed confirms the demo account through
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: CLOUD,
      MQTT_PORT: '0',
      DATA_DIR: ':memory:',
      FLEET_BASE,
      FLEET_DATA: fleetData,
      WEB_ROOT: webRoot,
      LOG_LEVEL: 'warn',
    },
  }));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo was not ready in 90 s:\n${output.join('\n')}`)), 90_000);
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        output.push(line);
        if (output.length > 80) output.shift();
        if (line.includes('Rackside demo ready')) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the demo exited (${code ?? signal}) before it was ready:\n${output.join('\n')}`));
    });
  });
}

/** Stops the demo (SIGTERM: it closes the fleet, then the cloud) and waits for it to exit. */
async function stopDemo(): Promise<void> {
  const child = demo;
  demo = undefined;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killed);
  }
  if (fleetData) rmSync(fleetData, { recursive: true, force: true });
}

/** The demo account's view of the cloud API. */
const api = cloudClient(`${CLOUD}/api`);
let venueId = '';
let deviceId = '';

/** The amp's detail page under its venue: /venues/{venueId}/amps/{deviceId}/{page}. */
const detailPath = (page: string) => `/venues/${venueId}/amps/${deviceId}/${page}`;

/** The cloud shows the amp connected (POST /venues/{id}/devices/attributes). */
async function onlineInCloud(): Promise<boolean> {
  const devices = await api.deviceAttributes(venueId);
  return devices.find((d) => d.deviceId === deviceId)?.deviceAttributes.connected === true;
}

/** The amp's card in the venue's amp list. */
const ampCard = (page: Page): Locator =>
  page
    .getByRole('list', { name: 'Amps' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: NAME, exact: true }) });

/** The amp detail's header (its h1 and its Amp menu button), not the venue card's. */
const detailHeader = (page: Page): Locator =>
  page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: NAME, level: 1 }) })
    .filter({ has: page.getByRole('button', { name: 'Amp menu' }) })
    .last();

/** Opens one of the amp's pages by its address (a reload: a new relay session) and waits for the amp's detail. */
async function openDetail(page: Page, sub: string): Promise<void> {
  await page.goto(detailPath(sub));
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible({ timeout: 20_000 });
}

let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  await startDemo();
  await api.signIn(DEMO_EMAIL, DEMO_PASSWORD);
  venueId = (await api.venues()).find((v) => v.name === VENUE)?.venueId ?? '';
  expect(venueId, `the demo's venue '${VENUE}'`).not.toBe('');
  deviceId = String(await ampValue(FLEET_BASE, AMP, '/cloud/deviceId'));
  expect(await api.venueDevices(venueId)).toContainEqual(expect.objectContaining({ deviceId }));
  page = await browser.newPage({ baseURL: CLOUD, viewport: { width: 1280, height: 800 } });
});

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus) {
    const path = testInfo.outputPath('failure.png');
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach('failure', { path, contentType: 'image/png' });
  }
});

test.afterAll(async () => {
  await page?.close();
  await stopDemo();
});

test.describe('remote control of an amp through the cloud (issue 13)', () => {
  test("the demo account opens an online amp of its venue from the amp's card", async () => {
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.getByRole('listitem').filter({ hasText: VENUE }).getByRole('link', { name: VENUE }).click();
    await expect(page.getByRole('heading', { name: VENUE, level: 1 })).toBeVisible();
    await expect(ampCard(page)).toContainText('Online', { timeout: 15_000 });
    await ampCard(page).getByRole('link', { name: NAME, exact: true }).click();
    await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/venues/${venueId}/amps/${deviceId}/channels/1/inputs$`));
    // the local console's channel view, every tab of an advanced-DSP amp
    await expect(page.getByRole('tab')).toHaveText([
      'Inputs',
      'Settings',
      'Signal generator',
      'Input EQ',
      'Crossover',
      'Equalizer',
      'Limiter',
      'Load monitor',
    ]);
  });

  test('a change on every channel tab reaches the amp through the relay', async () => {
    test.slow(); // eight tabs, each with a round trip through the cloud to the amp
    await openDetail(page, 'channels/1/inputs');
    await changeEveryChannelTab(page, amp);
  });

  test('power supply: a change reaches the amp; network read-only and no GPIO in cloud mode', async () => {
    const saved = await amp.remember(['/amp/autoStandby/enable', '/amp/autoStandby/timeToWait']);
    const enabledBefore = saved.values.get('/amp/autoStandby/enable') === true;
    try {
      await openDetail(page, 'channels/1/inputs');
      await detailHeader(page).getByRole('button', { name: 'Amp menu' }).click();
      await page.getByRole('menuitem', { name: 'Power supply' }).click();
      await expect(page).toHaveURL(new RegExp(`${detailPath('power')}$`));
      await expect(page.getByRole('heading', { name: 'Power supply', level: 2 })).toBeVisible();
      await expect(page.getByRole('row', { name: /^AC voltage \d+\.\d V$/ })).toBeVisible();
      const enable = page.getByRole('switch', { name: 'Auto-standby' });
      await expect(enable).toBeChecked({ checked: enabledBefore });
      await enable.click();
      await expectOnAmp(amp, '/amp/autoStandby/enable', !enabledBefore);
      await page.getByRole('button', { name: 'Edit Time to wait' }).click();
      await page.getByRole('spinbutton', { name: 'New value' }).fill('45');
      await page.getByRole('spinbutton', { name: 'New value' }).press('Enter');
      await expectOnAmp(amp, '/amp/autoStandby/timeToWait', 45);
    } finally {
      await saved.restore();
    }

    // the network page is read-only through the cloud
    await detailHeader(page).getByRole('button', { name: 'Amp menu' }).click();
    await page.getByRole('menuitem', { name: 'Network' }).click();
    await expect(page).toHaveURL(new RegExp(`${detailPath('network')}$`));
    await expect(page.getByText('Network settings cannot be changed in cloud mode.')).toBeVisible();

    // spec 2 §6: GPIO only when the console runs on the amp's network (the CDS-508 has GPIO: local mode shows it)
    await openDetail(page, 'advanced');
    await expect(page.getByRole('heading', { name: 'Advanced', level: 2 })).toBeVisible();
    await expect(
      page.getByText("GPIO settings are available only when the console runs on the amp's network."),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'GPIO' })).toHaveCount(0);
    // no port fields either (the venue panel's Sort by select is the page's only combobox)
    await expect(page.getByRole('combobox', { name: /^(Mode|Behavior|Polarity)$/ })).toHaveCount(0);
  });

  test("mute all from the channel view, and from the venue's amp card, reaches every channel", async () => {
    await openDetail(page, 'channels/1/inputs');
    await muteAllFromChannelView(page, amp);

    // the venue's card offers mute all too (spec 2 §2 card actions, in cloud mode)
    const saved = await amp.remember(MUTES);
    try {
      const card = ampCard(page);
      await expect(card).toContainText('Online');
      const mute = card.getByRole('button', { name: /^Mute all channels/ });
      await expect(mute, 'the venue card has a Mute all button').toBeVisible();
      await expect(mute).toHaveAccessibleName('Mute all channels (0 of 8 muted)');
      await mute.click();
      await expect.poll(() => ampMutes(amp), { timeout: 5000 }).toEqual(MUTES.map(() => true));
      const unmute = card.getByRole('button', { name: 'Unmute all channels (8 of 8 muted)' });
      await expect(unmute).toBeVisible();
      await unmute.click();
      await expect.poll(() => ampMutes(amp), { timeout: 5000 }).toEqual(MUTES.map(() => false));
      await expect(card.getByRole('button', { name: 'Mute all channels (0 of 8 muted)' })).toBeVisible();
    } finally {
      await saved.restore();
    }
  });

  test('Import/Export through the relay (issue 17): the export holds the amp’s values, an edited file imports and reads back from the amp', async () => {
    const url = '/amp/channels/1/output/name';
    const saved = await amp.remember([url]);
    const dir = mkdtempSync(join(tmpdir(), 'rackside-remote-transfer-'));
    try {
      await openDetail(page, 'channels/1/inputs');
      await detailHeader(page).getByRole('button', { name: 'Amp menu' }).click();
      await page.getByRole('menuitem', { name: 'Import/Export' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import/Export' });
      const exporting = dialog.getByRole('region', { name: 'Export' });
      await expect(exporting).toBeVisible({ timeout: 20_000 });
      await exporting.getByRole('button', { name: 'Export', exact: true }).click();
      const downloading = page.waitForEvent('download');
      await exporting.getByRole('link', { name: /^Download / }).click();
      const path = join(dir, 'remote.json');
      await (await downloading).saveAs(path);
      const parsed = parseTransferFile(readFileSync(path, 'utf8'));
      if (!parsed.ok) throw new Error(`the export does not parse: ${parsed.message}`);
      const file = parsed.file;
      expect(Object.keys(file.channels)).toHaveLength(8);
      const output = (file.channels['1'] as { output: { name: string } }).output;
      expect(output.name).toBe(saved.values.get(url));

      output.name = 'Remote Import';
      writeFileSync(path, JSON.stringify(file));
      const importing = dialog.getByRole('region', { name: 'Import' });
      await dialog.getByTestId('transfer-file-input').setInputFiles(path);
      await importing.getByRole('checkbox', { name: 'Network' }).uncheck();
      await importing.getByRole('checkbox', { name: 'Amp', exact: true }).uncheck();
      const preview = dialog.getByRole('region', { name: 'What will change' });
      await expect(
        preview.getByRole('list', { name: 'Channel 1' }).getByRole('listitem').filter({ hasText: 'output/name' }),
      ).toContainText('→ "Remote Import"');
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(dialog.getByText('Import Succeeded!')).toBeVisible({ timeout: 30_000 });
      await expectOnAmp(amp, url, 'Remote Import');
      await dialog.getByRole('button', { name: 'Close' }).click();
    } finally {
      await saved.restore();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the session survives the amp losing its network: Reconnect, then changes reach the amp again', async () => {
    test.slow(); // the outage, the amp's way back to the broker, a new relay session
    const mute = '/amp/channels/1/output/mute';
    const saved = await amp.remember([mute]);
    try {
      await openDetail(page, 'channels/1/inputs');
      const muteSwitch = channel(page.getByRole('tabpanel', { name: 'Inputs' }), 1).getByRole('switch', {
        name: 'Mute',
      });
      await expect(muteSwitch).toBeEnabled();

      await fault(FLEET_BASE, AMP, { type: 'unplugNetwork', seconds: 8 });
      const notice = page.getByRole('alert').filter({ hasText: 'Amplifier connection has closed' });
      await expect(notice).toBeVisible({ timeout: 15_000 });
      await expect(notice.getByRole('button', { name: 'Reconnect' })).toBeVisible();

      // the amp is back on its network, then back in the cloud, and its card says so
      await expect
        .poll(
          () =>
            ampValue(FLEET_BASE, AMP, mute).then(
              () => true,
              () => false,
            ),
          { timeout: 30_000 },
        )
        .toBe(true);
      await expect.poll(onlineInCloud, { timeout: 30_000 }).toBe(true);
      await expect(ampCard(page)).toContainText('Online', { timeout: 15_000 });

      const shown = await notice.isVisible();
      if (shown) await notice.getByRole('button', { name: 'Reconnect' }).click();
      test.info().annotations.push({
        type: 'reconnect',
        description: shown ? 'clicked Reconnect' : 'the notice had closed by then (it hides after 5 s)',
      });
      await expect(notice).toBeHidden({ timeout: 20_000 });
      await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();

      // a change through the page reaches the amp again
      const muted = saved.values.get(mute) === true;
      await expect(muteSwitch).toBeEnabled({ timeout: 20_000 });
      // a click, then the switch's state (setChecked reads it once, at once: on a loaded machine the relay's answer
      // can come after that read, and the switch then turns a moment later)
      await muteSwitch.click();
      await expect(muteSwitch).toBeChecked({ checked: !muted });
      await expectOnAmp(amp, mute, !muted);
    } finally {
      await saved.restore();
    }
  });
});
