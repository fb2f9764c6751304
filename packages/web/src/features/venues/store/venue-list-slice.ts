/** The venue list's search and sort (spec 1 §2), kept while the user moves between the list and a venue. */
import { createListQuerySlice } from '../../../shared/store/list-query-slice';
import type { VenueSortKey } from '../venue-overview';

export interface VenueListState {
  readonly search: string;
  readonly sort: VenueSortKey;
}

const query = createListQuerySlice<'venueList', VenueListState>('venueList', { search: '', sort: 'name' });

export const venueSearchChanged = (search: string) => query.queryChanged({ search });
export const venueSortChosen = (sort: VenueSortKey) => query.queryChanged({ sort });
export const venueListReducer = query.reducer;

export interface WithVenueList {
  readonly venueList: VenueListState;
}
export const selectVenueListQuery: (s: WithVenueList) => VenueListState = query.select;
