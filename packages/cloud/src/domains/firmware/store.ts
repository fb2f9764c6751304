/**
 * Where the firmware library keeps its files (ADR 0006). Uploads always stream to a local `tmp/` while they are
 * checked (left-overs of a crash are removed at start): under FIRMWARE_DIR, else DATA_DIR/firmware, else (DATA_DIR
 * ':memory:') a temporary folder removed on close. An accepted image then goes to the store proper: on disk,
 * `images/{userId}/{imageId}` beside tmp/ (renamed, same disk); with FIRMWARE_S3_URL, an object of the same key in
 * an S3-compatible bucket (s3-store.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { IN_MEMORY, type ResolvedConfig } from '../../config';

/** The configuration a store reads. */
export type FirmwareStoreConfig = Pick<ResolvedConfig, 'FIRMWARE_DIR' | 'DATA_DIR'>;

/** An accepted image opened for a download. */
export interface FirmwareFile {
  /** The bytes start..end (inclusive); throws FirmwareFileMissing when the image is gone. */
  read(start: number, end: number): Promise<Readable>;
  /** Lets go of the file when nothing was read. */
  close(): Promise<void>;
}

/** The image's file or object does not exist (deleted meanwhile, or lost). */
export class FirmwareFileMissing extends Error {
  override name = 'FirmwareFileMissing';
}

/** The library's files: uploads in progress on the local disk, accepted images on disk or in an object store. */
export interface FirmwareStore {
  /** A fresh local path for an upload in progress. */
  tempPath(): string;
  /** Removes a temporary file (an upload refused or abandoned); missing is fine. */
  discard(tempPath: string): Promise<void>;
  /** Moves a checked upload into the library (the temporary file is gone afterwards). */
  commit(tempPath: string, userId: string, imageId: string): Promise<void>;
  /** Removes an accepted image; missing is fine. */
  remove(userId: string, imageId: string): Promise<void>;
  /** Opens an accepted image for reading; may throw FirmwareFileMissing now or on read. */
  open(userId: string, imageId: string): Promise<FirmwareFile>;
  /** Releases what the store holds (a temporary folder, connections). */
  close(): Promise<void>;
}

/** The local folder of a store: its root, and whether it is a temporary one to remove on close. */
export interface LocalFolder {
  readonly root: string;
  readonly temporary: boolean;
}

/** Opens (creates) the local folder the configuration names, with an empty tmp/. */
export async function openLocalFolder(config: FirmwareStoreConfig): Promise<LocalFolder> {
  const temporary = config.FIRMWARE_DIR === undefined && config.DATA_DIR === IN_MEMORY;
  const root =
    config.FIRMWARE_DIR ??
    (temporary ? await mkdtemp(join(tmpdir(), 'rackside-firmware-')) : join(config.DATA_DIR, 'firmware'));
  await mkdir(join(root, 'tmp'), { recursive: true });
  for (const left of await readdir(join(root, 'tmp'))) await rm(join(root, 'tmp', left), { force: true });
  return { root, temporary };
}

/** A fresh path under the folder's tmp/. */
export const tempPathIn = (folder: LocalFolder): string => join(folder.root, 'tmp', `${randomUUID()}.part`);

/** Removes the folder when it was a temporary one. */
export async function closeLocalFolder(folder: LocalFolder): Promise<void> {
  if (folder.temporary) await rm(folder.root, { recursive: true, force: true });
}

/** The object key (S3) or relative path (disk) of an accepted image. */
export const imageKey = (userId: string, imageId: string): string => `images/${userId}/${imageId}`;

/** An open image file on disk. */
class DiskFile implements FirmwareFile {
  constructor(private readonly handle: FileHandle) {}

  read(start: number, end: number): Promise<Readable> {
    return Promise.resolve(this.handle.createReadStream({ start, end: Math.max(start, end), autoClose: true }));
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

/** The library on the local disk (the default). */
export class DiskFirmwareStore implements FirmwareStore {
  private constructor(private readonly folder: LocalFolder) {}

  /** Opens (creates) the folder the configuration names and clears its tmp/. */
  static async open(config: FirmwareStoreConfig): Promise<DiskFirmwareStore> {
    const folder = await openLocalFolder(config);
    await mkdir(join(folder.root, 'images'), { recursive: true });
    return new DiskFirmwareStore(folder);
  }

  /** The store's folder (tmp/ and images/). */
  get root(): string {
    return this.folder.root;
  }

  tempPath(): string {
    return tempPathIn(this.folder);
  }

  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  async commit(tempPath: string, userId: string, imageId: string): Promise<void> {
    await mkdir(join(this.folder.root, 'images', userId), { recursive: true });
    await rename(tempPath, this.imagePath(userId, imageId));
  }

  async remove(userId: string, imageId: string): Promise<void> {
    await rm(this.imagePath(userId, imageId), { force: true });
  }

  async open(userId: string, imageId: string): Promise<FirmwareFile> {
    try {
      return new DiskFile(await open(this.imagePath(userId, imageId), 'r'));
    } catch (error) {
      throw new FirmwareFileMissing(String(error));
    }
  }

  close(): Promise<void> {
    return closeLocalFolder(this.folder);
  }

  private imagePath(userId: string, imageId: string): string {
    return join(this.folder.root, imageKey(userId, imageId));
  }
}
