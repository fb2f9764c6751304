/**
 * Locked property groups (spec 3 §3/§4, "speaker tunings"): `lock`, `unlock` and `reset` on /lockedProperties,
 * and the rule that a `set` touching a locked property is refused until its group is unlocked or reset.
 */
import {
  defaultAt,
  LockParamsSchema,
  normalizeMac,
  normalizeUrl,
  ResetParamsSchema,
  resolveUrl,
  UnlockParamsSchema,
  urlSegments,
} from '@rackside/protocol';
import { randomBytes } from 'node:crypto';
import type { Amp } from '../amp';
import { matchesGroupKey, storedGroupKey } from '../security/group-key';
import { DeviceErrorCode, fail, ok, OK, onlyAt, type MethodSpec, type Outcome } from './types';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const under = (a: string, b: string): boolean => a === b || a.startsWith(b + '/');

/** The URLs of the leaves a patch rooted at `/` writes ('/amp/channels/1/output/fader', ...); `{}` writes none. */
export function patchLeaves(patch: unknown, prefix = ''): string[] {
  if (!isObj(patch)) return prefix === '' ? [] : [prefix];
  return Object.entries(patch).flatMap(([k, v]) => patchLeaves(v, `${prefix}/${k}`));
}

/** The first URL of a patch that a locked property group holds, if any. */
export function lockedLeaf(amp: Amp, patch: Record<string, unknown>): string | undefined {
  const groups = amp.state.lockedProperties.groups;
  // every `set` comes through here: nothing allocated while no group is locked
  let any = false;
  for (const id in groups)
    if (Object.hasOwn(groups, id) && groups[id]!.properties.length > 0) {
      any = true;
      break;
    }
  if (!any) return undefined;
  const locked = Object.values(groups).flatMap((g) => g.properties);
  return patchLeaves(patch).find((leaf) => locked.some((l) => under(leaf, l) || under(l, leaf)));
}

/**
 * Removes a group. `apply` cannot delete a key, so the change feed is told `{groupId: null}` (listeners see the
 * removal) and the key is then deleted from the state; notify sends the whole record without it (notifier.ts).
 */
function removeGroup(amp: Amp, groupId: string): void {
  amp.apply({ lockedProperties: { groups: { [groupId]: null } } }, 'client');
  delete amp.state.lockedProperties.groups[groupId];
  amp.markChanged();
}

const macRefusal = (amp: Amp, mac: string): Outcome | undefined =>
  normalizeMac(mac) === normalizeMac(amp.identity.mac)
    ? undefined
    : fail(DeviceErrorCode.InvalidParams, `mac ${mac} is not this amp's (${normalizeMac(amp.identity.mac)})`);

const lock: MethodSpec = {
  write: true,
  refuse: onlyAt('lock', '/lockedProperties'),
  run: (req, { amp }) => {
    const p = LockParamsSchema.safeParse(req.params);
    if (!p.success)
      return fail(
        DeviceErrorCode.InvalidParams,
        'lock expects {mac, key, properties: [url, ...]} with a non-empty key',
      );
    const wrongMac = macRefusal(amp, p.data.mac);
    if (wrongMac) return wrongMac;
    const properties: string[] = [];
    for (const url of p.data.properties) {
      const r = resolveUrl(amp.model, url);
      if (!r.ok) return fail(DeviceErrorCode.UnknownUrl, r.message);
      if (r.kind === 'node' && r.node.kind === 'record')
        return fail(DeviceErrorCode.InvalidParams, `${normalizeUrl(url)} cannot be locked`);
      properties.push(normalizeUrl(url));
    }
    const groupId = randomBytes(8).toString('hex');
    // a key from a locked export (already obfuscated) is kept as it is: the tuning's password still unlocks it
    const key = storedGroupKey(p.data.key);
    amp.apply({ lockedProperties: { groups: { [groupId]: { key, properties: [...new Set(properties)] } } } }, 'client');
    return ok({ groupId, group: { key } });
  },
};

const unlock: MethodSpec = {
  write: true,
  refuse: onlyAt('unlock', '/lockedProperties'),
  run: (req, { amp }) => {
    const p = UnlockParamsSchema.safeParse(req.params);
    if (!p.success) return fail(DeviceErrorCode.InvalidParams, 'unlock expects {mac, password, groupId?}');
    const wrongMac = macRefusal(amp, p.data.mac);
    if (wrongMac) return wrongMac;
    const groups = amp.state.lockedProperties.groups;
    const { groupId, password } = p.data;
    if (groupId !== undefined && !Object.hasOwn(groups, groupId))
      return fail(DeviceErrorCode.InvalidParams, `no locked property group ${groupId}`);
    const candidates = groupId !== undefined ? [groupId] : Object.keys(groups);
    const matching = candidates.filter((id) => matchesGroupKey(groups[id]?.key ?? '', password));
    if (matching.length === 0) return fail(DeviceErrorCode.InvalidPassword, 'The provided password is incorrect');
    for (const id of matching) removeGroup(amp, id);
    return OK;
  },
};

const reset: MethodSpec = {
  write: true,
  refuse: onlyAt('reset', '/lockedProperties'),
  run: (req, { amp }) => {
    const p = ResetParamsSchema.safeParse(req.params);
    if (!p.success) return fail(DeviceErrorCode.InvalidParams, 'reset expects {groupId}');
    const group = amp.state.lockedProperties.groups[p.data.groupId];
    if (!group || !Object.hasOwn(amp.state.lockedProperties.groups, p.data.groupId))
      return fail(DeviceErrorCode.InvalidParams, `no locked property group ${p.data.groupId}`);
    removeGroup(amp, p.data.groupId);
    for (const url of group.properties) {
      const segments = urlSegments(url);
      let rooted: unknown = defaultAt(amp.model, url);
      if (rooted === undefined) continue;
      for (let i = segments.length - 1; i >= 0; i--) rooted = { [segments[i]!]: rooted };
      if (isObj(rooted)) amp.apply(rooted, 'client');
    }
    return OK;
  },
};

/** The methods of /lockedProperties. */
export const lockedPropertyMethods: Readonly<Record<string, MethodSpec>> = { lock, unlock, reset };
