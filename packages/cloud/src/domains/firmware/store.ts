/**
 * Where the firmware library keeps its files: FIRMWARE_DIR, else DATA_DIR/firmware, else (DATA_DIR ':memory:') a
 * temporary folder removed on close. Layout: `tmp/` holds uploads while they stream and are checked (left-overs of
 * a crash are removed at start), `images/{userId}/{imageId}` the accepted images (renamed from tmp/, same disk).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IN_MEMORY, type ResolvedConfig } from '../../config';

/** The library's folder. */
export class FirmwareStore {
  private constructor(
    readonly root: string,
    private readonly temporary: boolean,
  ) {}

  /** Opens (creates) the folder the configuration names and clears its tmp/. */
  static async open(config: Pick<ResolvedConfig, 'FIRMWARE_DIR' | 'DATA_DIR'>): Promise<FirmwareStore> {
    const temporary = config.FIRMWARE_DIR === undefined && config.DATA_DIR === IN_MEMORY;
    const root =
      config.FIRMWARE_DIR ??
      (temporary ? await mkdtemp(join(tmpdir(), 'rackside-firmware-')) : join(config.DATA_DIR, 'firmware'));
    const store = new FirmwareStore(root, temporary);
    await mkdir(join(root, 'images'), { recursive: true });
    await mkdir(join(root, 'tmp'), { recursive: true });
    for (const left of await readdir(join(root, 'tmp'))) await rm(join(root, 'tmp', left), { force: true });
    return store;
  }

  /** A fresh path for an upload in progress. */
  tempPath(): string {
    return join(this.root, 'tmp', `${randomUUID()}.part`);
  }

  /** The file of an accepted image. */
  imagePath(userId: string, imageId: string): string {
    return join(this.root, 'images', userId, imageId);
  }

  /** Moves a checked upload into the library. */
  async commit(tempPath: string, userId: string, imageId: string): Promise<string> {
    await mkdir(join(this.root, 'images', userId), { recursive: true });
    const path = this.imagePath(userId, imageId);
    await rename(tempPath, path);
    return path;
  }

  /** Removes a file (an upload refused, an image deleted); missing is fine. */
  async discard(path: string): Promise<void> {
    await rm(path, { force: true });
  }

  /** Removes the folder when it was a temporary one. */
  async close(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }
}
