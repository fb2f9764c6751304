/** A parsed firmware version: four numbers, most significant first (spec 2 §5). */
export type FirmwareVersion = readonly [number, number, number, number];

const VERSION = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/;

/** spec 1 §5 / spec 2 §5: parses four dotted numbers ('1.4.0.12'); anything else is invalid (null). */
export function parseFirmwareVersion(text: string | null | undefined): FirmwareVersion | null {
  const m = VERSION.exec((text ?? '').trim());
  if (!m) return null;
  const parts = [m[1], m[2], m[3], m[4]].map(Number);
  if (!parts.every(Number.isSafeInteger)) return null;
  return parts as unknown as FirmwareVersion;
}

/** spec 2 §5: orders two parsed versions part by part (-1 older, 0 equal, 1 newer). */
export function compareFirmwareVersions(a: FirmwareVersion, b: FirmwareVersion): -1 | 0 | 1 {
  for (let i = 0; i < 4; i++) {
    if (a[i]! < b[i]!) return -1;
    if (a[i]! > b[i]!) return 1;
  }
  return 0;
}

/** spec 2 §5: orders two version strings, or null when either is not four dotted numbers. */
export function compareVersionStrings(a: string | null | undefined, b: string | null | undefined): -1 | 0 | 1 | null {
  const pa = parseFirmwareVersion(a);
  const pb = parseFirmwareVersion(b);
  return pa && pb ? compareFirmwareVersions(pa, pb) : null;
}

/** spec 1 §3: true when `latest` is a valid version newer than a valid `current` (an update is available). */
export const isNewerVersion = (latest: string | null | undefined, current: string | null | undefined): boolean =>
  compareVersionStrings(latest, current) === 1;

/** spec 2 §6 "firmware {ip} or newer": true when `version` is valid and at least `threshold`; invalid counts as older. */
export function isAtLeastVersion(version: string | null | undefined, threshold: string): boolean {
  const c = compareVersionStrings(version, threshold);
  return c === 0 || c === 1;
}
