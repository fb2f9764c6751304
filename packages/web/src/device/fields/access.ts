/** spec 2 §6 and spec 3 §3: who may change which field of an amp, from its UAC roles, locked groups and the user. */
import { UAC_LEVELS, uacAccessLevel, type DeviceDelta, type UacLevel, type UacView } from '@rackside/protocol';
import type { AccessCheck } from './types';

/** What the access check needs to know about the amp and the user. */
export interface AccessFacts {
  readonly uac: DeviceDelta['UAC'];
  readonly firmwareVersion: string | undefined;
  readonly lockedProperties: DeviceDelta['lockedProperties'];
  readonly cloud: boolean;
  /** False for guests on a protected amp and for a disconnected amp. */
  readonly canWrite: boolean;
}

function uacView(uac: DeviceDelta['UAC']): UacView | undefined {
  if (!uac) return undefined;
  const roles = Object.fromEntries(
    Object.entries(uac.roles ?? {}).map(([id, perms]) => [
      id,
      Object.fromEntries(Object.entries(perms ?? {}).filter((e): e is [string, UacLevel] => e[1] !== undefined)),
    ]),
  );
  return { key: uac.key ?? '', roles };
}

/**
 * spec 2 §6 and spec 3 §3: a named permission's or field URL's level from UAC; a field in a locked speaker-tuning
 * group is Locked; guests get at most Readonly.
 */
export function makeAccess(facts: AccessFacts): AccessCheck {
  const ctx = { uac: uacView(facts.uac), firmwareVersion: facts.firmwareVersion, cloud: facts.cloud };
  const locked = new Set(
    Object.values(facts.lockedProperties?.groups ?? {}).flatMap((g) =>
      (g?.properties ?? []).filter((p) => p !== undefined),
    ),
  );
  const check = (key: string) => {
    if (locked.has(key)) return UAC_LEVELS.Locked;
    const level = uacAccessLevel(ctx, key);
    return facts.canWrite || level === UAC_LEVELS.Locked ? level : UAC_LEVELS.Readonly;
  };
  return Object.assign(check, { tuningLocked: (url: string) => locked.has(url) });
}
