import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { createRequestHolder } from '../../lib/request-holder';
import type { Attachment, RecordKey, UploadEntry } from './types';
import type { RootState } from '../../app/root-reducer';

/** The files of one record (kept with its id, so another record never shows them). */
export interface RecordFiles {
  recordId: number;
  items: Attachment[];
}

export interface DeleteRequest {
  record: RecordKey;
  attachmentId: number;
  fileName: string;
}

/** The response holders of attachments: one line each (seed section 3). */
export const attachmentsHolders = {
  fileAttachment: createRequestHolder<RecordFiles, RecordKey>('fileAttachment'),
  uploadData: createRequestHolder<Attachment, RecordKey>('uploadData'),
  uploadDelete: createRequestHolder<{ id: number }, DeleteRequest>('uploadDelete'),
};

/** Files picked for a record: the saga sends those carrying a File, one POST each. */
export const filesPicked = createAction<{ record: RecordKey; entries: UploadEntry[] }>(
  'attachments/filesPicked',
);
export const downloadRequested = createAction<{ attachmentId: number; fileName: string }>(
  'attachments/downloadRequested',
);
export const thumbnailRequested = createAction<{ attachmentId: number }>(
  'attachments/thumbnailRequested',
);
/** The panel went away: its thumbnails' object URLs are revoked. */
export const thumbnailsReleased = createAction('attachments/thumbnailsReleased');

export interface UploadProgress {
  key: string;
  recordId: number;
  fileName: string;
  percent: number;
}

interface AttachmentsState {
  /** Uploads on their way (a progress bar each). */
  uploads: UploadProgress[];
  /** Messages of rejected uploads (e.g. 413 "big.bin is larger than the 25 MB limit."). */
  uploadErrors: { recordId: number; message: string }[];
  /** Object URLs of image thumbnails, by attachment id. */
  thumbnails: Record<number, string>;
}

const initialState: AttachmentsState = { uploads: [], uploadErrors: [], thumbnails: {} };

const attachmentsSlice = createSlice({
  name: 'attachments',
  initialState,
  reducers: {
    uploadStarted: (state, action: PayloadAction<UploadProgress>) => {
      state.uploads.push(action.payload);
    },
    uploadProgressed: (state, action: PayloadAction<{ key: string; percent: number }>) => {
      const upload = state.uploads.find((u) => u.key === action.payload.key);
      if (upload) upload.percent = action.payload.percent;
    },
    uploadFinished: (state, action: PayloadAction<{ key: string }>) => {
      state.uploads = state.uploads.filter((u) => u.key !== action.payload.key);
    },
    uploadRejected: (state, action: PayloadAction<{ recordId: number; message: string }>) => {
      state.uploadErrors.push(action.payload);
    },
    uploadErrorsCleared: (state) => {
      state.uploadErrors = [];
    },
    thumbnailLoaded: (state, action: PayloadAction<{ attachmentId: number; url: string }>) => {
      state.thumbnails[action.payload.attachmentId] = action.payload.url;
    },
    thumbnailsCleared: (state) => {
      state.thumbnails = {};
    },
  },
});

export const {
  uploadStarted,
  uploadProgressed,
  uploadFinished,
  uploadRejected,
  uploadErrorsCleared,
  thumbnailLoaded,
  thumbnailsCleared,
} = attachmentsSlice.actions;
export const attachmentsReducer = attachmentsSlice.reducer;

/** The actions the attachments saga answers (it loads with the first: lib/lazy-saga.ts). */
export const attachmentsSagaTriggers = [
  attachmentsHolders.fileAttachment.actions.requested.type,
  attachmentsHolders.uploadDelete.actions.requested.type,
  filesPicked.type,
  downloadRequested.type,
  thumbnailRequested.type,
  thumbnailsReleased.type,
] as const;

/** Object URLs of image thumbnails, by attachment id. */
export const selectThumbnails = (state: RootState) => state.attachments.thumbnails;
