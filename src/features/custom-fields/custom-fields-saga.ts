import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../lib/call-api';
import type { ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { customFieldsApi } from './api';
import { customFieldsHolders } from './custom-fields-slice';
import type {
  CustomField,
  CustomFieldDelete,
  CustomFieldSave,
  CustomFieldSet,
  FieldObject,
} from './types';

const H = customFieldsHolders;
const SAVING = 'errors:context.fetchingData';

function* loadFields(action: PayloadAction<FieldObject>): SagaIterator {
  yield call(
    fillHolder<CustomFieldSet>,
    H.customFields.actions,
    customFieldsApi.list(action.payload),
  );
}

/** A form flow: the failure stays in the holder for the form (400 fields, 404, 409 stale). */
function* saveField(action: PayloadAction<CustomFieldSave>): SagaIterator {
  const result: ApiResult<CustomField> = yield call(
    callApi<CustomField>,
    customFieldsApi.save(action.payload),
    { context: SAVING, handled: [400, 404, 409] },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.saveCustomField.actions.failed(result.error));
    return;
  }
  yield put(H.saveCustomField.actions.succeeded(result.data));
  yield call(notifySuccess, 'customFields:toast.saved');
  yield put(H.customFields.actions.requested(action.payload.objectType));
}

/** A 409 names how many records carry a value: the dialog shows it and asks again. */
function* deleteField(action: PayloadAction<CustomFieldDelete>): SagaIterator {
  const result: ApiResult<{ id: number; cleared: number }> = yield call(
    fillHolder<{ id: number; cleared: number }>,
    H.deleteCustomField.actions,
    customFieldsApi.remove(action.payload),
    { context: SAVING, handled: [404, 409] },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'customFields:toast.deleted');
  yield put(H.customFields.actions.requested(action.payload.objectType));
}

function* reorderFields(
  action: PayloadAction<{ objectType: FieldObject; ids: number[] }>,
): SagaIterator {
  const { objectType, ids } = action.payload;
  const result: ApiResult<CustomFieldSet> = yield call(
    fillHolder<CustomFieldSet>,
    H.reorderCustomFields.actions,
    customFieldsApi.reorder({ object_type: objectType, ids }),
    { context: SAVING, handled: [400] },
  );
  if (result.ok) yield put(H.customFields.actions.succeeded(result.data));
  else if (!result.cancelled) yield put(H.customFields.actions.requested(objectType));
}

export function* customFieldsSaga(): SagaIterator {
  yield all([
    takeLatest(H.customFields.actions.requested.type, loadFields),
    takeLatest(H.saveCustomField.actions.requested.type, saveField),
    takeLatest(H.deleteCustomField.actions.requested.type, deleteField),
    takeLatest(H.reorderCustomFields.actions.requested.type, reorderFields),
  ]);
}
