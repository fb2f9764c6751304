/**
 * A release zip (docs/device-api.md "Firmware images"): one emulated image per model family, each under its spec 3 §5
 * name (`DLS-1.6.0.0.tar.xz.enc`), and optionally the release notes as `RELEASE_NOTES.md`. The cloud's firmware
 * library takes such a zip in one upload; the local /update page picks the image of each amp's family out of it.
 */
import { FIRMWARE_IMAGE_PREFIXES, FIRMWARE_VERSION_PATTERN, type FirmwareImagePrefix } from '@rackside/protocol';
import { zipSync, type Zippable } from 'fflate';
import { buildFirmwareImage, firmwareFileName } from './image';

/** The notes file's name inside a release zip. */
export const RELEASE_NOTES_NAME = 'RELEASE_NOTES.md';

/** Options of buildReleaseZip. */
export interface BuildReleaseZipOptions {
  readonly version: string;
  /** The families to include (default: all four of spec 3 §5). */
  readonly families?: readonly FirmwareImagePrefix[];
  /** Markdown stored as RELEASE_NOTES.md; none when absent or blank. */
  readonly notes?: string;
  readonly boards?: boolean;
  readonly factoryReset?: boolean;
  /** Filler payload size of each image (buildFirmwareImage's default when absent). */
  readonly payloadBytes?: number;
  /** A folder inside the zip that holds every entry (e.g. `release-1.6.0.0`); none by default. */
  readonly folder?: string;
  /** Deflate level of the entries: 0 stores them (default 6). */
  readonly level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

/** The file names a release zip of these families holds, in order (images first, then the notes when given). */
export function releaseZipEntries(opts: BuildReleaseZipOptions): string[] {
  const folder = opts.folder === undefined || opts.folder === '' ? '' : `${opts.folder.replace(/\/+$/, '')}/`;
  const families = opts.families ?? FIRMWARE_IMAGE_PREFIXES;
  const names = families.map((family) => `${folder}${firmwareFileName(family, opts.version)}`);
  return opts.notes !== undefined && opts.notes.trim() !== '' ? [...names, `${folder}${RELEASE_NOTES_NAME}`] : names;
}

/** Builds a release zip: one image per family at one version, and the notes (see the file comment). */
export function buildReleaseZip(opts: BuildReleaseZipOptions): Uint8Array {
  const families = opts.families ?? FIRMWARE_IMAGE_PREFIXES;
  if (!FIRMWARE_VERSION_PATTERN.test(opts.version))
    throw new Error(`the version must be four dotted numbers (like 1.6.0.0), got '${opts.version}'`);
  if (families.length === 0) throw new Error('a release zip needs at least one family');
  if (new Set(families).size !== families.length) throw new Error('a release zip holds each family once');
  const names = releaseZipEntries({ ...opts, families });
  const files: Zippable = {};
  families.forEach((prefix, i) => {
    const image = buildFirmwareImage({
      prefix,
      version: opts.version,
      ...(opts.boards === undefined ? {} : { boards: opts.boards }),
      ...(opts.factoryReset === undefined ? {} : { factoryReset: opts.factoryReset }),
      ...(opts.payloadBytes === undefined ? {} : { payloadBytes: opts.payloadBytes }),
    });
    files[names[i] ?? ''] = new Uint8Array(image.buffer, image.byteOffset, image.byteLength);
  });
  const notesName = names[families.length];
  if (notesName !== undefined) files[notesName] = new TextEncoder().encode(opts.notes);
  // a fixed date: the same options make the same bytes
  return zipSync(files, { level: opts.level ?? 6, mtime: new Date('2026-01-01T00:00:00Z') });
}
