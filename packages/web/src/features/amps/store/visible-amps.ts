/** The amp list as shown: the listed amps' summaries, searched and sorted with the protocol's rules (spec 2 §2). */
import { searchAmps, sortAmps } from '@rackside/protocol';
import { selectAmpSummary, selectListedAmpIds, type WithDevices } from '../../devices';
import { selectAmpListQuery, type WithAmpList } from './amp-list-slice';

/** Ids of the amps to show, in order; compare with shallowEqual (a new array each call). */
export function selectVisibleAmpIds(s: WithDevices & WithAmpList): string[] {
  const { search, sortKey, order } = selectAmpListQuery(s);
  const summaries = selectListedAmpIds(s).flatMap((id) => selectAmpSummary(s, id) ?? []);
  return sortAmps(searchAmps(summaries, search), sortKey, order).map((a) => a.ampId);
}

/** How many amps are listed before the search. */
export const selectListedCount = (s: WithDevices): number => selectListedAmpIds(s).length;
