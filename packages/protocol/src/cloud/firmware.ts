/**
 * The firmware library (issue 14): a user uploads firmware images (docs/device-api.md "Firmware images"), lists them
 * by model family, marks one version per family as latest, and the cloud hands amps an expiring download URL of an
 * image in their firmware jobs. Every user has their own library: another user's image answers NotFound.
 */
import { z } from 'zod';
import { FIRMWARE_IMAGE_PREFIXES, FIRMWARE_VERSION_PATTERN } from '../device/firmware-image';

/** Firmware library endpoints, relative to the API base (docs/adr/0003). */
export const FIRMWARE_PATHS = {
  /**
   * GET: the caller's images by family; POST (multipart: `file`, optional `notes`): upload one image
   * (`*.tar.xz.enc`) or a release zip (`*.zip`, several families' images, all stored or none).
   */
  images: '/firmware',
  /** DELETE: remove an image (its file with it). */
  image: '/firmware/:imageId',
  /** PUT: make this image the latest of its family. */
  latest: '/firmware/:imageId/latest',
  /** GET ?token=, called by the amp: the image's bytes (Range supported); the token is the credential. */
  download: '/firmware/:imageId/download',
} as const;

/** The query parameter that carries a download token (the cloud never logs it). */
export const FIRMWARE_TOKEN_QUERY = 'token';
/** The multipart field of the image file and of the release notes. */
export const FIRMWARE_FILE_FIELD = 'file';
export const FIRMWARE_NOTES_FIELD = 'notes';
/** Longest release notes (characters of markdown, stored as text; the web renders them). */
export const FIRMWARE_NOTES_MAX_CHARS = 20_000;
/** Default largest image (bytes), as the amp's own MAX_FIRMWARE_BYTES (FIRMWARE_MAX_BYTES configures it). */
export const FIRMWARE_DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** `{imageId}` path parameters. */
export const FirmwareImageParamsSchema = z.object({ imageId: z.uuid() });
export type FirmwareImageParams = z.infer<typeof FirmwareImageParamsSchema>;

/** GET /firmware/{id}/download query: the token (absent answers Unauthorized, like a bad one). */
export const FirmwareDownloadQuerySchema = z.object({ [FIRMWARE_TOKEN_QUERY]: z.string().max(4096).optional() });
export type FirmwareDownloadQuery = z.infer<typeof FirmwareDownloadQuerySchema>;

/** A model family of spec 3 §5 (the image-name prefix). */
export const FirmwareFamilySchema = z.enum(FIRMWARE_IMAGE_PREFIXES);
export type FirmwareFamily = z.infer<typeof FirmwareFamilySchema>;

/** One image of the library. */
export const FirmwareImageSchema = z.object({
  imageId: z.string(),
  family: FirmwareFamilySchema,
  version: z.string().regex(FIRMWARE_VERSION_PATTERN),
  /** The file name it was uploaded as. */
  name: z.string(),
  /** Bytes of the whole file. */
  size: z.number().int().min(0),
  /** SHA-256 (hex) of the whole file. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The image carries power-supply and amp-board firmware (an update of it ends in FinishedFlash). */
  boards: z.boolean(),
  factoryReset: z.boolean(),
  /** Release notes, markdown as uploaded (null: none). */
  notes: z.string().nullable(),
  /** Exactly one image per family (of a user) is the latest: the one firmware jobs send by default. */
  latest: z.boolean(),
  uploadedAt: z.iso.datetime(),
});
export type FirmwareImage = z.infer<typeof FirmwareImageSchema>;

/**
 * POST /firmware (201) and PUT /firmware/{id}/latest reply. `images` (POST only) is every image the upload stored: one
 * for an image, one per image of a release zip (families in spec 3 §5 order); `image` is the first of them.
 */
export const FirmwareImageReplySchema = z.object({
  image: FirmwareImageSchema,
  images: z.array(FirmwareImageSchema).min(1).optional(),
});
export type FirmwareImageReply = z.infer<typeof FirmwareImageReplySchema>;

/** POST /firmware (201) reply: FirmwareImageReply with `images` always present. */
export const FirmwareUploadReplySchema = FirmwareImageReplySchema.extend({
  images: z.array(FirmwareImageSchema).min(1),
});
export type FirmwareUploadReply = z.infer<typeof FirmwareUploadReplySchema>;

/** GET /firmware reply: each family that has images, its latest version and its images, newest version first. */
export const FirmwareLibrarySchema = z.object({
  families: z.array(
    z.object({
      family: FirmwareFamilySchema,
      latestVersion: z.string().nullable(),
      images: z.array(FirmwareImageSchema),
    }),
  ),
});
export type FirmwareLibrary = z.infer<typeof FirmwareLibrarySchema>;
