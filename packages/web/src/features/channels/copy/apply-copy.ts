/** Issue 18: sending a copy's writes as one grouped change (one undo step), with progress; what the amp refused. */
import type { DeviceManager } from '../../../device';
import type { GroupWrite, GroupWriteOutcome } from '../../../device/undo/recorded-writes';
import { channelOfWrite } from './plan-copy';

/** What a copy did: the number of writes each target channel had refused. */
export type CopyOutcome = ReadonlyMap<number, number>;

/** Writes them as one group when the manager can (else one by one); `onProgress(done)` after each. */
export async function applyCopy(
  manager: Pick<DeviceManager, 'set' | 'setGroup'>,
  ampId: string,
  writes: readonly GroupWrite[],
  onProgress: (done: number) => void,
): Promise<CopyOutcome> {
  let outcomes: GroupWriteOutcome[];
  if (manager.setGroup) outcomes = await manager.setGroup(ampId, writes, onProgress);
  else {
    outcomes = [];
    for (const w of writes) {
      try {
        await manager.set(ampId, w.url, w.params);
        outcomes.push({ ok: true });
      } catch (error) {
        outcomes.push({ ok: false, error });
      }
      onProgress(outcomes.length);
    }
  }
  const refused = new Map<number, number>();
  outcomes.forEach((o, i) => {
    if (o.ok) return;
    const channel = channelOfWrite(writes[i]!.url);
    refused.set(channel, (refused.get(channel) ?? 0) + 1);
  });
  return refused;
}
