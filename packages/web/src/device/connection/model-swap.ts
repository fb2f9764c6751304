/**
 * Model changes: the client learns an amp's model from its deviceInfo and clamps its whole tree again. The first
 * model merges the whole tree into the store; a different model at the same address (an amp swapped) replaces it.
 */
import { deltasReceived, stateReplaced } from '../store/devices-slice';
import type { AmpRecord, Fleet } from './fleet';

/**
 * Hands the amp's whole tree to the store when its client's model changed; returns false when it did not (the
 * notification then goes through the batcher as usual).
 */
export function takeModelChange(fleet: Fleet, ampId: string, rec: AmpRecord): boolean {
  const modelId = rec.client.model?.id ?? null;
  if (modelId === null || modelId === rec.modelId) return false;
  const swapped = rec.modelId !== null;
  rec.modelId = modelId;
  // the new model's field schemas differ: the detail asks for them again
  if (swapped) rec.infoRequested = false;
  // what is pending was clamped for the old model, and the whole tree carries it anyway
  fleet.batcher.drop(ampId);
  const tree = structuredClone(rec.client.state);
  fleet.dispatch(
    swapped ? stateReplaced({ ampId, state: tree, modelId }) : deltasReceived([{ ampId, delta: tree, modelId }]),
  );
  return true;
}
