/**
 * Instant writes: a change shows in the store at once, clamped to the amp's schema, before the amp answers; if the
 * amp refuses, the subtree goes back to what the client last received.
 */
import { clampAt, getAt, rootedAt, urlSegments, type DeviceDelta } from '@rackside/protocol';
import { ConnectionError } from '@rackside/device-client';
import { deltasReceived } from '../store/devices-slice';
import type { AmpRecord, Fleet } from './fleet';

/** A value placed at its url in an otherwise empty tree ("/a/b", 1 → { a: { b: 1 } }). */
const rooted = (url: string, value: unknown): DeviceDelta => rootedAt(urlSegments(url), value) as DeviceDelta;

/**
 * `set url params` on one amp, shown at once; the error of a refused write is rethrown after the rollback. A parked
 * amp is connected first through `connectParked`. Resolves with what was written as the store shows it (the params
 * clamped to the schema; the params as given when the model is not known).
 */
export async function writeInstantly(
  fleet: Fleet,
  ampId: string,
  url: string,
  params: Record<string, unknown>,
  connectParked: (ampId: string, rec: AmpRecord) => void,
): Promise<Record<string, unknown>> {
  const rec = fleet.amps.get(ampId);
  if (!rec) throw new ConnectionError(`no connection to ${ampId}`);
  if (rec.parked) {
    connectParked(ampId, rec);
    await rec.client.connected().catch(() => undefined);
  }
  const model = rec.client.model;
  const optimistic = model ? clampAt(model, url, params) : undefined;
  // pending notifications first, so that an older value cannot overwrite the one just written
  fleet.batcher.flush();
  if (optimistic !== undefined) fleet.dispatch(deltasReceived([{ ampId, delta: rooted(url, optimistic) }]));
  try {
    await rec.client.set(url, params);
  } catch (err) {
    fleet.batcher.flush();
    const truth = getAt(rec.client.state, urlSegments(url));
    if (truth !== undefined) fleet.dispatch(deltasReceived([{ ampId, delta: rooted(url, structuredClone(truth)) }]));
    throw err;
  }
  return typeof optimistic === 'object' && optimistic !== null ? (optimistic as Record<string, unknown>) : params;
}
