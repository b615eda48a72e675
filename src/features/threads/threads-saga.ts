import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../lib/call-api';
import type { ApiResult } from '../../lib/call-api';
import { notifySuccess } from '../../lib/notify';
import { recordActivityHappened } from '../../lib/record-activity';
import { threadsApi } from './api';
import { threadsHolders } from './threads-slice';
import type { FollowRequest, SendRequest, WorkLogRequest } from './threads-slice';
import type { ActionOption, MailLogEntry, RecordKey, SendAsOption, ThreadMessage } from './types';

const H = threadsHolders;
const READ = { context: 'errors:context.fetchingData' };
const SEND = { context: 'threads:context.sending', handled: [400] };

/** Lists and dropdowns: failures are swallowed after the policy's toast. */
function* loadFrom(action: PayloadAction<number>): SagaIterator {
  const recordId = action.payload;
  const result: ApiResult<SendAsOption[]> = yield call(
    callApi<SendAsOption[]>,
    threadsApi.communicationFrom(recordId),
    READ,
  );
  if (result.ok) yield put(H.communicationFrom.actions.succeeded({ recordId, items: result.data }));
  else if (!result.cancelled) yield put(H.communicationFrom.actions.failed(result.error));
}

function* loadActions(): SagaIterator {
  const result: ApiResult<ActionOption[]> = yield call(
    callApi<ActionOption[]>,
    threadsApi.communicationActions(),
    READ,
  );
  if (result.ok) yield put(H.communicationActions.actions.succeeded(result.data));
  else if (!result.cancelled) yield put(H.communicationActions.actions.failed(result.error));
}

function* loadThread(action: PayloadAction<RecordKey>): SagaIterator {
  const record = action.payload;
  const result: ApiResult<ThreadMessage[]> = yield call(
    callApi<ThreadMessage[]>,
    threadsApi.communication(record),
    READ,
  );
  if (result.ok) {
    yield put(
      H.communicationThreads.actions.succeeded({ recordId: record.id, items: result.data }),
    );
  } else if (!result.cancelled) yield put(H.communicationThreads.actions.failed(result.error));
}

function* loadWorkLog(action: PayloadAction<RecordKey>): SagaIterator {
  const record = action.payload;
  const result: ApiResult<ThreadMessage[]> = yield call(
    callApi<ThreadMessage[]>,
    threadsApi.workLog(record),
    READ,
  );
  if (result.ok) {
    yield put(H.workLogThreads.actions.succeeded({ recordId: record.id, items: result.data }));
  } else if (!result.cancelled) yield put(H.workLogThreads.actions.failed(result.error));
}

function* loadMailLog(action: PayloadAction<RecordKey>): SagaIterator {
  const record = action.payload;
  const result: ApiResult<MailLogEntry[]> = yield call(
    callApi<MailLogEntry[]>,
    threadsApi.communicationLog(record),
    READ,
  );
  if (result.ok) {
    yield put(
      H.communicationLogThreads.actions.succeeded({ recordId: record.id, items: result.data }),
    );
  } else if (!result.cancelled) yield put(H.communicationLogThreads.actions.failed(result.error));
}

/** "Insert communication": a form; a failure is recorded for the form (the text stays). */
function* send(action: PayloadAction<SendRequest>): SagaIterator {
  const { record, values } = action.payload;
  const result: ApiResult<ThreadMessage> = yield call(
    callApi<ThreadMessage>,
    threadsApi.sendCommunication(record, values),
    SEND,
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.insertCommunication.actions.failed(result.error));
    return;
  }
  yield put(H.insertCommunication.actions.succeeded(result.data));
  yield call(notifySuccess, 'threads:toast.sent');
  yield put(recordActivityHappened({ type: record.type, recordId: record.id }));
  yield put(H.communicationThreads.actions.requested(record));
}

function* addWorkLog(action: PayloadAction<WorkLogRequest>): SagaIterator {
  const { record, values } = action.payload;
  const result: ApiResult<ThreadMessage> = yield call(
    callApi<ThreadMessage>,
    threadsApi.addWorkLog(record, values),
    SEND,
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.insertWorkLog.actions.failed(result.error));
    return;
  }
  yield put(H.insertWorkLog.actions.succeeded(result.data));
  yield call(notifySuccess, 'threads:toast.workLogAdded');
  yield put(recordActivityHappened({ type: record.type, recordId: record.id }));
  yield put(H.workLogThreads.actions.requested(record));
}

/** "Notification update": reads the follow state, or sets it (with its toast). */
function* follow(action: PayloadAction<FollowRequest>): SagaIterator {
  const { record, following } = action.payload;
  const request =
    following === undefined ? threadsApi.follow(record) : threadsApi.setFollow(record, following);
  const result: ApiResult<{ following: boolean }> = yield call(
    callApi<{ following: boolean }>,
    request,
    following === undefined ? READ : { context: 'threads:context.following' },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.notificationUpdate.actions.failed(result.error));
    return;
  }
  yield put(
    H.notificationUpdate.actions.succeeded({
      recordId: record.id,
      following: result.data.following,
    }),
  );
  if (following === undefined) return;
  yield call(
    notifySuccess,
    result.data.following ? 'threads:toast.followed' : 'threads:toast.unfollowed',
  );
  yield put(recordActivityHappened({ type: record.type, recordId: record.id }));
}

export function* threadsSaga(): SagaIterator {
  yield all([
    takeLatest(H.communicationFrom.actions.requested.type, loadFrom),
    takeLatest(H.communicationActions.actions.requested.type, loadActions),
    takeLatest(H.communicationThreads.actions.requested.type, loadThread),
    takeLatest(H.workLogThreads.actions.requested.type, loadWorkLog),
    takeLatest(H.communicationLogThreads.actions.requested.type, loadMailLog),
    takeLatest(H.insertCommunication.actions.requested.type, send),
    takeLatest(H.insertWorkLog.actions.requested.type, addWorkLog),
    takeLatest(H.notificationUpdate.actions.requested.type, follow),
  ]);
}
