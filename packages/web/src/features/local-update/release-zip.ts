/**
 * A release zip read in the browser (spec 3 §2/§4: "the file is read, decompressed, then the fitting image per model
 * is uploaded to each amp"): one image per model family, maybe in a folder, maybe beside release notes. Only the
 * central directory is read first; then only the images that will be used are decompressed, off the main thread
 * for large entries (fflate's async `unzip` inflates entries of 512 KiB and more in workers).
 *
 * Two images of one family: the newest version is used and the page says which (the others are listed as not
 * used); equal versions keep the first in the zip.
 */
import { unzip, unzipSync, type Unzipped, type UnzipFileFilter } from 'fflate';
import { FIRMWARE_IMAGE_PREFIXES, looksLikeFirmwareName, parseFirmwareName } from '@rackside/protocol';
import {
  baseName,
  chooseFile,
  isZipName,
  type ChosenImage,
  type FileChoice,
  type FirmwareSet,
  type SkippedImages,
} from './selection';

/** A zip entry as its central directory lists it. */
export interface ZipEntry {
  readonly path: string;
  readonly size: number;
}

/** An image entry picked for its family. */
export interface PickedEntry {
  readonly path: string;
  readonly name: string;
  readonly prefix: ChosenImage['prefix'];
  readonly version: string;
}

export interface ZipPick {
  /** One entry per family, in the protocol's family order. */
  readonly picked: readonly PickedEntry[];
  /** Families with more than one image: the names not used. */
  readonly skipped: readonly SkippedImages[];
  /** Entries named like images whose names break the grammar, or empty ones. */
  readonly ignored: readonly string[];
}

/** Folders, and the resource forks macOS adds to zips it makes (`__MACOSX/…`, `._name`), are no files of ours. */
const isNoise = (path: string): boolean =>
  path.endsWith('/') || path.startsWith('__MACOSX/') || baseName(path).startsWith('._');

/** Compares two four-number versions: negative when a is older. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 4; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Picks, for each family, the newest image among the zip's entries (spec 3 §5 names); the rest is ignored. */
export function pickImages(entries: readonly ZipEntry[]): ZipPick {
  const byFamily = new Map<string, PickedEntry[]>();
  const ignored: string[] = [];
  for (const entry of entries) {
    if (isNoise(entry.path)) continue;
    const name = baseName(entry.path);
    if (!looksLikeFirmwareName(name)) continue; // release notes and the like
    const parsed = parseFirmwareName(name);
    if (!parsed || entry.size === 0) {
      ignored.push(name);
      continue;
    }
    const list = byFamily.get(parsed.prefix) ?? [];
    list.push({ path: entry.path, name, ...parsed });
    byFamily.set(parsed.prefix, list);
  }
  const picked: PickedEntry[] = [];
  const skipped: SkippedImages[] = [];
  for (const prefix of FIRMWARE_IMAGE_PREFIXES) {
    const list = byFamily.get(prefix);
    if (!list) continue;
    // stable: equal versions keep zip order
    const newest = [...list].sort((a, b) => compareVersions(b.version, a.version));
    const [used, ...rest] = newest;
    if (!used) continue;
    picked.push(used);
    if (rest.length > 0) skipped.push({ prefix, used: used.name, notUsed: rest.map((e) => e.name) });
  }
  return { picked, skipped, ignored };
}

/** fflate's async unzip as a promise (a test may pass another). */
export type UnzipAsync = (data: Uint8Array, filter: UnzipFileFilter) => Promise<Unzipped>;

const unzipAsync: UnzipAsync = (data, filter) =>
  new Promise((resolve, reject) => {
    try {
      unzip(data, { filter }, (err, files) => (err ? reject(err) : resolve(files)));
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });

/** The entries of a zip's central directory, without decompressing any; undefined when it is no zip. */
function listEntries(data: Uint8Array): ZipEntry[] | undefined {
  const entries: ZipEntry[] = [];
  try {
    unzipSync(data, {
      filter: (f) => {
        entries.push({ path: f.name, size: f.originalSize });
        return false;
      },
    });
  } catch {
    return undefined;
  }
  return entries;
}

/**
 * Reads a release zip into one image per family: `badZip` when it cannot be read (not a zip, truncated, an entry
 * that does not decompress to its listed size), `noImages` when it holds no image. Never rejects.
 */
export async function readReleaseZip(
  file: Blob,
  fileName: string,
  unzipImpl: UnzipAsync = unzipAsync,
): Promise<FileChoice> {
  if (file.size === 0) return { ok: false, refusal: 'empty' };
  let data: Uint8Array;
  try {
    data = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, refusal: 'badZip' };
  }
  const entries = listEntries(data);
  if (!entries) return { ok: false, refusal: 'badZip' };
  const { picked, skipped, ignored } = pickImages(entries);
  if (picked.length === 0) return { ok: false, refusal: 'noImages' };
  const wanted = new Map(picked.map((p) => [p.path, p]));
  const sizes = new Map(entries.map((e) => [e.path, e.size]));
  let files: Unzipped;
  try {
    files = await unzipImpl(data, (f) => wanted.has(f.name));
  } catch {
    return { ok: false, refusal: 'badZip' };
  }
  const images: ChosenImage[] = [];
  for (const p of picked) {
    const bytes = files[p.path];
    if (!bytes || bytes.length !== sizes.get(p.path)) return { ok: false, refusal: 'badZip' };
    images.push({ file: new Blob([bytes]), name: p.name, prefix: p.prefix, version: p.version });
  }
  const set: FirmwareSet = { fileName, kind: 'zip', images, skipped, ignored };
  return { ok: true, set };
}

/** spec 3 §2: the chosen file, a release zip or one image, read into what it offers (or why it is refused). */
export const readFirmwareFile = (
  file: Pick<File, 'name' | 'size'> & Blob,
  unzipImpl: UnzipAsync = unzipAsync,
): Promise<FileChoice> =>
  isZipName(file.name) ? readReleaseZip(file, baseName(file.name), unzipImpl) : Promise.resolve(chooseFile(file));
