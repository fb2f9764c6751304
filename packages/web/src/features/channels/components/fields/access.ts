/** spec 2 §6: the level of a control is the lowest of its field URL's and, where one applies, its named permission's. */
import type { UacLevel } from '@rackside/protocol';
import type { AccessCheck } from '../../../../device/fields/types';

export function levelOf(access: AccessCheck, url: string, permission?: string): UacLevel {
  const field = access(url);
  if (permission === undefined) return field;
  const named = access(permission);
  return named < field ? named : field;
}

/** The lowest level among several fields (a control writing them all). */
export function lowestLevel(access: AccessCheck, urls: readonly string[]): UacLevel {
  return urls.reduce<UacLevel>((low, url) => {
    const l = access(url);
    return l < low ? l : low;
  }, 2);
}
