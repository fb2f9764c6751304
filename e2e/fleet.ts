/**
 * The emulated amps the end-to-end flows run against (started by fleet-server.ts): an open fleet of six amps and a
 * password-protected fleet of three, each amp on its own loopback address with the device API on 1234 and HTTP
 * (the built console, GET /host, fault control) on 8080. Override the bases when those addresses are taken. Each
 * parallel worker has its own pair (the flows change the shared amps: faults, mutes, names).
 */

/** Parallel Playwright workers (RACKSIDE_E2E_WORKERS, default 2): each has shared fleets and a cloud of its own. */
export const WORKERS = Math.max(1, Number(process.env.RACKSIDE_E2E_WORKERS ?? 2) || 1);
/**
 * Which worker's fleets and cloud this process uses: a Playwright worker's TEST_PARALLEL_INDEX (0 … WORKERS − 1),
 * the slot a server was started for (RACKSIDE_E2E_SLOT, set by the config), or 0 (the config itself).
 */
export const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? process.env.RACKSIDE_E2E_SLOT ?? 0);

/** A base address moved `by` on its third part: 127.0.7.1 moved 100 → 127.0.107.1 (slot 1's open fleet). */
export function movedBase(base: string, by: number): string {
  const parts = base.split('.').map(Number);
  return [parts[0], parts[1], (parts[2] ?? 0) + by, parts[3]].join('.');
}

/**
 * Slot s has its open fleet at 127.0.(7 + 100s).1 and its protected fleet at 127.0.(8 + 100s).1, away from the
 * other flows' fleets (127.0.50.x to 127.0.88.x) and the benchmarks' and unit tests' addresses.
 */
export const openBaseOf = (slot: number): string => movedBase(process.env.RACKSIDE_E2E_BASE ?? '127.0.7.1', 100 * slot);
export const protectedBaseOf = (slot: number): string =>
  movedBase(process.env.RACKSIDE_E2E_PROTECTED_BASE ?? '127.0.8.1', 100 * slot);
export const OPEN_BASE = openBaseOf(SLOT);
export const PROTECTED_BASE = protectedBaseOf(SLOT);
export const DEVICE_PORT = 1234;
export const HTTP_PORT = 8080;
export const PASSWORD = 'S3cret!pw';

/** The open fleet, in address order (amp-sim's default models and names). */
export const OPEN_AMPS = [
  { name: 'Main Left', model: '704D' },
  { name: 'Main Right', model: '354N' },
  { name: 'Subwoofers', model: '1504' },
  { name: 'Front Fill', model: '124D' },
  { name: 'Delay Tower', model: 'CDS-508' },
  { name: 'Lobby', model: '352N_G' },
] as const;
export const PROTECTED_AMPS = [
  { name: 'Main Left', model: '704D' },
  { name: 'Main Right', model: '354N' },
  // every channel tab, Input EQ included, for the guest flows (amp-sim names amps by position)
  { name: 'Subwoofers', model: 'CDS-508' },
] as const;

/** The n-th address after a base (0-based): 127.0.7.1 + 2 → 127.0.7.3. */
export function nth(base: string, n: number): string {
  const parts = base.split('.').map(Number);
  const last = (parts[3] ?? 0) + n;
  return [...parts.slice(0, 3), last].join('.');
}

export const ampUrl = (base: string, n = 0): string => `http://${nth(base, n)}:${HTTP_PORT}`;
