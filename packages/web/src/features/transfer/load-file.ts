/** Reading a chosen transfer file (spec 3 §4/§5): parse, check its signature; a refused file is not loaded. */
import { parseTransferFile, verifyTransferFile, type TransferFile } from '@rackside/protocol';

/** A file read, parsed and verified: ready to preview, compare and import. */
export interface LoadedFile {
  readonly name: string;
  readonly file: TransferFile;
  /** spec 3 §2: a file with locked properties hides the ticks and imports everything. */
  readonly locked: boolean;
}

/** Why a chosen file was not loaded: not a transfer file, or its signature or keys do not hold. */
export type Refusal = 'invalid' | 'missingDeviceId' | 'badSignature' | 'missingKey';

const readText = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });

/** The loaded file, or why it was refused. */
export async function loadTransferFile(
  chosen: File,
): Promise<{ ok: true; loaded: LoadedFile } | { ok: false; refusal: Refusal }> {
  const parsed = parseTransferFile(await readText(chosen).catch(() => ''));
  if (!parsed.ok) return { ok: false, refusal: 'invalid' };
  const verified = await verifyTransferFile(parsed.file);
  if (!verified.ok) return { ok: false, refusal: verified.reason };
  const locked = Object.keys(parsed.file.lockedProperties?.groups ?? {}).length > 0;
  return { ok: true, loaded: { name: chosen.name, file: parsed.file, locked } };
}
