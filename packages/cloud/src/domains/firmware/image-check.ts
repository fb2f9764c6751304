/**
 * Checks a firmware image while it streams to disk (docs/device-api.md "Firmware images"): the container header
 * (protocol readFirmwareImageHeader), the header's and the payload's SHA-256, the exact length, and the SHA-256 of
 * the whole file that the library lists. Bytes pass through unchanged; the first fault is kept for `result()`.
 */
import { createHash, timingSafeEqual, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import {
  FIRMWARE_HASH_BYTES,
  readFirmwareImageHeader,
  type FirmwareApiErrorName,
  type FirmwareImageLayout,
} from '@rackside/protocol';

/** Why a file is refused: the error name the upload answers and a message. */
export interface ImageFault {
  readonly error: FirmwareApiErrorName;
  readonly message: string;
}

/** What a good image is. */
export interface CheckedImage {
  readonly layout: FirmwareImageLayout;
  readonly size: number;
  readonly sha256: string;
}

/** An upload received and checked, still in its temporary file (`entry`: its path inside a release zip). */
export interface ReceivedImage {
  /** The image's file name (a zip entry's without its folders). */
  readonly name: string;
  readonly tempPath: string;
  readonly image: CheckedImage;
  readonly entry?: string;
}

const HEADER_FAULTS = {
  notAnImage: 'FIRMWARE_NOT_AN_IMAGE',
  header: 'FIRMWARE_NOT_AN_IMAGE',
  family: 'FIRMWARE_UNKNOWN_FAMILY',
  version: 'FIRMWARE_VERSION_INVALID',
} as const satisfies Record<string, FirmwareApiErrorName>;

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && timingSafeEqual(a, b);

/** A pass-through stream that checks the image flowing through it. */
export class ImageCheck extends Transform {
  private head: Buffer[] = [];
  private layout: FirmwareImageLayout | undefined;
  private fault: ImageFault | undefined;
  /** Bytes seen so far. */
  private position = 0;
  private readonly whole = createHash('sha256');
  private payloadHash: Hash | undefined;
  private readonly trailer: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.whole.update(chunk);
    if (this.fault === undefined) this.inspect(chunk);
    this.position += chunk.length;
    done(null, chunk);
  }

  private inspect(chunk: Buffer): void {
    if (this.layout === undefined) {
      this.head.push(chunk);
      const head = Buffer.concat(this.head);
      this.head = [head];
      const read = readFirmwareImageHeader(head);
      if (read.status === 'incomplete') return;
      if (read.status === 'invalid') {
        this.fault = { error: HEADER_FAULTS[read.fault], message: read.message };
        return;
      }
      this.layout = read.layout;
      this.head = [];
      if (!sameBytes(createHash('sha256').update(read.layout.headerBytes).digest(), read.layout.headerHash)) {
        this.fault = { error: 'FIRMWARE_CHECKSUM_MISMATCH', message: 'the image header checksum does not match' };
        return;
      }
      this.payloadHash = createHash('sha256');
      this.body(head.subarray(read.layout.payloadOffset), read.layout.payloadOffset);
      return;
    }
    this.body(chunk, this.position);
  }

  /** Bytes at or after the payload's start; `at` is the offset of bytes[0] in the file. */
  private body(bytes: Buffer, at: number): void {
    const layout = this.layout;
    if (layout === undefined || bytes.length === 0) return;
    const payloadEnd = layout.payloadOffset + layout.header.payloadLength;
    const payloadPart = bytes.subarray(0, Math.max(0, payloadEnd - at));
    this.payloadHash?.update(payloadPart);
    const rest = bytes.subarray(payloadPart.length);
    if (rest.length > 0) this.trailer.push(rest);
    if (at + bytes.length > layout.totalBytes) {
      this.fault = {
        error: 'FIRMWARE_TRUNCATED',
        message: `the file is longer than the ${layout.totalBytes} bytes its header says`,
      };
    }
  }

  /** The verdict, once the stream has ended. */
  result(): { ok: true; image: CheckedImage } | { ok: false; fault: ImageFault } {
    if (this.fault !== undefined) return { ok: false, fault: this.fault };
    const size = this.position;
    const layout = this.layout;
    if (layout === undefined || size < layout.totalBytes) {
      const expected = layout === undefined ? 'its header needs' : `its header says (${layout.totalBytes})`;
      return { ok: false, fault: { error: 'FIRMWARE_TRUNCATED', message: `the file is shorter than ${expected}` } };
    }
    const stored = Buffer.concat(this.trailer);
    const payloadHash = this.payloadHash?.digest() ?? Buffer.alloc(0);
    if (stored.length !== FIRMWARE_HASH_BYTES || !sameBytes(payloadHash, stored))
      return {
        ok: false,
        fault: { error: 'FIRMWARE_CHECKSUM_MISMATCH', message: 'the payload checksum does not match' },
      };
    return { ok: true, image: { layout, size, sha256: this.whole.digest('hex') } };
  }
}
