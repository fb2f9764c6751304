/**
 * The settings transfer file of spec 3 §3: what Export writes and Import reads, as a zod schema and its JSON Schema
 * (docs/transfer-file.schema.json, kept equal to this one by file.test.ts).
 */
import { z } from 'zod';

/** A leaf or a subtree of a section: the values of the amp's parameter tree, nested as the tree nests them. */
export type TransferValue = null | boolean | number | string | { [key: string]: TransferValue };

// Arrays never occur in the parameter tree below the sections, so a file holding one is refused as corrupt.
const KeySchema = z.string().min(1).max(64);
/** A subtree of the amp's parameter tree (a JSON object whose leaves are the fields' values). */
export const TransferTreeSchema: z.ZodType<{ [key: string]: TransferValue }> = z
  .lazy(() =>
    z.record(KeySchema, z.union([z.null(), z.boolean(), z.number(), z.string().max(65536), TransferTreeSchema])),
  )
  .meta({ id: 'TransferTree', description: 'A subtree of the amp parameter tree (docs/device-api.md)' });

/** Channel numbers as the device tree keys them: "1".."8". */
export const ChannelKeySchema = z.string().regex(/^[1-8]$/);

/** spec 3 §3: locked property groups as a locked amp exports them (`/lockedProperties`). */
export const TransferLockedPropertiesSchema = z.object({
  groups: z.record(KeySchema, z.object({ key: z.string().max(256), properties: z.array(z.string().min(1).max(256)) })),
});

/** spec 3 §3/§9: a settings export carries no version (read as 1); a speaker tuning export carries version 2. */
export const TRANSFER_FILE_VERSIONS = [1, 2] as const;
/** The version speaker tuning exports carry (spec 3 §9). */
export const TUNINGS_FILE_VERSION = 2;

/**
 * spec 3 §3 "Exported amp settings file": network, amp, channels, inputs; optional GPIO; for locked amps
 * lockedProperties, deviceId and a signature; a tuning export adds version 2. Unknown top-level keys are refused.
 */
export const TransferFileSchema = z
  .strictObject({
    version: z.union([z.literal(1), z.literal(2)]).optional(),
    network: TransferTreeSchema,
    amp: TransferTreeSchema,
    channels: z.record(ChannelKeySchema, TransferTreeSchema),
    inputs: TransferTreeSchema,
    GPIO: TransferTreeSchema.optional(),
    lockedProperties: TransferLockedPropertiesSchema.optional(),
    deviceId: z.string().min(1).max(64).optional(),
    signature: z.string().max(256).optional(),
  })
  .meta({ title: 'Rackside amp settings transfer file', description: 'spec 3 §3; see docs/transfer-file.md' });
/** A parsed transfer file. */
export type TransferFile = z.infer<typeof TransferFileSchema>;

/** spec 3 §5: the message for a file that is not JSON or does not match the schema. */
export const INVALID_TRANSFER_FILE_MESSAGE = 'Failed to import: invalid or corrupted file';

/** Parses a file's text: the file, or the spec's invalid-file message (never throws). */
export function parseTransferFile(text: string): { ok: true; file: TransferFile } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: INVALID_TRANSFER_FILE_MESSAGE };
  }
  const r = TransferFileSchema.safeParse(json);
  return r.success ? { ok: true, file: r.data } : { ok: false, message: INVALID_TRANSFER_FILE_MESSAGE };
}

/** The JSON Schema (draft 2020-12) of the transfer file, for third-party tools. */
export function transferFileJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(TransferFileSchema, { target: 'draft-2020-12' });
}
