/** The amp list as shown: the listed amps' summaries, searched and sorted with the protocol's rules (spec 2 §2). */
import { searchAmps, sortAmps, type AmpSummary } from '@rackside/protocol';
import { selectAmpSummary, selectListedAmpIds, type WithDevices } from '../../../device';
import { selectAmpListQuery, type WithAmpList } from './amp-list-slice';

// The last answer: every store change runs this selector, and with a large fleet most changes (a meter batch, a
// connection state, a refreshed summary equal to the last) leave every summary as it was (selectAmpSummary keeps an
// unchanged summary's identity), so the search and sort of the whole fleet are skipped (issue 4).
let last: { search: string; sortKey: string; order: string; summaries: AmpSummary[]; ids: string[] } | undefined;

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
  const ids = sortAmps(searchAmps(summaries, search), sortKey, order).map((a) => a.ampId);
  last = { search, sortKey, order, summaries, ids };
  return ids;
}

/** How many amps are listed before the search. */
export const selectListedCount = (s: WithDevices): number => selectListedAmpIds(s).length;
