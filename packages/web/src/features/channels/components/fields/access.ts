/**
 * spec 2 §6: the level of a control is its field URL's; where a named permission applies (the output fader and mute),
 * the role's entry for that permission decides, and the URL counts only through a speaker-tuning lock (spec 3 §3).
 */
import { UAC_LEVELS, type UacLevel } from '@rackside/protocol';
import type { AccessCheck } from '../../../../device/fields/types';

export function levelOf(access: AccessCheck, url: string, permission?: string): UacLevel {
  if (permission === undefined) return access(url);
  return access.tuningLocked?.(url) === true ? UAC_LEVELS.Locked : access(permission);
}

/** The lowest level among several fields (a control writing them all). */
export function lowestLevel(access: AccessCheck, urls: readonly string[]): UacLevel {
  return urls.reduce<UacLevel>((low, url) => {
    const l = access(url);
    return l < low ? l : low;
  }, 2);
}
