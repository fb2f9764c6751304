/** The amp list as shown: the listed amps' summaries, searched and sorted with the protocol's rules (spec 2 §2). */
import {
  compareIps,
  compareNames,
  searchAmps,
  sortAmps,
  type AmpSortKey,
  type AmpSummary,
  type SortOrder,
} from '@rackside/protocol';
import { selectAmpSummary, selectListedAmpIds, type WithDevices } from '../../../device';
import { selectAmpListQuery, type WithAmpList } from './amp-list-slice';

// The last answer: every store change runs this selector, and with a large fleet most changes (a meter batch, a
// connection state, a refreshed summary equal to the last) leave every summary as it was (selectAmpSummary keeps an
// unchanged summary's identity), so the search and sort of the whole fleet are skipped (issue 4).
let last: { search: string; sortKey: string; order: string; summaries: AmpSummary[]; ids: string[] } | undefined;

/**
 * How bad an amp's state is, for the fault sort: a fault outranks any warning (3 fault and warning, 2 fault, 1 warning,
 * 0 ok). spec 2 §2's score (fault flag plus warning flag) ties a faulted amp with a warning amp, and the tie then fell
 * to the name, so a warning amp could be listed above a faulted one (issue 18).
 */
export const severityScore = (a: Pick<AmpSummary, 'hasFault' | 'hasWarning'>): number =>
  2 * Number(a.hasFault) + Number(a.hasWarning);

/** The protocol's sort, with the fault sort ranked by severity; ties fall back to name, then IP, ascending. */
export function sortListedAmps<T extends AmpSummary>(amps: readonly T[], key: AmpSortKey, order: SortOrder): T[] {
  if (key !== 'faults') return sortAmps(amps, key, order);
  const sign = order === 'asc' ? 1 : -1;
  return [...amps].sort(
    (a, b) =>
      sign * (severityScore(a) - severityScore(b)) ||
      compareNames(a.deviceName, b.deviceName) ||
      compareIps(a.ipAddress, b.ipAddress),
  );
}

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Ids of the amps to show, in order; compare with shallowEqual (a new array when anything changed). */
export function selectVisibleAmpIds(s: WithDevices & WithAmpList): string[] {
  const { search, sortKey, order } = selectAmpListQuery(s);
  const summaries = selectListedAmpIds(s).flatMap((id) => selectAmpSummary(s, id) ?? []);
  if (
    last &&
    last.search === search &&
    last.sortKey === sortKey &&
    last.order === order &&
    sameItems(last.summaries, summaries)
  )
    return last.ids;
  const ids = sortListedAmps(searchAmps(summaries, search), sortKey, order).map((a) => a.ampId);
  last = { search, sortKey, order, summaries, ids };
  return ids;
}

/** How many amps are listed before the search. */
export const selectListedCount = (s: WithDevices): number => selectListedAmpIds(s).length;
