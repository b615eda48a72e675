import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { callApi, type ApiResult } from '../../lib/call-api';
import { navigateTo } from '../../lib/navigation';
import { notifySuccess } from '../../lib/notify';
import { TICKET } from '../records/kinds';
import type { TicketHit } from '../records/work-types';
import { mergeApi } from './merge-api';
import {
  mergeHolders,
  type MergeRequest,
  type MergeResult,
  type SplitRequest,
  type SplitResult,
} from './merge-slice';

const M = mergeHolders;
const SAVING = 'errors:context.savingTicketInput';

/** Merge: the dialog shows a 400/409 itself (a 409 may ask to confirm the requesters). */
function* merge(action: PayloadAction<MergeRequest>): SagaIterator {
  const result: ApiResult<MergeResult> = yield call(
    callApi<MergeResult>,
    mergeApi.merge(action.payload),
    { context: SAVING, handled: [400, 409] },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(M.mergeTickets.actions.failed(result.error));
    return;
  }
  yield put(M.mergeTickets.actions.succeeded(result.data));
  yield call(notifySuccess, 'merge:toast.merged', { id: String(result.data.id) });
  yield call(navigateTo, TICKET.hdDetailsUrl(result.data.id));
}

/** Split: the new ticket opens. */
function* split(action: PayloadAction<SplitRequest>): SagaIterator {
  const result: ApiResult<SplitResult> = yield call(
    callApi<SplitResult>,
    mergeApi.split(action.payload),
    { context: SAVING, handled: [400, 409] },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(M.splitTicket.actions.failed(result.error));
    return;
  }
  yield put(M.splitTicket.actions.succeeded(result.data));
  yield call(notifySuccess, 'merge:toast.split', { id: String(result.data.id) });
  yield call(navigateTo, TICKET.hdDetailsUrl(result.data.id));
}

/** The ticket picker of "Merge into…": as-you-type, the older search cancelled. */
function* searchTargets(
  action: PayloadAction<{ text: string; exclude_id?: number }>,
): SagaIterator {
  const { text, exclude_id } = action.payload;
  if (!text.trim()) {
    yield put(M.mergeTargetSearch.actions.succeeded([]));
    return;
  }
  const result: ApiResult<TicketHit[]> = yield call(
    callApi<TicketHit[]>,
    mergeApi.searchTickets(text, exclude_id),
    { context: 'errors:context.fetchingData' },
  );
  if (result.ok) yield put(M.mergeTargetSearch.actions.succeeded(result.data));
  else if (!result.cancelled) yield put(M.mergeTargetSearch.actions.failed(result.error));
}

export function* mergeSaga(): SagaIterator {
  yield all([
    takeLatest(M.mergeTickets.actions.requested.type, merge),
    takeLatest(M.splitTicket.actions.requested.type, split),
    takeLatest(M.mergeTargetSearch.actions.requested.type, searchTargets),
  ]);
}
