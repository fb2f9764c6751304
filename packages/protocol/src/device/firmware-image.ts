/**
 * Firmware images (docs/device-api.md "Firmware images"): the file-name grammar of spec 3 §5, the version pattern,
 * and the container's layout, shared by the amp emulator (which installs images) and the cloud (which keeps a
 * library of them). Pure: the SHA-256 checks are the caller's (node:crypto in both), everything else is here.
 *
 * File name grammar (case-sensitive): `{PREFIX}-{a}.{b}.{c}.{d}[-{tag}].tar.xz.enc`, where PREFIX is one of
 * DLS, SS, BS, ASBT and a..d are decimal numbers. The separators between the four numbers may also be `-`
 * (device-api-notes.md writes names as `DLS-x-x-x....tar.xz.enc`), so `DLS-1-6-0-0.tar.xz.enc` is accepted too.
 * The optional tag is letters, digits and dots (`ASBT-1.6.0.0-rc1.tar.xz.enc`).
 *
 * Container format (all integers big-endian):
 * ```
 * 'RKFW'                    4 bytes  magic
 * headerLength              4 bytes  uint32, at most 4096
 * header                    JSON (UTF-8): {"format":1,"prefix","version","boards","factoryReset","payloadLength"}
 * sha256(header)           32 bytes
 * payload      payloadLength bytes   opaque filler standing in for the tarball
 * sha256(payload)          32 bytes
 * ```
 */
import { z } from 'zod';
import type { FirmwareImagePrefix } from './models';

/** The model families of spec 3 §5, by image-name prefix. */
export const FIRMWARE_IMAGE_PREFIXES = ['DLS', 'SS', 'BS', 'ASBT'] as const satisfies readonly FirmwareImagePrefix[];

/** spec 1 §5 / spec 3 §5: a firmware version is four dotted numbers. */
export const FIRMWARE_VERSION_PATTERN = /^\d{1,9}\.\d{1,9}\.\d{1,9}\.\d{1,9}$/;

/** Matches a firmware image file name; groups: prefix, four version numbers. */
export const FIRMWARE_NAME_PATTERN =
  /^(DLS|SS|BS|ASBT)-(\d{1,9})[.-](\d{1,9})[.-](\d{1,9})[.-](\d{1,9})(?:-[A-Za-z0-9.]+)?\.tar\.xz\.enc$/;

/** The suffix every image name ends with. */
export const FIRMWARE_NAME_SUFFIX = '.tar.xz.enc';

/** True when a file name ends like a firmware image (whether or not the rest of the grammar holds). */
export const looksLikeFirmwareName = (name: string): boolean => name.endsWith(FIRMWARE_NAME_SUFFIX);

const isPrefix = (p: string | undefined): p is FirmwareImagePrefix =>
  FIRMWARE_IMAGE_PREFIXES.some((known) => known === p);

/** Parses a firmware image file name into its prefix and version, or undefined when it breaks the grammar. */
export function parseFirmwareName(name: string): { prefix: FirmwareImagePrefix; version: string } | undefined {
  const m = FIRMWARE_NAME_PATTERN.exec(name);
  const prefix = m?.[1];
  if (!m || !isPrefix(prefix)) return undefined;
  return { prefix, version: [m[2], m[3], m[4], m[5]].map((n) => String(Number(n))).join('.') };
}

/** Why a name is not an image name: its family (prefix), its version, or anything else. */
export type FirmwareNameFault = 'family' | 'version' | 'name';

/** The part of the grammar a bad name breaks (for error messages that say which). */
export function firmwareNameFault(name: string): FirmwareNameFault {
  if (!looksLikeFirmwareName(name)) return 'name';
  const head = /^([A-Za-z0-9]+)-(.*)$/.exec(name.slice(0, -FIRMWARE_NAME_SUFFIX.length));
  if (!head) return 'name';
  return isPrefix(head[1]) ? 'version' : 'family';
}

/** The canonical file name of an image: `{PREFIX}-{version}.tar.xz.enc`. */
export const firmwareFileName = (prefix: FirmwareImagePrefix, version: string): string =>
  `${prefix}-${version}${FIRMWARE_NAME_SUFFIX}`;

/** The container's magic, its largest header and its hash size. */
export const FIRMWARE_IMAGE_MAGIC = 'RKFW';
export const FIRMWARE_MAX_HEADER_BYTES = 4096;
export const FIRMWARE_HASH_BYTES = 32;
/** Magic and header length. */
const PREAMBLE_BYTES = 8;

/** The JSON header inside an image. */
export const FirmwareHeaderSchema = z.object({
  format: z.literal(1),
  prefix: z.enum(FIRMWARE_IMAGE_PREFIXES),
  version: z.string().regex(FIRMWARE_VERSION_PATTERN, 'not four dotted numbers'),
  boards: z.boolean(),
  factoryReset: z.boolean(),
  payloadLength: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31),
});
/** What an image says about itself. */
export type FirmwareHeader = z.infer<typeof FirmwareHeaderSchema>;

/** Where the parts of an image lie, once its header is read. */
export interface FirmwareImageLayout {
  readonly header: FirmwareHeader;
  /** The header's JSON bytes and the SHA-256 stored after them (the caller compares). */
  readonly headerBytes: Uint8Array;
  readonly headerHash: Uint8Array;
  /** Offset of the payload; the payload hash follows it. */
  readonly payloadOffset: number;
  /** The size the whole image must have. */
  readonly totalBytes: number;
}

/**
 * Why the start of a file is no image: `notAnImage` (no magic), `header` (a header length out of range, or a header
 * that is not JSON or lacks a field), `family` (a prefix none of spec 3 §5's), `version` (not four dotted numbers).
 */
export type FirmwareHeaderFault = 'notAnImage' | 'header' | 'family' | 'version';

/** What the first bytes of a file say: more bytes needed, a fault, or the layout. */
export type FirmwareHeaderRead =
  | { readonly status: 'incomplete'; readonly needBytes: number }
  | { readonly status: 'invalid'; readonly fault: FirmwareHeaderFault; readonly message: string }
  | { readonly status: 'ok'; readonly layout: FirmwareImageLayout };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads the preamble and JSON header from the first bytes of a file (at most 8 + 4096 + 32 are ever needed).
 * A prefix shorter than that answers `incomplete` with the count it needs, unless what it has is already wrong.
 */
export function readFirmwareImageHeader(bytes: Uint8Array): FirmwareHeaderRead {
  const magic = Math.min(bytes.length, FIRMWARE_IMAGE_MAGIC.length);
  for (let i = 0; i < magic; i++) {
    if (bytes[i] !== FIRMWARE_IMAGE_MAGIC.charCodeAt(i))
      return { status: 'invalid', fault: 'notAnImage', message: 'not a firmware image (no RKFW magic)' };
  }
  if (bytes.length < PREAMBLE_BYTES) return { status: 'incomplete', needBytes: PREAMBLE_BYTES };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(4);
  if (headerLength === 0 || headerLength > FIRMWARE_MAX_HEADER_BYTES)
    return { status: 'invalid', fault: 'header', message: `header length ${headerLength} is out of range` };
  const payloadOffset = PREAMBLE_BYTES + headerLength + FIRMWARE_HASH_BYTES;
  if (bytes.length < payloadOffset) return { status: 'incomplete', needBytes: payloadOffset };
  const headerBytes = bytes.subarray(PREAMBLE_BYTES, PREAMBLE_BYTES + headerLength);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(headerBytes));
  } catch {
    return { status: 'invalid', fault: 'header', message: 'the image header is not JSON' };
  }
  if (isObject(json) && typeof json.prefix === 'string' && !isPrefix(json.prefix))
    return { status: 'invalid', fault: 'family', message: `unknown model family "${json.prefix.slice(0, 16)}"` };
  if (isObject(json) && typeof json.version === 'string' && !FIRMWARE_VERSION_PATTERN.test(json.version))
    return { status: 'invalid', fault: 'version', message: 'the image version is not four dotted numbers' };
  const parsed = FirmwareHeaderSchema.safeParse(json);
  if (!parsed.success) return { status: 'invalid', fault: 'header', message: 'the image header is not understood' };
  return {
    status: 'ok',
    layout: {
      header: parsed.data,
      headerBytes,
      headerHash: bytes.subarray(PREAMBLE_BYTES + headerLength, payloadOffset),
      payloadOffset,
      totalBytes: payloadOffset + parsed.data.payloadLength + FIRMWARE_HASH_BYTES,
    },
  };
}
