/**
 * The search and sort of a list screen (the amp list, the venue list), kept in the store so that they survive the
 * user's moves between the list and one of its items. Each list names its own fields (the amp list has an order, the
 * venue list does not); every field is a string the screen chooses.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** What every list query has: the search text; the rest (sort key, order) are strings of the screen's choosing. */
export type ListQuery<Q> = { readonly search: string } & { readonly [K in keyof Q]: string };

export function createListQuerySlice<Name extends string, Q extends ListQuery<Q>>(name: Name, initialState: Q) {
  const slice = createSlice({
    name,
    initialState,
    reducers: {
      /** Some fields of the query changed (the search as the user types, a sort key or an order chosen). */
      queryChanged(state, action: PayloadAction<Partial<Q>>) {
        Object.assign(state as Q, action.payload);
      },
    },
  });
  return {
    reducer: slice.reducer,
    queryChanged: slice.actions.queryChanged,
    /** The query in a root state that registered `reducer` under `name`. */
    select: (root: Readonly<Record<Name, Q>>): Q => root[name],
  };
}
