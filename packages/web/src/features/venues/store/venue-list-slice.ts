/** The venue list's search and sort (spec 1 §2), kept while the user moves between the list and a venue. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { VenueSortKey } from '../venue-overview';

export interface VenueListState {
  readonly search: string;
  readonly sort: VenueSortKey;
}

const initialVenueList: VenueListState = { search: '', sort: 'name' };

const slice = createSlice({
  name: 'venueList',
  initialState: initialVenueList,
  reducers: {
    venueSearchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    venueSortChosen(state, action: PayloadAction<VenueSortKey>) {
      state.sort = action.payload;
    },
  },
});

export const { venueSearchChanged, venueSortChosen } = slice.actions;
export const venueListReducer = slice.reducer;

export interface WithVenueList {
  readonly venueList: VenueListState;
}
export const selectVenueListQuery = (s: WithVenueList): VenueListState => s.venueList;
