/** spec 2 §2: the dashboard keeps a selected channel number (default 1) and tab (default Inputs). UI-only state. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_CHANNEL_TAB, type ChannelTab } from '../types';

export interface ChannelViewState {
  readonly channel: number;
  readonly tab: ChannelTab;
}

export const initialChannelViewState: ChannelViewState = { channel: 1, tab: DEFAULT_CHANNEL_TAB };

const slice = createSlice({
  name: 'channelView',
  initialState: initialChannelViewState,
  reducers: {
    channelViewShown(_state, action: PayloadAction<ChannelViewState>) {
      return action.payload;
    },
  },
});

export const { channelViewShown } = slice.actions;
export const channelViewReducer = slice.reducer;

/** The store shape once the app registers `channelView: channelViewReducer`. */
export interface WithChannelView {
  readonly channelView: ChannelViewState;
}

/** The remembered channel and tab; the defaults while the app has not registered the slice. */
export const selectChannelView = (s: Partial<WithChannelView>): ChannelViewState =>
  s.channelView ?? initialChannelViewState;
