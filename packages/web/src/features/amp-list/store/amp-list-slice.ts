/** The amp list's search and sort (spec 2 §2), kept while the user moves between the list and an amp. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AmpSortKey, SortOrder } from '@rackside/protocol';

export interface AmpListState {
  readonly search: string;
  readonly sortKey: AmpSortKey;
  readonly order: SortOrder;
}

const initialState: AmpListState = { search: '', sortKey: 'name', order: 'asc' };

const slice = createSlice({
  name: 'ampList',
  initialState: initialState,
  reducers: {
    searchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    sortKeyChosen(state, action: PayloadAction<AmpSortKey>) {
      state.sortKey = action.payload;
    },
    orderChosen(state, action: PayloadAction<SortOrder>) {
      state.order = action.payload;
    },
  },
});

export const { searchChanged, sortKeyChosen, orderChosen } = slice.actions;
export const ampListReducer = slice.reducer;

export interface WithAmpList {
  readonly ampList: AmpListState;
}
export const selectAmpListQuery = (s: WithAmpList) => s.ampList;
