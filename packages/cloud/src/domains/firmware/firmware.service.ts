/**
 * The firmware library (issue 14): every verified user keeps their own images (another user's answers NotFound).
 * An upload streams to a temporary file while ImageCheck verifies it, and only a good image, whose family and
 * version are those its file name says, is moved into the store and gets a row; a refused one leaves nothing.
 * The first image of a family becomes its latest; PUT …/latest moves the mark; deleting the latest hands it to the
 * highest remaining version. Amps download with a short-lived token naming one image (downloadUrl).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  compareVersionStrings,
  FIRMWARE_IMAGE_PREFIXES,
  FIRMWARE_TOKEN_QUERY,
  firmwareFileName,
  firmwareNameFault,
  parseFirmwareName,
  type FirmwareFamily,
  type FirmwareImage,
  type FirmwareImagePrefix,
  type FirmwareLibrary,
  type Ok,
} from '@rackside/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { constraintOf, isUniqueViolation } from '../../db/errors';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import {
  deleteImage,
  familyImages,
  findFamilyImage,
  findImage,
  insertImage,
  listImages,
  setLatest,
  type FirmwareImageRow,
} from './firmware.repo';
import { ImageCheck, type CheckedImage } from './image-check';
import type { FirmwareStore } from './store';

const notFound = () => new AppError('NotFound', 'No such firmware image');

/** The reply shape of a row. */
export const toImage = (row: FirmwareImageRow): FirmwareImage => ({
  imageId: row.id,
  family: row.family as FirmwareFamily,
  version: row.version,
  name: row.name,
  size: row.size,
  sha256: row.sha256,
  boards: row.boards,
  factoryReset: row.factoryReset,
  notes: row.notes,
  latest: row.latest,
  uploadedAt: row.uploadedAt.toISOString(),
});

/** Newest version first. */
const byVersionDesc = (a: FirmwareImageRow, b: FirmwareImageRow): number =>
  -(compareVersionStrings(a.version, b.version) ?? 0);

/** An upload received and checked, still in its temporary file. */
export interface ReceivedImage {
  readonly name: string;
  readonly tempPath: string;
  readonly image: CheckedImage;
}

/** Checks an image file name (spec 3 §5); the family and version it names. */
export function checkFirmwareName(name: string): { prefix: FirmwareImagePrefix; version: string } {
  const parsed = parseFirmwareName(name);
  if (parsed !== undefined) return parsed;
  const shown = JSON.stringify(name.slice(0, 80));
  switch (firmwareNameFault(name)) {
    case 'family':
      throw new AppError(
        'FIRMWARE_UNKNOWN_FAMILY',
        `${shown}: the family is none of ${FIRMWARE_IMAGE_PREFIXES.join(', ')}`,
      );
    case 'version':
      throw new AppError('FIRMWARE_VERSION_INVALID', `${shown}: the version is not four dotted numbers`);
    case 'name':
      throw new AppError(
        'FIRMWARE_NAME_INVALID',
        `${shown} is not a firmware image name ({FAMILY}-{a.b.c.d}.tar.xz.enc)`,
      );
  }
}

/** Library operations; one instance per app. */
export class FirmwareService {
  constructor(
    private readonly ctx: DomainContext,
    private readonly store: FirmwareStore,
  ) {}

  /**
   * Streams one uploaded file to a temporary file through ImageCheck. The name is checked first (a bad one is
   * drained, not written). Throws the fault, with the temporary file removed; `truncated` means the size limit cut it.
   */
  async receive(name: string, file: Readable & { truncated?: boolean }): Promise<ReceivedImage> {
    try {
      checkFirmwareName(name);
    } catch (error) {
      file.resume();
      throw error;
    }
    const tempPath = this.store.tempPath();
    const check = new ImageCheck();
    try {
      await pipeline(file, check, createWriteStream(tempPath, { flags: 'wx' }));
      if (file.truncated === true) {
        throw new AppError('PayloadTooLarge', `The image is larger than ${this.ctx.config.FIRMWARE_MAX_BYTES} bytes`);
      }
      const verdict = check.result();
      if (!verdict.ok) throw new AppError(verdict.fault.error, verdict.fault.message);
      if (verdict.image.size === 0) throw new AppError('FIRMWARE_FILE_MISSING', 'The file is empty');
      return { name, tempPath, image: verdict.image };
    } catch (error) {
      await this.store.discard(tempPath);
      throw error;
    }
  }

  /** Forgets a received upload that will not be stored (another part of the request was refused). */
  async abandon(received: ReceivedImage): Promise<void> {
    await this.store.discard(received.tempPath);
  }

  /** Stores a received, checked image in the caller's library. Stores nothing when it fails. */
  async add(caller: AuthUser, received: ReceivedImage, notes: string | undefined): Promise<FirmwareImage> {
    const { db, clock } = this.ctx;
    const { header } = received.image.layout;
    try {
      const named = checkFirmwareName(received.name);
      if (named.prefix !== header.prefix || named.version !== header.version) {
        throw new AppError(
          'FIRMWARE_NAME_MISMATCH',
          `The file is named ${named.prefix} ${named.version} but the image is ${header.prefix} ${header.version}`,
        );
      }
      if ((await findFamilyImage(db, caller.id, header.prefix, header.version)) !== undefined) throw exists(header);
    } catch (error) {
      await this.abandon(received);
      throw error;
    }
    const id = randomUUID();
    const path = await this.store.commit(received.tempPath, caller.id, id);
    try {
      await db.transaction(async (tx) => {
        await insertImage(tx, {
          id,
          userId: caller.id,
          family: header.prefix,
          version: header.version,
          name: received.name,
          size: received.image.size,
          sha256: received.image.sha256,
          boards: header.boards,
          factoryReset: header.factoryReset,
          notes: notes === undefined || notes.trim() === '' ? null : notes,
          latest: false,
          uploadedAt: clock.now(),
        });
        if ((await findFamilyImage(tx, caller.id, header.prefix)) === undefined)
          await setLatest(tx, { id, userId: caller.id, family: header.prefix });
      });
    } catch (error) {
      await this.store.discard(path);
      if (isUniqueViolation(error) && constraintOf(error) === 'firmware_images_user_family_version_key')
        throw exists(header);
      throw error;
    }
    const row = await findImage(db, caller.id, id);
    if (row === undefined) throw notFound();
    return toImage(row);
  }

  /** The caller's library by family (families in spec 3 §5 order), newest version first. */
  async list(caller: AuthUser): Promise<FirmwareLibrary> {
    const rows = await listImages(this.ctx.db, caller.id);
    return {
      families: FIRMWARE_IMAGE_PREFIXES.map((family) => {
        const images = rows.filter((r) => r.family === family).sort(byVersionDesc);
        return {
          family,
          latestVersion: images.find((i) => i.latest)?.version ?? null,
          images: images.map(toImage),
        };
      }).filter((f) => f.images.length > 0),
    };
  }

  /** Makes an image the latest of its family. */
  async markLatest(caller: AuthUser, imageId: string): Promise<FirmwareImage> {
    const { db } = this.ctx;
    const row = await db.transaction(async (tx) => {
      const image = await findImage(tx, caller.id, imageId);
      if (image === undefined) throw notFound();
      await setLatest(tx, image);
      return { ...image, latest: true };
    });
    return toImage(row);
  }

  /** Deletes an image and its file; the latest mark passes to the highest remaining version of its family. */
  async remove(caller: AuthUser, imageId: string, log: FastifyBaseLogger): Promise<Ok> {
    const deleted = await this.ctx.db.transaction(async (tx) => {
      const row = await deleteImage(tx, caller.id, imageId);
      if (row === undefined) throw notFound();
      if (row.latest) {
        const [next] = (await familyImages(tx, caller.id, row.family)).sort(byVersionDesc);
        if (next !== undefined) await setLatest(tx, next);
      }
      return row;
    });
    try {
      await this.store.discard(this.store.imagePath(caller.id, deleted.id));
    } catch (error) {
      log.warn({ imageId, error: String(error) }, 'deleted firmware image: its file could not be removed');
    }
    return { ok: true };
  }

  /** The image a download token opens, and its open file; Unauthorized/NotFound otherwise. */
  async openDownload(
    imageId: string,
    token: string | undefined,
    log: FastifyBaseLogger,
  ): Promise<{ image: FirmwareImageRow; file: FileHandle }> {
    if (token === undefined || token === '') throw new AppError('Unauthorized', 'The download link has no token');
    const subject = await this.ctx.tokens.verifyFirmware(token);
    if (subject.imageId !== imageId) throw new AppError('Unauthorized', 'The download link is not for this image');
    const image = await findImage(this.ctx.db, subject.userId, imageId);
    if (image === undefined) throw notFound();
    try {
      return { image, file: await open(this.store.imagePath(image.userId, image.id), 'r') };
    } catch (error) {
      log.error({ imageId, error: String(error) }, 'firmware image file missing');
      throw notFound();
    }
  }
}

const exists = (header: { prefix: string; version: string }) =>
  new AppError('FIRMWARE_VERSION_EXISTS', `The library has ${header.prefix} ${header.version} already`);

/** The image a firmware job installs: the caller's latest of the family, or that version; FIRMWARE_NOT_IN_LIBRARY. */
export async function libraryImageFor(
  ctx: DomainContext,
  userId: string,
  family: FirmwareImagePrefix,
  version?: string,
): Promise<FirmwareImageRow> {
  const image = await findFamilyImage(ctx.db, userId, family, version);
  if (image !== undefined) return image;
  throw new AppError(
    'FIRMWARE_NOT_IN_LIBRARY',
    version === undefined
      ? `The firmware library has no ${family} image; upload one first`
      : `The firmware library has no ${family} ${version} image`,
  );
}

/** The job's download: an expiring URL of the image (FIRMWARE_BASE_URL/{id}/download?token=) and its file name. */
export async function downloadFor(ctx: DomainContext, image: FirmwareImageRow): Promise<{ url: string; name: string }> {
  const { config, tokens } = ctx;
  const token = await tokens.issueFirmware(image.userId, image.id, config.FIRMWARE_DOWNLOAD_TTL_S);
  return {
    url: `${config.FIRMWARE_BASE_URL}/${image.id}/download?${FIRMWARE_TOKEN_QUERY}=${token}`,
    name: firmwareFileName(image.family as FirmwareImagePrefix, image.version),
  };
}

/** The latest version of each family in the user's library, by family (issue 14: the version amps are offered). */
export async function latestLibraryVersions(ctx: DomainContext, userId: string): Promise<Map<string, string>> {
  const rows = await listImages(ctx.db, userId);
  return new Map(rows.filter((r) => r.latest).map((r) => [r.family, r.version]));
}
