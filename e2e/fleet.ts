/**
 * The emulated amps the end-to-end flows run against (started by fleet-server.ts): an open fleet of six amps and a
 * password-protected fleet of three, each amp on its own loopback address with the device API on 1234 and HTTP
 * (the built console, GET /host, fault control) on 8080. Override the bases when those addresses are taken.
 */
export const OPEN_BASE = process.env.RACKSIDE_E2E_BASE ?? '127.0.7.1';
export const PROTECTED_BASE = process.env.RACKSIDE_E2E_PROTECTED_BASE ?? '127.0.8.1';
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
