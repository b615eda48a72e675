import type { PayloadAction } from '@reduxjs/toolkit';
import type { Channel, SagaIterator, Task } from 'redux-saga';
import { buffers, channel } from 'redux-saga';
import {
  all,
  call,
  cancel,
  fork,
  put,
  select,
  take,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects';
import { callApi } from '../../lib/call-api';
import type { ApiResult } from '../../lib/call-api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { recordActivityHappened } from '../../lib/record-activity';
import { attachmentsApi } from './api';
import {
  attachmentsHolders,
  downloadRequested,
  filesPicked,
  thumbnailLoaded,
  thumbnailRequested,
  thumbnailsCleared,
  thumbnailsReleased,
  uploadErrorsCleared,
  uploadFinished,
  uploadProgressed,
  uploadRejected,
  uploadStarted,
  selectThumbnails,
} from './attachments-slice';
import type { DeleteRequest } from './attachments-slice';
import { releaseUrls, saveFile, thumbnailUrl } from './save-file';
import type { Attachment, RecordKey, UploadEntry } from './types';

const H = attachmentsHolders;
const READ = { context: 'errors:context.fetchingData' };

/** The record's files; failures are swallowed after the policy's toast. */
function* loadList(action: PayloadAction<RecordKey>): SagaIterator {
  const result: ApiResult<Attachment[]> = yield call(
    callApi<Attachment[]>,
    attachmentsApi.list(action.payload),
    READ,
  );
  if (result.ok) {
    yield put(
      H.fileAttachment.actions.succeeded({ recordId: action.payload.id, items: result.data }),
    );
  } else if (!result.cancelled) yield put(H.fileAttachment.actions.failed(result.error));
}

/** Seed section 5: only entries that carry an original File object are sent. */
export function sendable(entries: UploadEntry[]): File[] {
  return entries
    .map((entry) => entry.originFileObj)
    .filter((file): file is File => typeof File !== 'undefined' && file instanceof File);
}

let uploadCount = 0;

function* forwardProgress(progress: Channel<number>, key: string): SagaIterator {
  for (;;) {
    const percent: number = yield take(progress);
    yield put(uploadProgressed({ key, percent }));
  }
}

/** One POST per file, with a progress bar; ends with the seed's toast either way. */
function* uploadOne(record: RecordKey, file: File): SagaIterator {
  const key = `upload-${++uploadCount}`;
  yield put(uploadStarted({ key, recordId: record.id, fileName: file.name, percent: 0 }));
  yield put(H.uploadData.actions.requested(record));
  const progress: Channel<number> = channel(buffers.sliding(1));
  const forwarder: Task = yield fork(forwardProgress, progress, key);
  const result: ApiResult<Attachment> = yield call(
    callApi<Attachment>,
    attachmentsApi.upload(record, file, (percent) => progress.put(percent)),
    { context: 'attachments:context.uploading', handled: [400, 413] },
  );
  yield cancel(forwarder);
  progress.close();
  yield put(uploadFinished({ key }));
  if (result.ok) {
    yield put(H.uploadData.actions.succeeded(result.data));
    yield call(notifySuccess, 'attachments:toast.uploaded', { file: file.name });
    yield put(recordActivityHappened({ type: record.type, recordId: record.id }));
    yield put(H.fileAttachment.actions.requested(record));
    return;
  }
  if (result.cancelled) return;
  yield put(H.uploadData.actions.failed(result.error));
  yield call(notifyError, 'attachments:toast.uploadFailed', { file: file.name });
  const { status, message } = result.error;
  if ((status === 413 || status === 400) && message) {
    yield put(uploadRejected({ recordId: record.id, message }));
  }
}

function* uploadPicked(
  action: PayloadAction<{ record: RecordKey; entries: UploadEntry[] }>,
): SagaIterator {
  const { record, entries } = action.payload;
  const files = sendable(entries);
  if (files.length === 0) return;
  yield put(uploadErrorsCleared());
  yield all(files.map((file) => call(uploadOne, record, file)));
}

function* download(
  action: PayloadAction<{ attachmentId: number; fileName: string }>,
): SagaIterator {
  const { attachmentId, fileName } = action.payload;
  const result: ApiResult<Blob> = yield call(
    callApi<Blob>,
    attachmentsApi.file(attachmentId),
    READ,
  );
  if (result.ok) yield call(saveFile, result.data, fileName);
}

function* loadThumbnail(action: PayloadAction<{ attachmentId: number }>): SagaIterator {
  const { attachmentId } = action.payload;
  const known: string | undefined = yield select(
    (state: Parameters<typeof selectThumbnails>[0]) => selectThumbnails(state)[attachmentId],
  );
  if (known) return;
  const result: ApiResult<Blob> = yield call(
    callApi<Blob>,
    attachmentsApi.file(attachmentId, true),
    READ,
  );
  if (result.ok) {
    const url: string = yield call(thumbnailUrl, result.data);
    yield put(thumbnailLoaded({ attachmentId, url }));
  }
}

function* releaseThumbnails(): SagaIterator {
  const urls: Record<number, string> = yield select(selectThumbnails);
  yield call(releaseUrls, Object.values(urls));
  yield put(thumbnailsCleared());
}

function* deleteFile(action: PayloadAction<DeleteRequest>): SagaIterator {
  const { record, attachmentId } = action.payload;
  const result: ApiResult<{ id: number }> = yield call(
    callApi<{ id: number }>,
    attachmentsApi.remove(attachmentId),
    { context: 'attachments:context.deleting' },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.uploadDelete.actions.failed(result.error));
    return;
  }
  yield put(H.uploadDelete.actions.succeeded(result.data));
  yield call(notifySuccess, 'attachments:toast.deleted');
  yield put(recordActivityHappened({ type: record.type, recordId: record.id }));
  yield put(H.fileAttachment.actions.requested(record));
}

export function* attachmentsSaga(): SagaIterator {
  yield all([
    takeLatest(H.fileAttachment.actions.requested.type, loadList),
    takeEvery(filesPicked.type, uploadPicked),
    takeEvery(downloadRequested.type, download),
    takeEvery(thumbnailRequested.type, loadThumbnail),
    takeEvery(thumbnailsReleased.type, releaseThumbnails),
    takeEvery(H.uploadDelete.actions.requested.type, deleteFile),
  ]);
}
