/**
 * The firmware library (issue 14): every verified user keeps their own images (another user's answers NotFound).
 * An upload streams to a temporary file while ImageCheck verifies it, and only a good image, whose family and
 * version are those its file name says, is moved into the store and gets a row; a refused one leaves nothing. A
 * release zip (release-upload.ts) is received entry by entry the same way and stored all or nothing (addAll).
 * The first image of a family becomes its latest; PUT …/latest moves the mark; deleting the latest hands it to the
 * highest remaining version. Amps download with a short-lived token naming one image (downloadUrl).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
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
import { AppError, safeError } from '../../plugins/errors';
import type { AuditEntry } from '../audit/index';
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
import { imageInUse } from '../rollouts/rollouts.repo';
import { ImageCheck, type ReceivedImage } from './image-check';
import { inEntry, receiveRelease, type ReceivedRelease } from './release-upload';
import { FirmwareFileMissing, type FirmwareFile, type FirmwareStore } from './store';

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

/** How the audit log names an image. */
const named = (row: FirmwareImageRow) => ({ firmwareId: row.id, family: row.family, version: row.version });

/** Newest version first. */
const byVersionDesc = (a: FirmwareImageRow, b: FirmwareImageRow): number =>
  -(compareVersionStrings(a.version, b.version) ?? 0);

export type { ReceivedImage } from './image-check';

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

  /** Receives a release zip: every image entry checked as `receive` checks a file (release-upload.ts). */
  receiveRelease(file: Readable & { truncated?: boolean }): Promise<ReceivedRelease> {
    return receiveRelease(this.store, this.ctx.config.FIRMWARE_MAX_BYTES, file, checkFirmwareName);
  }

  /**
   * Stores received, checked images in the caller's library, all or none (one transaction; the files of a failed
   * one are removed). A family without a latest image gets its highest version stored here as the latest. The
   * images come back in spec 3 §5 family order, newest version first.
   */
  async addAll(
    caller: AuthUser,
    received: readonly ReceivedImage[],
    notes: string | undefined,
  ): Promise<FirmwareImage[]> {
    const { db, clock } = this.ctx;
    const abandonAll = () => Promise.all(received.map((r) => this.abandon(r)));
    try {
      for (const r of received) {
        const { header } = r.image.layout;
        const named = checkFirmwareName(r.name);
        const fault =
          named.prefix !== header.prefix || named.version !== header.version
            ? new AppError(
                'FIRMWARE_NAME_MISMATCH',
                `The file is named ${named.prefix} ${named.version} but the image is ${header.prefix} ${header.version}`,
              )
            : (await findFamilyImage(db, caller.id, header.prefix, header.version)) !== undefined
              ? exists(header)
              : undefined;
        if (fault !== undefined) throw r.entry === undefined ? fault : inEntry(r.entry, fault);
      }
    } catch (error) {
      await abandonAll();
      throw error;
    }
    const stored: { id: string; r: ReceivedImage }[] = [];
    try {
      for (const r of received) {
        const id = randomUUID();
        await this.store.commit(r.tempPath, caller.id, id);
        stored.push({ id, r });
      }
      const text = notes === undefined || notes.trim() === '' ? null : notes;
      await db.transaction(async (tx) => {
        for (const { id, r } of stored) {
          const { header } = r.image.layout;
          await insertImage(tx, {
            id,
            userId: caller.id,
            family: header.prefix,
            version: header.version,
            name: r.name,
            size: r.image.size,
            sha256: r.image.sha256,
            boards: header.boards,
            factoryReset: header.factoryReset,
            notes: text,
            latest: false,
            uploadedAt: clock.now(),
          });
        }
        const newest = new Map<string, { id: string; version: string }>();
        for (const { id, r } of stored) {
          const { prefix, version } = r.image.layout.header;
          const best = newest.get(prefix);
          if (best === undefined || (compareVersionStrings(version, best.version) ?? 0) > 0)
            newest.set(prefix, { id, version });
        }
        for (const [family, { id }] of newest)
          if ((await findFamilyImage(tx, caller.id, family)) === undefined)
            await setLatest(tx, { id, userId: caller.id, family });
      });
    } catch (error) {
      // the cleanup's own failures (an object store gone) must not hide the reason
      await Promise.allSettled([
        ...stored.map(({ id }) => this.store.remove(caller.id, id)),
        ...received.slice(stored.length).map((r) => this.abandon(r)),
      ]);
      if (isUniqueViolation(error) && constraintOf(error) === 'firmware_images_user_family_version_key') {
        const [first] = received;
        throw first === undefined ? error : exists(first.image.layout.header);
      }
      throw error;
    }
    const rows = (await listImages(db, caller.id)).filter((row) => stored.some((s) => s.id === row.id));
    const order = (family: string) => FIRMWARE_IMAGE_PREFIXES.findIndex((p) => p === family);
    rows.sort((a, b) => order(a.family) - order(b.family) || byVersionDesc(a, b));
    const uploaded = (r: FirmwareImageRow): AuditEntry => ({
      kind: 'firmware.uploaded',
      details: { ...named(r), size: r.size },
    });
    await this.ctx.audit.byCaller(caller, ...rows.map(uploaded));
    return rows.map(toImage);
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
    await this.ctx.audit.byCaller(caller, { kind: 'firmware.latest_set', details: named(row) });
    return toImage(row);
  }

  /** Deletes an image and its file; the latest mark passes to the highest remaining version of its family. */
  async remove(caller: AuthUser, imageId: string, log: FastifyBaseLogger): Promise<Ok> {
    const deleted = await this.ctx.db.transaction(async (tx) => {
      // the caller's own image first: another account's answers NotFound, never whether it is in use
      if ((await findImage(tx, caller.id, imageId)) === undefined) throw notFound();
      if (await imageInUse(tx, imageId))
        throw new AppError(
          'FIRMWARE_IN_USE',
          'A firmware rollout still has to install this image: let it end or cancel it first',
        );
      const row = await deleteImage(tx, caller.id, imageId);
      if (row === undefined) throw notFound();
      if (row.latest) {
        const [next] = (await familyImages(tx, caller.id, row.family)).sort(byVersionDesc);
        if (next !== undefined) await setLatest(tx, next);
      }
      return row;
    });
    try {
      await this.store.remove(caller.id, deleted.id);
    } catch (error) {
      log.warn({ imageId, error: safeError(error) }, 'deleted firmware image: its file could not be removed');
    }
    await this.ctx.audit.byCaller(caller, { kind: 'firmware.deleted', details: named(deleted) });
    return { ok: true };
  }

  /**
   * The image a download token opens, and its file; Unauthorized/NotFound otherwise. The file's reads answer
   * NotFound too when the image is gone by then (an object store is only asked when the bytes are).
   */
  async openDownload(
    imageId: string,
    token: string | undefined,
    log: FastifyBaseLogger,
  ): Promise<{ image: FirmwareImageRow; file: FirmwareFile }> {
    if (token === undefined || token === '') throw new AppError('Unauthorized', 'The download link has no token');
    const subject = await this.ctx.tokens.verifyFirmware(token);
    if (subject.imageId !== imageId) throw new AppError('Unauthorized', 'The download link is not for this image');
    const image = await this.downloadRow(subject.userId, imageId);
    if (image === undefined) throw notFound();
    const missing = (error: unknown) => this.fileMissing(image, error, log);
    try {
      const file = await this.store.open(image.userId, image.id);
      return {
        image,
        file: { read: (start, end) => file.read(start, end).catch(missing), close: () => file.close() },
      };
    } catch (error) {
      return missing(error);
    }
  }

  /** A store failure other than a missing file passes on; a missing file answers NotFound (see openDownload). */
  private async fileMissing(image: FirmwareImageRow, error: unknown, log: FastifyBaseLogger): Promise<never> {
    if (!(error instanceof FirmwareFileMissing)) throw error;
    // deleted since it was looked up (the row goes first, then the file), or a file really missing
    this.downloadRows.delete(`${image.userId}/${image.id}`);
    if ((await findImage(this.ctx.db, image.userId, image.id)) !== undefined)
      log.error({ imageId: image.id, error: error.message }, 'firmware image file missing');
    throw notFound();
  }

  /**
   * Image rows of recent downloads, by user and image, for DOWNLOAD_ROW_MS: the amps of a rollout wave ask for the
   * same image at once, and one lookup serves them all (bench/firmware: a query per request was most of the
   * cloud's CPU beside the bytes). A row's name, size and hash never change; a deleted image's file is gone, which
   * openDownload answers NotFound after asking the database again.
   */
  private readonly downloadRows = new Map<string, { row: Promise<FirmwareImageRow | undefined>; until: number }>();

  private downloadRow(userId: string, imageId: string): Promise<FirmwareImageRow | undefined> {
    const key = `${userId}/${imageId}`;
    const now = performance.now();
    const cached = this.downloadRows.get(key);
    if (cached !== undefined && cached.until > now) return cached.row;
    if (this.downloadRows.size >= 256)
      for (const [k, v] of this.downloadRows) if (v.until <= now) this.downloadRows.delete(k);
    const entry = { row: findImage(this.ctx.db, userId, imageId), until: now + DOWNLOAD_ROW_MS };
    this.downloadRows.set(key, entry);
    // a failed or empty lookup is not kept
    const forget = () => {
      if (this.downloadRows.get(key) === entry) this.downloadRows.delete(key);
    };
    entry.row.then((row) => row === undefined && forget(), forget);
    return entry.row;
  }
}

/** How long openDownload reuses an image row it looked up (see downloadRows). */
const DOWNLOAD_ROW_MS = 10_000;

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
