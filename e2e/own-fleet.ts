/**
 * A fleet of a flow's own: emulated amps on loopback addresses away from the shared fleets (fleet.ts), for the flows
 * that change their amps for good (imports, locks, resets), with a scratch folder for downloads and edited files.
 * Call `useOwnFleet` at the top of a spec: the fleet starts before its tests and stops after them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { startFleet, type Fleet } from '@rackside/amp-sim';
import { HTTP_PORT } from './fleet';

const webRoot = process.env.RACKSIDE_WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist', import.meta.url));

/** What a spec reads of its fleet once its tests run. */
export interface OwnFleet {
  /** The running fleet (undefined before beforeAll). */
  readonly fleet: () => Fleet | undefined;
  /** The scratch folder (files written by the spec, downloads). */
  readonly dir: () => string;
}

/** Starts `models.length` amps at `base` (amp-sim names them by position) for this spec's tests. */
export function useOwnFleet(
  base: string,
  models: readonly string[],
  options: { password?: string; uacKey?: string; touchPanels?: number; cloudAgent?: boolean } = {},
): OwnFleet {
  let fleet: Fleet | undefined;
  let dir = '';
  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rackside-flow-'));
    fleet = await startFleet({
      amps: models.length,
      models: [...models],
      base,
      httpPort: HTTP_PORT,
      faults: [],
      touchPanels: options.touchPanels ?? 0,
      webRoot,
      // the cloud flows' amps join a venue through their cloud agent; the others stay off the cloud
      cloudAgent: options.cloudAgent ?? false,
      ...(options.password ? { password: options.password } : {}),
      ...(options.uacKey ? { uacKey: options.uacKey } : {}),
    });
  });
  test.afterAll(async () => {
    await fleet?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return { fleet: () => fleet, dir: () => dir };
}
