/**
 * Whether the live stream (issue 20, shared/cloud/live-stream.ts) is open, in the store, and the polling interval
 * that follows from it: the venues screens poll every 10 s (spec 1 §4) while the stream is down, and only as a
 * safety net (LIVE_POLL_MS) while it is open, since the stream brings each change within a second. The reducer is in
 * the store in cloud mode only (app/cloud-store.ts); without it the stream counts as closed.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';

/** How often a screen polls while the live stream is open (ms): the safety net, not the fast path. */
export const LIVE_POLL_MS = 60_000;

export interface LiveStatusState {
  /** The stream is open (its `open` came, no `error` or `end` since). */
  readonly open: boolean;
}

const initialState: LiveStatusState = { open: false };

const slice = createSlice({
  name: 'live',
  initialState,
  reducers: {
    liveStatusChanged(_state, action: PayloadAction<boolean>) {
      return { open: action.payload };
    },
  },
});

export const { liveStatusChanged } = slice.actions;
export const liveStatusReducer = slice.reducer;
/** Where the reducer sits in the store. */
export const LIVE_STATUS_KEY = slice.name;

export interface WithLiveStatus {
  readonly live: LiveStatusState;
}
/** The stream is open (false in a store without the live part: local mode). */
export const selectLiveStreamOpen = (s: object): boolean => (s as Partial<WithLiveStatus>).live?.open === true;

/**
 * The polling interval to use: `pollMs` while the stream is down, at least `liveMs` while it is open (the stream's
 * events refetch what changed; the poll only catches what a lost event would miss).
 */
export const livePollingInterval = (pollMs: number, open: boolean, liveMs: number = LIVE_POLL_MS): number =>
  open ? Math.max(pollMs, liveMs) : pollMs;

/** livePollingInterval with the stream's state from the store. */
export function useLivePollingInterval(pollMs: number, liveMs: number = LIVE_POLL_MS): number {
  return livePollingInterval(pollMs, useSelector(selectLiveStreamOpen), liveMs);
}
