/** Sends an EQ patch (protocol rules/eq.ts) as one `set` per filter, the URLs of spec 2 §7. */
import type { EqFilterGroup, EqPatch } from '@rackside/protocol';
import type { DeviceWrite } from '../../../../device/fields/types';
import { sendObject } from '../fields/send';

const GROUPS: readonly EqFilterGroup[] = ['outputEqFilters', 'inputIirEqFilters', 'inputFirEqFilters'];

/** The field URLs a patch writes, for the UAC check of the button that sends it. */
export function patchFieldUrls(channel: number, patch: EqPatch): string[] {
  return GROUPS.flatMap((group) =>
    Object.entries(patch[group] ?? {}).flatMap(([key, fields]) =>
      Object.keys(fields).map((name) => `/amp/channels/${channel}/${group}/${key}/${name}`),
    ),
  );
}

export function sendEqPatch(write: DeviceWrite, channel: number, patch: EqPatch): void {
  for (const group of GROUPS) {
    for (const [key, fields] of Object.entries(patch[group] ?? {})) {
      sendObject(write, `/amp/channels/${channel}/${group}/${key}`, fields);
    }
  }
}
