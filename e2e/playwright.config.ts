/**
 * End-to-end flows against emulated amps in Debian's Chromium (never a downloaded browser). `npm run test:e2e` builds
 * the console first; the web servers here only start the fleets (fleet-server.ts) and the cloud service
 * (cloud-server.ts, for cloud-*.spec.ts), which serve packages/web/dist.
 */
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { cloudUrlOf } from './cloud';
import { HTTP_PORT, OPEN_BASE, WORKERS, ampUrl, openBaseOf } from './fleet';

const root = join(import.meta.dirname, '..');
const reportDir = process.env.RACKSIDE_REPORT_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // the README screenshot is a tool, not a test: only `npm run screenshots` runs it
  testIgnore: process.env.RACKSIDE_SCREENSHOTS ? [] : ['screenshot.spec.ts'],
  // the flows of one file run in order; files run on WORKERS workers, each with shared fleets and a cloud of its own
  // (fleet.ts SLOT: the flows change the shared amps), and the flows with fleets or clouds of their own each on
  // addresses no other file uses
  workers: WORKERS,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: join(root, 'node_modules/.cache/playwright-results'),
  reporter: reportDir ? [['list'], ['json', { outputFile: `${reportDir}/playwright.json` }]] : [['list']],
  use: {
    baseURL: ampUrl(OPEN_BASE),
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
  },
  // this file is loaded again in each worker, where SLOT is the worker's: its baseURL is its own open fleet
  webServer: Array.from({ length: WORKERS }, (_, slot) => [
    {
      command: 'npx tsx e2e/fleet-server.ts',
      cwd: root,
      env: { RACKSIDE_E2E_SLOT: String(slot) },
      url: `http://${openBaseOf(slot)}:${HTTP_PORT}/host`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    {
      command: 'npx tsx e2e/cloud-server.ts',
      cwd: root,
      env: { RACKSIDE_E2E_SLOT: String(slot) },
      url: `${cloudUrlOf(slot)}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
  ]).flat(),
});
