/**
 * spec 3 §4: a transfer file's signature. Spec 3 names no hash and no key for it ("the signature must equal one
 * computed from the file with the signature blanked"), so we use SHA-256, lower-case hex, of the file's canonical JSON
 * (device/auth.ts canonicalJson: keys sorted at every depth, no spaces) with `signature` set to "". docs/transfer-file.md says the same.
 */
import { canonicalJson, sha256Hex } from '../device/auth';
import type { TransferFile } from './file';

/** The signature a file should carry: SHA-256 hex of its canonical JSON with the signature blanked. */
export const transferFileSignature = (file: TransferFile): Promise<string> =>
  sha256Hex(canonicalJson({ ...file, signature: '' }));

/** spec 3 §3: a locked amp's export carries its deviceId and a signature; this adds both. */
export async function signTransferFile(file: TransferFile, deviceId: string): Promise<TransferFile> {
  const withId: TransferFile = { ...file, deviceId, signature: '' };
  return { ...withId, signature: await transferFileSignature(withId) };
}

/** spec 3 §5: the failure each outcome shows, after the import's prefix (failureMessage); "Invalid key." stands alone. */
export const SIGNATURE_MESSAGES = {
  missingDeviceId: 'Invalid signature',
  badSignature: 'Invalid signature',
  missingKey: 'Invalid key.',
} as const;
/** Why a file was refused before anything was set. */
export type SignatureFailure = keyof typeof SIGNATURE_MESSAGES;

/** spec 3 §5: the prefixes of the amp settings and speaker tunings import failures. */
export const IMPORT_FAILURE_PREFIX = {
  settings: 'Amp settings failed to import.',
  tunings: 'Speaker tunings failed to import.',
} as const;

/** The whole message of a refusal: "Amp settings failed to import. Invalid signature", or "Invalid key.". */
export const failureMessage = (reason: SignatureFailure, kind: keyof typeof IMPORT_FAILURE_PREFIX): string =>
  reason === 'missingKey'
    ? SIGNATURE_MESSAGES.missingKey
    : `${IMPORT_FAILURE_PREFIX[kind]} ${SIGNATURE_MESSAGES[reason]}`;

/** What verifyTransferFile found: unsigned and well-signed files pass; the rest fail with the spec's reason. */
export type SignatureOutcome =
  { readonly ok: true; readonly signed: boolean } | { readonly ok: false; readonly reason: SignatureFailure };

/**
 * spec 3 §4: a file with a signature needs a deviceId and a signature equal to the one recomputed with it blanked;
 * locked properties need a key for every group ("Locked properties import needs a key").
 */
export async function verifyTransferFile(file: TransferFile): Promise<SignatureOutcome> {
  if (file.signature !== undefined) {
    if (!file.deviceId) return { ok: false, reason: 'missingDeviceId' };
    if ((await transferFileSignature(file)) !== file.signature.toLowerCase())
      return { ok: false, reason: 'badSignature' };
  }
  const groups = Object.values(file.lockedProperties?.groups ?? {});
  if (groups.some((g) => g.key.trim() === '')) return { ok: false, reason: 'missingKey' };
  return { ok: true, signed: file.signature !== undefined };
}
