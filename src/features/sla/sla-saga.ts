import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../lib/call-api';
import type { ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { slaApi } from './api';
import { slaHolders } from './sla-slice';
import type { SlaPolicy, SlaPolicyOrder, SlaPolicySave } from './types';

const H = slaHolders;
const SAVING = 'errors:context.fetchingData';

function* loadPolicies(): SagaIterator {
  yield call(fillHolder<SlaPolicy[]>, H.slaPolicies.actions, slaApi.list());
}

/** A form flow: the failure stays in the holder for the form (400 fields, 409). */
function* savePolicy(action: PayloadAction<SlaPolicySave>): SagaIterator {
  const result: ApiResult<SlaPolicy> = yield call(callApi<SlaPolicy>, slaApi.save(action.payload), {
    context: SAVING,
    handled: [400, 404, 409],
  });
  if (!result.ok) {
    if (!result.cancelled) yield put(H.saveSlaPolicy.actions.failed(result.error));
    return;
  }
  yield put(H.saveSlaPolicy.actions.succeeded(result.data));
  yield call(notifySuccess, 'sla:toast.saved');
  yield put(H.slaPolicies.actions.requested());
}

function* deletePolicy(action: PayloadAction<{ id: number }>): SagaIterator {
  const result: ApiResult<{ id: number }> = yield call(
    fillHolder<{ id: number }>,
    H.deleteSlaPolicy.actions,
    slaApi.remove(action.payload.id),
    { context: SAVING, handled: [404] },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'sla:toast.deleted');
  yield put(H.slaPolicies.actions.requested());
}

function* reorderPolicies(action: PayloadAction<SlaPolicyOrder>): SagaIterator {
  const result: ApiResult<SlaPolicy[]> = yield call(
    fillHolder<SlaPolicy[]>,
    H.reorderSlaPolicies.actions,
    slaApi.reorder(action.payload.ids),
    { context: SAVING, handled: [400] },
  );
  if (result.ok) yield put(H.slaPolicies.actions.succeeded(result.data));
  else if (!result.cancelled) yield put(H.slaPolicies.actions.requested());
}

export function* slaSaga(): SagaIterator {
  yield all([
    takeLatest(H.slaPolicies.actions.requested.type, loadPolicies),
    takeLatest(H.saveSlaPolicy.actions.requested.type, savePolicy),
    takeLatest(H.deleteSlaPolicy.actions.requested.type, deletePolicy),
    takeLatest(H.reorderSlaPolicies.actions.requested.type, reorderPolicies),
  ]);
}
