import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INVALID_TRANSFER_FILE_MESSAGE, parseTransferFile, TransferFileSchema } from './file';
import { SCHEMA_PATH, schemaText } from './write-schema';

const minimal = { network: {}, amp: {}, channels: {}, inputs: {} };

describe('transfer file schema (spec 3 §3)', () => {
  it('docs/transfer-file.schema.json is the zod schema (regenerate: npx tsx packages/protocol/src/transfer/write-schema.ts)', () => {
    expect(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8'))).toEqual(JSON.parse(schemaText()));
  });

  it('accepts a settings file without GPIO and version, a tunings file with version 2, and a signed locked file', () => {
    expect(TransferFileSchema.safeParse(minimal).success).toBe(true);
    expect(TransferFileSchema.safeParse({ ...minimal, version: 2, channels: { '1': { eq: {} } } }).success).toBe(true);
    const locked = {
      ...minimal,
      GPIO: { '1': { mode: 'None' } },
      lockedProperties: { groups: { g1: { key: 'k', properties: ['/amp/channels/1/crossover'] } } },
      deviceId: 'abc',
      signature: 'f'.repeat(64),
    };
    expect(TransferFileSchema.safeParse(locked).success).toBe(true);
  });

  it.each([
    ['a missing section', { network: {}, amp: {}, channels: {} }],
    ['an unknown top-level key', { ...minimal, extra: 1 }],
    ['an unknown version', { ...minimal, version: 3 }],
    ['a channel that is not 1..8', { ...minimal, channels: { '9': {} } }],
    ['an array in a section', { ...minimal, amp: { deviceInfo: [1] } }],
    ['a section that is not an object', { ...minimal, network: 'x' }],
    ['a locked group without properties', { ...minimal, lockedProperties: { groups: { g: { key: 'k' } } } }],
  ])('refuses %s', (_what, file) => {
    expect(TransferFileSchema.safeParse(file).success).toBe(false);
  });

  it('gives the spec message for text that is not JSON or not a transfer file', () => {
    expect(parseTransferFile('{not json')).toEqual({ ok: false, message: INVALID_TRANSFER_FILE_MESSAGE });
    expect(parseTransferFile('[]')).toEqual({ ok: false, message: 'Failed to import: invalid or corrupted file' });
    expect(parseTransferFile(JSON.stringify(minimal))).toEqual({ ok: true, file: minimal });
  });
});
