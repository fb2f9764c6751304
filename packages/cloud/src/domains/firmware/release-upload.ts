/**
 * A release zip uploaded to the library (docs/device-api.md "Firmware images"): the upload streams to a temporary
 * file under the store's tmp/, then each image entry (`*.enc`, in any folder) is inflated through ImageCheck into a
 * temporary file of its own, checked exactly as a single upload is. Markdown or text entries are release-notes
 * candidates (RELEASE_NOTES.md first); folders, `__MACOSX/` and dot files are skipped, as is anything else.
 * FIRMWARE_MAX_BYTES bounds the zip, each entry and the total the read entries expand to. The first fault throws,
 * naming the entry, with every temporary file removed; storing the images (all or none) is FirmwareService.addAll's.
 */
import { createWriteStream } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FIRMWARE_NOTES_MAX_CHARS } from '@rackside/protocol';
import { AppError } from '../../plugins/errors';
import { ImageCheck, type ReceivedImage } from './image-check';
import type { FirmwareStore } from './store';
import { openZipEntry, readZipDirectory, ZipEntryTooLarge, ZipError, type ZipEntry } from './zip-reader';

/** A release zip received: its checked images and the text of its notes file, if it has one. */
export interface ReceivedRelease {
  readonly images: ReceivedImage[];
  readonly notes: string | undefined;
}

/** True for a file name that is uploaded as a release zip. */
export const isReleaseZipName = (name: string): boolean => name.toLowerCase().endsWith('.zip');

const baseName = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
const skipped = (entry: ZipEntry): boolean =>
  entry.name.endsWith('/') || /(^|[/\\])__MACOSX[/\\]/.test(entry.name) || baseName(entry.name).startsWith('.');
const isNotes = (name: string): boolean => /\.(md|markdown|txt)$/i.test(name);
const isPreferredNotes = (name: string): boolean => /^release[-_ ]?notes\.(md|markdown|txt)$/i.test(name);

/** An error about one entry: the same name, the message prefixed with the entry's path. */
export const inEntry = (entry: string, error: AppError): AppError =>
  new AppError(error.error, `In the zip, ${JSON.stringify(entry)}: ${error.message}`);

/** The reasons the zip reader gives, as the upload's errors. */
function zipFault(error: unknown, entry: string, maxBytes: number): unknown {
  if (error instanceof ZipEntryTooLarge)
    return inEntry(entry, new AppError('PayloadTooLarge', `the entry is larger than ${maxBytes} bytes`));
  if (error instanceof ZipError) return new AppError('FIRMWARE_ZIP_INVALID', `The zip is damaged: ${error.message}`);
  return error;
}

/** Receives a release zip (see the file comment). `checkName` throws the AppError of a bad image name. */
export async function receiveRelease(
  store: FirmwareStore,
  maxBytes: number,
  file: Readable & { truncated?: boolean },
  checkName: (name: string) => unknown,
): Promise<ReceivedRelease> {
  const zipPath = store.tempPath();
  const images: ReceivedImage[] = [];
  try {
    await pipeline(file, createWriteStream(zipPath, { flags: 'wx' }));
    if (file.truncated === true) throw new AppError('PayloadTooLarge', `The zip is larger than ${maxBytes} bytes`);
    const handle = await open(zipPath, 'r');
    try {
      let entries: ZipEntry[];
      try {
        entries = await readZipDirectory(handle, (await stat(zipPath)).size);
      } catch (error) {
        if (error instanceof ZipError)
          throw new AppError('FIRMWARE_ZIP_INVALID', `The file is not a usable zip: ${error.message}`);
        throw error;
      }
      const kept = entries.filter((e) => !skipped(e));
      const imageEntries = kept.filter((e) => baseName(e.name).toLowerCase().endsWith('.enc'));
      if (imageEntries.length === 0)
        throw new AppError('FIRMWARE_ZIP_NO_IMAGE', 'The zip holds no firmware image (*.tar.xz.enc)');
      const notesCandidates = kept.filter((e) => isNotes(baseName(e.name)));
      const notesEntry = notesCandidates.find((e) => isPreferredNotes(baseName(e.name))) ?? notesCandidates[0];

      // every check that needs no bytes, before any entry is inflated
      const named = new Map<string, string>();
      for (const entry of imageEntries) {
        let parsed: unknown;
        try {
          parsed = checkName(baseName(entry.name));
        } catch (error) {
          throw error instanceof AppError ? inEntry(entry.name, error) : error;
        }
        const key = JSON.stringify(parsed);
        const twin = named.get(key);
        if (twin !== undefined)
          throw new AppError(
            'FIRMWARE_ZIP_DUPLICATE',
            `The zip holds the same family and version twice: ${JSON.stringify(twin)} and ${JSON.stringify(entry.name)}`,
          );
        named.set(key, entry.name);
        if (entry.uncompressedSize > maxBytes) throw zipFault(new ZipEntryTooLarge(maxBytes), entry.name, maxBytes);
      }
      const total = [...imageEntries, ...(notesEntry ? [notesEntry] : [])].reduce((n, e) => n + e.uncompressedSize, 0);
      if (total > maxBytes)
        throw new AppError('PayloadTooLarge', `The zip's images and notes expand to more than ${maxBytes} bytes`);

      let notes: string | undefined;
      if (notesEntry !== undefined) notes = await readNotes(zipPath, handle, notesEntry);
      for (const entry of imageEntries) {
        const tempPath = store.tempPath();
        const check = new ImageCheck();
        try {
          await pipeline(
            await openZipEntry(zipPath, handle, entry, maxBytes),
            check,
            createWriteStream(tempPath, { flags: 'wx' }),
          );
        } catch (error) {
          await store.discard(tempPath);
          throw zipFault(error, entry.name, maxBytes);
        }
        const verdict = check.result();
        if (!verdict.ok) {
          await store.discard(tempPath);
          throw inEntry(entry.name, new AppError(verdict.fault.error, verdict.fault.message));
        }
        images.push({ name: baseName(entry.name), tempPath, image: verdict.image, entry: entry.name });
      }
      return { images, notes };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await Promise.all(images.map((i) => store.discard(i.tempPath)));
    throw error;
  } finally {
    await store.discard(zipPath);
  }
}

/** The notes entry as text (UTF-8), at most FIRMWARE_NOTES_MAX_CHARS characters. */
async function readNotes(zipPath: string, handle: FileHandle, entry: ZipEntry) {
  const tooLong = () =>
    inEntry(entry.name, new AppError('ValidationError', `notes: at most ${FIRMWARE_NOTES_MAX_CHARS} characters`));
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await openZipEntry(zipPath, handle, entry, FIRMWARE_NOTES_MAX_CHARS * 4))
      chunks.push(chunk as Buffer);
  } catch (error) {
    if (error instanceof ZipEntryTooLarge) throw tooLong();
    throw zipFault(error, entry.name, FIRMWARE_NOTES_MAX_CHARS * 4);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.length > FIRMWARE_NOTES_MAX_CHARS) throw tooLong();
  // NUL cannot be stored as text (a lone surrogate cannot come out of a UTF-8 decode)
  if (text.includes('\u0000')) throw inEntry(entry.name, new AppError('ValidationError', 'notes: contains a NUL character'));
  return text;
}
