/**
 * The emulated firmware image: its file-name grammar (spec 3 §5) and a small container format that stands in
 * for the real encrypted tarball, so that tests, the web e2e and the demo can make good and broken images.
 *
 * File name grammar: @rackside/protocol device/firmware-image.ts (spec 3 §5). The name's version is only a label:
 * the version the amp reports afterwards is the one inside the image header.
 *
 * Container format (all integers big-endian):
 * ```
 * 'RKFW'                    4 bytes  magic
 * headerLength              4 bytes  uint32, at most 4096
 * header                    JSON (UTF-8): {"format":1,"prefix","version","boards","factoryReset","payloadLength"}
 * sha256(header)           32 bytes  checked while Decrypting: wrong magic/length/JSON/hash → DecryptingFail
 * payload      payloadLength bytes   opaque filler standing in for the tarball
 * sha256(payload)          32 bytes  checked while Extracting: short or altered payload → ExtractionFail
 * ```
 * `boards: true` means the image carries power-supply and amp-board firmware (the update ends in FinishedFlash).
 */
import { createHash } from 'node:crypto';
import {
  FIRMWARE_HASH_BYTES as HASH_BYTES,
  FIRMWARE_IMAGE_MAGIC,
  FIRMWARE_MAX_HEADER_BYTES as MAX_HEADER_BYTES,
  FirmwareHeaderSchema,
  type FirmwareHeader,
  type FirmwareImagePrefix,
} from '@rackside/protocol';

// The name grammar, the version pattern and the header schema are @rackside/protocol's (device/firmware-image.ts),
// shared with the cloud's firmware library; re-exported for this package's users.
export {
  FIRMWARE_NAME_PATTERN,
  FIRMWARE_VERSION_PATTERN,
  FirmwareHeaderSchema,
  firmwareFileName,
  looksLikeFirmwareName,
  parseFirmwareName,
  type FirmwareHeader,
} from '@rackside/protocol';

const MAGIC = Buffer.from(FIRMWARE_IMAGE_MAGIC, 'ascii');

/** Options of buildFirmwareImage. */
export interface BuildFirmwareImageOptions {
  readonly prefix: FirmwareImagePrefix;
  readonly version: string;
  /** Carries power-supply and amp-board firmware: the update flashes the boards and ends in FinishedFlash. */
  readonly boards?: boolean;
  /** The update passes through FactoryReset. */
  readonly factoryReset?: boolean;
  /** Filler payload size in bytes (default 64 KiB). */
  readonly payloadBytes?: number;
  /** true or 'checksum': a damaged header hash (DecryptingFail); 'truncated': the payload cut short (ExtractionFail). */
  readonly corrupt?: boolean | 'checksum' | 'truncated';
}

const sha256 = (b: Uint8Array): Buffer => createHash('sha256').update(b).digest();

/** Builds an emulated firmware image (see the format above); `corrupt` makes one that fails on purpose. */
export function buildFirmwareImage(opts: BuildFirmwareImageOptions): Buffer {
  const payloadLength = opts.payloadBytes ?? 64 * 1024;
  const payload = Buffer.alloc(payloadLength);
  for (let i = 0; i < payloadLength; i++) payload[i] = (i * 31 + 7) & 0xff;
  const header: FirmwareHeader = {
    format: 1,
    prefix: opts.prefix,
    version: opts.version,
    boards: opts.boards ?? false,
    factoryReset: opts.factoryReset ?? false,
    payloadLength,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  const headerHash = sha256(headerBytes);
  if (opts.corrupt === true || opts.corrupt === 'checksum') headerHash[0] = (headerHash[0] ?? 0) ^ 0xff;
  const image = Buffer.concat([MAGIC, length, headerBytes, headerHash, payload, sha256(payload)]);
  return opts.corrupt === 'truncated'
    ? image.subarray(0, image.length - HASH_BYTES - Math.ceil(payloadLength / 2))
    : image;
}

/** The result of one check on an image. */
export type ImageCheck<T> = { ok: true; value: T } | { ok: false; message: string };

/** The Decrypting step: magic, header length, header JSON and its hash. */
export function decryptFirmwareImage(bytes: Uint8Array): ImageCheck<{ header: FirmwareHeader; body: Buffer }> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 8 || !buf.subarray(0, 4).equals(MAGIC)) return { ok: false, message: 'not a firmware image' };
  const headerLength = buf.readUInt32BE(4);
  if (headerLength > MAX_HEADER_BYTES || buf.length < 8 + headerLength + HASH_BYTES)
    return { ok: false, message: 'damaged image header' };
  const headerBytes = buf.subarray(8, 8 + headerLength);
  const hash = buf.subarray(8 + headerLength, 8 + headerLength + HASH_BYTES);
  if (!sha256(headerBytes).equals(hash)) return { ok: false, message: 'image header checksum mismatch' };
  let json: unknown;
  try {
    json = JSON.parse(headerBytes.toString('utf8'));
  } catch {
    return { ok: false, message: 'image header is not JSON' };
  }
  const parsed = FirmwareHeaderSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: 'image header is not understood' };
  return { ok: true, value: { header: parsed.data, body: buf.subarray(8 + headerLength + HASH_BYTES) } };
}

/** The Extraction step: the payload is complete and its hash matches. */
export function extractFirmwarePayload(header: FirmwareHeader, body: Buffer): ImageCheck<Buffer> {
  if (body.length !== header.payloadLength + HASH_BYTES)
    return { ok: false, message: `payload is ${body.length} bytes, expected ${header.payloadLength + HASH_BYTES}` };
  const payload = body.subarray(0, header.payloadLength);
  if (!sha256(payload).equals(body.subarray(header.payloadLength)))
    return { ok: false, message: 'payload checksum mismatch' };
  return { ok: true, value: payload };
}
