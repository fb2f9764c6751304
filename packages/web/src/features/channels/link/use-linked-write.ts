/**
 * The channel view's write with linked channels (issue 18): the ONE place a write fans out. A write under a linked
 * channel goes to every linked channel as one grouped write (one undo step); a linked channel that cannot take it
 * (locked, a field its model lacks, refused by the amp) does not stop the others and is reported beside the links.
 * The user's own write refused is reported as any write is ('Failed to set device data').
 */
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { AuthRequiredError } from '@rackside/device-client';
import type { ModelInfo } from '@rackside/protocol';
import { useDeviceManager } from '../../../device';
import type { AccessCheck, DeviceWrite } from '../../../device/fields/types';
import { noticeShown } from '../../../shared/notices';
import { fanOut } from './fan-out';
import { linkStore, useAmpLinks, type LinkStore, type SkipReason } from './link-store';

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

/** `ctx.write`, fanned out to the channels linked with the written one. */
export function useLinkedWrite(ctx: LinkedWriteContext, store: LinkStore = linkStore): DeviceWrite {
  const { ampId, model, access, write, canWrite } = ctx;
  const manager = useDeviceManager();
  const dispatch = useDispatch();
  const linked = useAmpLinks(ampId, store).channels;
  return useCallback(
    async (url: string, params: Record<string, unknown>) => {
      const plan = model && fanOut(url, params, linked, { model, access });
      if (!plan || !manager.setGroup) return write(url, params);
      if (!canWrite) return false;
      const outcomes = await manager.setGroup(ampId, plan.writes);
      const [mine, ...others] = outcomes;
      if (mine && !mine.ok) {
        const key = mine.error instanceof AuthRequiredError ? 'loginRequired' : 'failedToSetDeviceData';
        dispatch(noticeShown({ severity: 'error', key }));
      }
      const refused = others.flatMap((o, i) => (o.ok ? [] : [plan.writes[i + 1]!.url]));
      const channels = (reason: SkipReason) => plan.skipped.filter((s) => s.reason === reason).map((s) => s.channel);
      const refusedChannels = refused.map((u) => Number(/^\/amp\/channels\/(\d+)/.exec(u)?.[1]));
      // the user's own write refused says it already; else the first reason a linked channel did not take it
      if (mine?.ok !== false) {
        if (refusedChannels.length > 0) store.refused(ampId, refusedChannels, 'refused');
        else if (channels('locked').length > 0) store.refused(ampId, channels('locked'), 'locked');
        else if (channels('missing').length > 0) store.refused(ampId, channels('missing'), 'missing');
      }
      return mine?.ok === true;
    },
    [linked, model, access, manager, write, canWrite, ampId, dispatch, store],
  );
}
