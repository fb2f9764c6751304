/** Snackbar notices shown app-wide: errors auto-hide after 5000 ms, other notices after 2000 ms (spec 2 §2). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A notice text: a key of `common:notices`. */
export type NoticeKey =
  | 'failedToSetDeviceData'
  | 'failedToGetDeviceData'
  | 'failedToConnectToMainAmp'
  | 'loginRequired'
  | 'undoRefused'
  | 'redoRefused'
  | 'signedIn'
  | 'signedOut';

export interface Notice {
  readonly id: number;
  readonly severity: 'error' | 'info';
  readonly key: NoticeKey;
}

export interface NoticesState {
  readonly queue: readonly Notice[];
  readonly nextId: number;
}

const initialState: NoticesState = { queue: [], nextId: 1 };

const slice = createSlice({
  name: 'notices',
  initialState: initialState,
  reducers: {
    noticeShown(state, action: PayloadAction<{ severity: Notice['severity']; key: NoticeKey }>) {
      const last = state.queue[state.queue.length - 1];
      // the same notice twice in a row (a slider's burst of failed writes) shows once
      if (last?.key === action.payload.key) return;
      state.queue.push({ id: state.nextId, ...action.payload });
      state.nextId += 1;
    },
    noticeDismissed(state, action: PayloadAction<number>) {
      state.queue = state.queue.filter((n) => n.id !== action.payload);
    },
  },
});

export const { noticeShown, noticeDismissed } = slice.actions;
export const noticesReducer = slice.reducer;

export interface WithNotices {
  readonly notices: NoticesState;
}
/** The notice on screen: the oldest not yet dismissed. */
export const selectCurrentNotice = (s: WithNotices): Notice | undefined => s.notices.queue[0];
