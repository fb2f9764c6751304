/**
 * End-to-end flows against emulated amps in Debian's Chromium (never a downloaded browser). `npm run test:e2e` builds
 * the console first; the web servers here only start the fleets (fleet-server.ts) and the cloud service
 * (cloud-server.ts, for cloud-*.spec.ts), which serve packages/web/dist.
 */
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CLOUD_URL } from './cloud';
import { HTTP_PORT, OPEN_BASE, ampUrl } from './fleet';

const root = join(import.meta.dirname, '..');
const reportDir = process.env.RACKSIDE_REPORT_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // the README screenshot is a tool, not a test: only `npm run screenshots` runs it
  testIgnore: process.env.RACKSIDE_SCREENSHOTS ? [] : ['screenshot.spec.ts'],
  // the flows share one fleet and some change it (faults, mutes): one at a time
  workers: 1,
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
  webServer: [
    {
      command: 'npx tsx e2e/fleet-server.ts',
      cwd: root,
      url: `http://${OPEN_BASE}:${HTTP_PORT}/host`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npx tsx e2e/cloud-server.ts',
      cwd: root,
      url: `${CLOUD_URL}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
