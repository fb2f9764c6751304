/**
 * Reads a release zip that lies on disk (the upload's temporary file): its central directory, then one entry at a
 * time as a stream. The central directory, not the local headers, is the zip's index: streaming readers that walk
 * local headers cannot tell where a deflated entry written with a data descriptor (browsers, macOS) ends without
 * guessing. Only stored (0) and deflated (8) entries are read; ZIP64, encryption and multi-disk zips are refused.
 * Every entry's output is counted: a zip bomb, or an entry that inflates past the size it declares, stops at its
 * limit. Pure format code: the caller decides which entries to read and what the limits are.
 */
import type { FileHandle } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/** One file of a zip, from its central directory record. */
export interface ZipEntry {
  /** The path inside the zip, `/`-separated (a folder ends in `/`). */
  readonly name: string;
  /** 0 stored, 8 deflated; anything else is refused when read. */
  readonly method: number;
  readonly encrypted: boolean;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly localHeaderOffset: number;
}

/** Why a file is no zip this reader takes (the message is for people). */
export class ZipError extends Error {
  override name = 'ZipError';
}

/** An entry that inflates beyond its limit (`limit` bytes). */
export class ZipEntryTooLarge extends Error {
  override name = 'ZipEntryTooLarge';
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_BYTES = 22;
/** The end record may be followed by a comment of up to 65 535 bytes. */
const EOCD_SEARCH_BYTES = EOCD_BYTES + 0xffff;
/** A release holds a few images and notes; a directory larger than this is no release. */
export const ZIP_MAX_ENTRIES = 1000;
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await file.read(buf, 0, length, position);
  if (bytesRead < length) throw new ZipError('the zip ends too early');
  return buf;
}

/** The entries of the zip in `file` (`size` bytes), in directory order. Throws ZipError when it is no usable zip. */
export async function readZipDirectory(file: FileHandle, size: number): Promise<ZipEntry[]> {
  if (size < EOCD_BYTES) throw new ZipError('the file is too short to be a zip');
  const tailLength = Math.min(size, EOCD_SEARCH_BYTES);
  const tail = await readAt(file, size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - EOCD_BYTES; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE && i + EOCD_BYTES + tail.readUInt16LE(i + 20) <= tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError('the file is not a zip archive (no end of central directory)');
  const disk = tail.readUInt16LE(at + 4);
  const directoryDisk = tail.readUInt16LE(at + 6);
  const count = tail.readUInt16LE(at + 10);
  const directoryBytes = tail.readUInt32LE(at + 12);
  const directoryOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || directoryBytes === 0xffffffff || directoryOffset === 0xffffffff)
    throw new ZipError('ZIP64 archives are not supported');
  if (disk !== 0 || directoryDisk !== 0 || tail.readUInt16LE(at + 8) !== count)
    throw new ZipError('multi-part zip archives are not supported');
  if (count > ZIP_MAX_ENTRIES) throw new ZipError(`the zip has more than ${ZIP_MAX_ENTRIES} entries`);
  const eocdOffset = size - tailLength + at;
  if (directoryBytes > MAX_DIRECTORY_BYTES || directoryOffset + directoryBytes > eocdOffset)
    throw new ZipError('the zip directory is damaged');
  const directory = await readAt(file, directoryOffset, directoryBytes);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL_SIGNATURE)
      throw new ZipError('the zip directory is damaged');
    const flags = directory.readUInt16LE(p + 8);
    const nameLength = directory.readUInt16LE(p + 28);
    const extraLength = directory.readUInt16LE(p + 30);
    const commentLength = directory.readUInt16LE(p + 32);
    const end = p + 46 + nameLength + extraLength + commentLength;
    if (end > directory.length) throw new ZipError('the zip directory is damaged');
    const entry: ZipEntry = {
      // bit 11: UTF-8 names; others are CP437, the same as UTF-8 for the ASCII names of images
      name: directory.toString((flags & 0x800) !== 0 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLength),
      method: directory.readUInt16LE(p + 10),
      encrypted: (flags & 1) !== 0,
      compressedSize: directory.readUInt32LE(p + 20),
      uncompressedSize: directory.readUInt32LE(p + 24),
      localHeaderOffset: directory.readUInt32LE(p + 42),
    };
    if ([entry.compressedSize, entry.uncompressedSize, entry.localHeaderOffset].includes(0xffffffff))
      throw new ZipError('ZIP64 archives are not supported');
    if (entry.localHeaderOffset + 30 + entry.compressedSize > directoryOffset)
      throw new ZipError(`the zip entry ${JSON.stringify(entry.name)} is damaged`);
    entries.push(entry);
    p = end;
  }
  return entries;
}

/** Counts bytes through; fails with ZipEntryTooLarge past `limit`, or with ZipError when the total is not `exact`. */
class Bounded extends Transform {
  private seen = 0;
  constructor(
    private readonly limit: number,
    private readonly exact: number,
    private readonly entry: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) done(new ZipEntryTooLarge(this.limit));
    else if (this.seen > this.exact) done(new ZipError(`the zip entry ${this.entry} is longer than it says`));
    else done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    done(this.seen === this.exact ? null : new ZipError(`the zip entry ${this.entry} is shorter than it says`));
  }
}

/**
 * The uncompressed bytes of an entry of the zip at `path` (opened as `file`), at most `limit` of them. The stream
 * fails with ZipError (damaged, an unsupported method, encrypted) or ZipEntryTooLarge.
 */
export async function openZipEntry(path: string, file: FileHandle, entry: ZipEntry, limit: number): Promise<Readable> {
  const shown = JSON.stringify(entry.name);
  if (entry.encrypted) throw new ZipError(`the zip entry ${shown} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipError(`the zip entry ${shown} uses an unsupported compression (method ${entry.method})`);
  const local = await readAt(file, entry.localHeaderOffset, 30);
  if (local.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new ZipError(`the zip entry ${shown} is damaged`);
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const bounded = new Bounded(limit, entry.uncompressedSize, shown);
  if (entry.compressedSize === 0) {
    bounded.end(); // nothing to read: fine when it says it is empty
    return bounded;
  }
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1, highWaterMark: 64 * 1024 });
  const source = entry.method === 8 ? raw.pipe(createInflateRaw({ chunkSize: 64 * 1024 })) : raw;
  const fail = (error: Error) =>
    bounded.destroy(error instanceof ZipError ? error : new ZipError(`the zip entry ${shown} is damaged`));
  raw.on('error', fail);
  if (source !== raw) source.on('error', fail);
  source.pipe(bounded);
  bounded.on('close', () => {
    raw.destroy();
    if (source !== raw) source.destroy();
  });
  return bounded;
}
