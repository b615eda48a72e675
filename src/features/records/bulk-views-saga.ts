import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, debounce, put, select, takeLatest } from 'redux-saga/effects';
import { callApi, type ApiResult } from '../../lib/call-api';
import { notifySuccess } from '../../lib/notify';
import type { RootState } from '../../app/root-reducer';
import { liveActions, recordEventSeen } from '../live/live-slice';
import { bulkViewsApi, type BulkBody, type BulkResult, type SavedView } from './bulk-views-api';
import type { ViewCount } from './bulk-views-api';
import { bulkViewsHolders as H, type SaveViewRequest } from './bulk-views-slice';
import { fillHolder } from '../../lib/holder-saga';
import { customFieldsApi } from '../custom-fields/api';
import type { CustomFieldSet } from '../custom-fields/types';

/** The kind's custom field definitions, for the hd lists' filters, columns and bulk bar. */
function* loadListFields(action: PayloadAction<'T' | 'C'>): SagaIterator {
  yield call(
    fillHolder<CustomFieldSet>,
    H.listFields.actions,
    customFieldsApi.list(action.payload),
  );
}

/** One bulk call; its summary (what succeeded, what was refused and why) is the page's to show. */
function* runBulk(action: PayloadAction<BulkBody>): SagaIterator {
  const result: ApiResult<BulkResult> = yield call(
    callApi<BulkResult>,
    bulkViewsApi.bulk(action.payload),
    { context: 'errors:context.savingTicketInput', handled: [400] },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.bulkAction.actions.failed(result.error));
    return;
  }
  yield put(H.bulkAction.actions.succeeded(result.data));
  // The views' counts move with the records.
  yield put(H.viewCounts.actions.requested());
}

function* loadViews(): SagaIterator {
  const result: ApiResult<SavedView[]> = yield call(callApi<SavedView[]>, bulkViewsApi.views(), {
    context: 'errors:context.fetchingData',
  });
  if (result.ok) yield put(H.savedViews.actions.succeeded(result.data));
  else if (!result.cancelled) yield put(H.savedViews.actions.failed(result.error));
}

function* loadCounts(): SagaIterator {
  const result: ApiResult<ViewCount[]> = yield call(callApi<ViewCount[]>, bulkViewsApi.counts(), {
    context: 'errors:context.fetchingData',
  });
  if (result.ok) yield put(H.viewCounts.actions.succeeded(result.data));
  else if (!result.cancelled) yield put(H.viewCounts.actions.failed(result.error));
}

/** Shown counts follow the records: recounted once the live events of a burst have settled. */
export const COUNTS_SETTLE_MS = 1000;

function* recountShown(): SagaIterator {
  const shown: unknown = yield select((state: RootState) => state.holders.viewCounts.data);
  if (shown) yield put(H.viewCounts.actions.requested());
}

function* saveView(action: PayloadAction<SaveViewRequest>): SagaIterator {
  const { id, values } = action.payload;
  const request = id === undefined ? bulkViewsApi.create(values) : bulkViewsApi.update(id, values);
  const result: ApiResult<SavedView> = yield call(callApi<SavedView>, request, {
    context: 'errors:context.fetchingData',
    handled: [400],
  });
  if (!result.ok) {
    if (!result.cancelled) yield put(H.saveView.actions.failed(result.error));
    return;
  }
  yield put(H.saveView.actions.succeeded(result.data));
  yield call(notifySuccess, 'records:views.saved');
  yield put(H.savedViews.actions.requested());
  yield put(H.viewCounts.actions.requested());
}

function* deleteView(action: PayloadAction<{ id: number }>): SagaIterator {
  const result: ApiResult<{ id: number }> = yield call(
    callApi<{ id: number }>,
    bulkViewsApi.remove(action.payload.id),
    { context: 'errors:context.fetchingData' },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.deleteView.actions.failed(result.error));
    return;
  }
  yield put(H.deleteView.actions.succeeded(result.data));
  yield call(notifySuccess, 'records:views.deleted');
  yield put(H.savedViews.actions.requested());
  yield put(H.viewCounts.actions.requested());
}

export function* bulkViewsSaga(): SagaIterator {
  yield all([
    takeLatest(H.bulkAction.actions.requested.type, runBulk),
    takeLatest(H.savedViews.actions.requested.type, loadViews),
    takeLatest(H.viewCounts.actions.requested.type, loadCounts),
    takeLatest(H.saveView.actions.requested.type, saveView),
    takeLatest(H.deleteView.actions.requested.type, deleteView),
    takeLatest(H.listFields.actions.requested.type, loadListFields),
    debounce(COUNTS_SETTLE_MS, [recordEventSeen.type, liveActions.resynced.type], recountShown),
  ]);
}
