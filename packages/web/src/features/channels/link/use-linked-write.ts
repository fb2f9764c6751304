/**
 * The channel view's write with linked channels (issue 18): the ONE place a write fans out. A write under a linked
 * channel goes to every linked channel of this amp as one grouped write (one undo step), then to the same channel of
 * the amps linked across, each amp's share as one grouped write through its own write path (one undo step in THAT
 * amp's history). A linked channel that cannot take it (locked, a field its model lacks, refused by the amp, its amp
 * not connected or not signed in to) does not stop the others and is reported beside the links. The user's own write refused is reported
 * as any write is ('Failed to set device data'), and then nothing is written elsewhere.
 */
import { useCallback } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { AuthRequiredError } from '@rackside/device-client';
import type { ModelInfo } from '@rackside/protocol';
import { useDeviceManager, type DeviceManager, type WithDevices, type WithLocalLogin } from '../../../device';
import type { AccessCheck, DeviceWrite } from '../../../device/fields/types';
import type { GroupWrite } from '../../../device/undo/recorded-writes';
import { noticeShown } from '../../../shared/notices';
import { channelOfUrl, fanOut, fanOutToAmps, type OtherAmpFanOut } from './fan-out';
import { linkedPlaces, linkStore, type LinkStore, type OtherAmpRefusal, type SkipReason } from './link-store';
import { ampName, otherAmpTargets } from './other-amps';

/** What the fan-out needs of the channel tabs' adapter (channel-tab-props.ts). */
export interface LinkedWriteContext {
  readonly ampId: string;
  /** Undefined until the amp's model is known (every write is then plain). */
  readonly model: ModelInfo | undefined;
  readonly access: AccessCheck;
  /** The plain write (useDeviceWrite's set): used for every write that is not fanned out. */
  readonly write: DeviceWrite;
  readonly canWrite: boolean;
}

const channelOf = (url: string) => channelOfUrl(url)?.channel ?? 0;

/** The channels whose writes were refused (outcomes in the order of `writes`). */
function refusedChannels(writes: readonly GroupWrite[], outcomes: readonly { ok: boolean }[]): number[] {
  return outcomes.flatMap((o, i) => (o.ok || !writes[i] ? [] : [channelOf(writes[i].url)]));
}

/** Writes each other amp's share (one group each); what it did not take, by reason, with the amp's name. */
async function writeOtherAmps(
  manager: DeviceManager,
  plans: readonly OtherAmpFanOut[],
  nameOf: (ampId: string) => string,
): Promise<OtherAmpRefusal[]> {
  const setGroup = manager.setGroup?.bind(manager);
  const done = await Promise.all(
    plans.map(async ({ ampId, writes, skipped }) => {
      const outcomes = setGroup && writes.length > 0 ? await setGroup(ampId, writes) : [];
      const reasons: [SkipReason, number[]][] = [
        ['refused', refusedChannels(writes, outcomes)],
        ...(['offline', 'guest', 'locked', 'missing'] as const).map((reason): [SkipReason, number[]] => [
          reason,
          skipped.filter((x) => x.reason === reason).map((x) => x.channel),
        ]),
      ];
      return reasons
        .filter(([, channels]) => channels.length > 0)
        .map(([reason, channels]) => ({ ampId, name: nameOf(ampId), channels, reason }));
    }),
  );
  return done.flat();
}

/** `ctx.write`, fanned out to the channels linked with the written one, on this amp and on the amps linked across. */
export function useLinkedWrite(ctx: LinkedWriteContext, store: LinkStore = linkStore): DeviceWrite {
  const { ampId, model, access, write, canWrite } = ctx;
  const manager = useDeviceManager();
  const dispatch = useDispatch();
  const devices = useStore<WithDevices & WithLocalLogin>();
  return useCallback(
    async (url: string, params: Record<string, unknown>) => {
      const at = channelOfUrl(url);
      // the links as they are now (read at the write, so a link made a moment ago counts)
      const places = at ? linkedPlaces(store.linksOf, ampId, at.channel) : undefined;
      const here = places?.get(ampId) ?? [];
      const plan = model && fanOut(url, params, here, { model, access });
      const others =
        places && places.size > 1 ? fanOutToAmps(url, params, otherAmpTargets(devices.getState(), places, ampId)) : [];
      if ((!plan && others.length === 0) || !manager.setGroup) return write(url, params);
      // a write this user may not make goes nowhere (the plain write says why; a grouped one is never offered)
      if (plan && !canWrite) return false;
      let mineOk: boolean;
      let refused: number[] = [];
      if (plan) {
        const outcomes = await manager.setGroup(ampId, plan.writes);
        const [mine] = outcomes;
        mineOk = mine?.ok === true;
        if (mine && !mine.ok) {
          const key = mine.error instanceof AuthRequiredError ? 'loginRequired' : 'failedToSetDeviceData';
          dispatch(noticeShown({ severity: 'error', key }));
        }
        refused = refusedChannels(plan.writes.slice(1), outcomes.slice(1));
      } else mineOk = (await write(url, params)) !== false;
      // the user's own write refused says it already, and goes nowhere else
      if (!mineOk) return false;
      const otherRefusals = await writeOtherAmps(manager, others, (id) => ampName(devices.getState(), id));
      const channels = (reason: SkipReason) =>
        plan?.skipped.filter((s) => s.reason === reason).map((s) => s.channel) ?? [];
      // the first reason a linked channel of this amp did not take it, and every other amp's
      const own = (['refused', 'locked', 'missing'] as const)
        .map((reason) => ({ reason, list: reason === 'refused' ? refused : channels(reason) }))
        .find((r) => r.list.length > 0);
      if (own || otherRefusals.length > 0)
        store.refused(ampId, own?.list ?? [], own?.reason ?? 'refused', otherRefusals);
      return true;
    },
    [model, access, manager, write, canWrite, ampId, dispatch, store, devices],
  );
}
