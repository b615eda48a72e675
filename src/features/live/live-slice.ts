// The `live` slice: what the event stream (live-saga.ts) learnt. Lists and the open record read
// it: `changed` counts others' changes per record, `newRecords` the records added since a list
// loaded, `presence` who is on a record now, `resyncs` the times events may have been missed.
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { recordsHolders } from '../records/records-slice';
import type { LivePresence } from './live-types';

export interface LiveState {
  connected: boolean;
  /** Others' changes seen per record id (a counter: components reload when it moves). */
  changed: Record<number, number>;
  /** New (non-draft) records by object type since the lists were last loaded. */
  newRecords: { T: number; C: number };
  presence: Record<number, LivePresence>;
  resyncs: number;
}

const initialState: LiveState = {
  connected: false,
  changed: {},
  newRecords: { T: 0, C: 0 },
  presence: {},
  resyncs: 0,
};

const liveSlice = createSlice({
  name: 'live',
  initialState,
  reducers: {
    streamConnected: (state) => {
      state.connected = true;
    },
    streamLost: (state) => {
      state.connected = false;
    },
    /** Someone else changed the record (its row, thread, history, files, sharing). */
    recordChanged: (state, action: PayloadAction<number>) => {
      state.changed[action.payload] = (state.changed[action.payload] ?? 0) + 1;
    },
    recordAdded: (state, action: PayloadAction<'T' | 'C'>) => {
      state.newRecords[action.payload] += 1;
    },
    presenceReceived: (state, action: PayloadAction<LivePresence>) => {
      if (action.payload.viewing.length === 0) delete state.presence[action.payload.record_id];
      else state.presence[action.payload.record_id] = action.payload;
    },
    /** The server may have missed events: everything shown is reloaded. */
    resynced: (state) => {
      state.resyncs += 1;
    },
    stopped: () => initialState,
  },
  extraReducers: (builder) => {
    // A list (re)loading from the server shows the new records itself.
    builder
      .addCase(recordsHolders.MYTICKET.actions.requested, (state) => void (state.newRecords.T = 0))
      .addCase(recordsHolders.HDTICKET.actions.requested, (state) => void (state.newRecords.T = 0))
      .addCase(recordsHolders.MYCONTENT.actions.requested, (state) => void (state.newRecords.C = 0))
      .addCase(
        recordsHolders.HDCONTENT.actions.requested,
        (state) => void (state.newRecords.C = 0),
      );
  },
});

export const liveActions = liveSlice.actions;
export const liveReducer = liveSlice.reducer;

/** Presence the SPA sends: a details page opened/closed, a keystroke in the reply box. */
export const presenceViewing = createAction<number>('live/presenceViewing');
export const presenceLeft = createAction<number>('live/presenceLeft');
export const presenceTyping = createAction<number>('live/presenceTyping');
/** Any record change the stream delivered, the caller's own included (what counts follow). */
export const recordEventSeen = createAction('live/recordEventSeen');
