/** The amp list's search and sort (spec 2 §2), kept while the user moves between the list and an amp. */
import type { AmpSortKey, SortOrder } from '@rackside/protocol';
import { createListQuerySlice } from '../../../shared/store/list-query-slice';

export interface AmpListState {
  readonly search: string;
  readonly sortKey: AmpSortKey;
  readonly order: SortOrder;
}

const query = createListQuerySlice<'ampList', AmpListState>('ampList', { search: '', sortKey: 'name', order: 'asc' });

export const searchChanged = (search: string) => query.queryChanged({ search });
export const sortKeyChosen = (sortKey: AmpSortKey) => query.queryChanged({ sortKey });
export const orderChosen = (order: SortOrder) => query.queryChanged({ order });
export const ampListReducer = query.reducer;

export interface WithAmpList {
  readonly ampList: AmpListState;
}
export const selectAmpListQuery: (s: WithAmpList) => AmpListState = query.select;
