/**
 * Reading a chosen tuning file (spec 3 §4/§5): parse, verify the signature (before the retarget, which changes the
 * file), move it onto this channel and plan it. A refusal is the key of its 'tunings' text.
 */
import {
  parseTransferFile,
  planTuningImport,
  retargetTuning,
  verifyTransferFile,
  type ImportPlan,
  type ModelInfo,
  type TransferFile,
  type TuningState,
} from '@rackside/protocol';

/** What a chosen file gives: the retargeted file and its plan, or why it is refused. */
export type LoadedTuning =
  | { readonly ok: true; readonly file: TransferFile; readonly plan: ImportPlan }
  | { readonly ok: false; readonly refusal: 'invalidFile' | 'invalidSignature' | 'invalidKey' };

export async function loadTuningFile(
  text: string,
  target: { readonly state: TuningState; readonly model: ModelInfo; readonly channel: number },
): Promise<LoadedTuning> {
  const parsed = parseTransferFile(text);
  if (!parsed.ok) return { ok: false, refusal: 'invalidFile' };
  const verified = await verifyTransferFile(parsed.file);
  if (!verified.ok) return { ok: false, refusal: verified.reason === 'missingKey' ? 'invalidKey' : 'invalidSignature' };
  const file = retargetTuning(parsed.file, target.channel);
  if (!file) return { ok: false, refusal: 'invalidFile' };
  return { ok: true, file, plan: planTuningImport(file, target.state, target.model, target.channel) };
}
