import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, debounce, put, takeLatest } from 'redux-saga/effects';
import { callApi, type ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { adminApi } from '../admin/api';
import type { AdminUserPage } from '../admin/types';
import { saveFile } from '../attachments/save-file';
import { auditApi } from './api';
import { auditHolders } from './audit-slice';
import type { AuditFilter, AuditPage, AuditQuery, AuditSettings, AuditUser } from './types';

const H = auditHolders;
const SAVING = 'errors:context.fetchingData';
/** How long typing in the user picker pauses before the users are asked for. */
const USER_SEARCH_DEBOUNCE_MS = 250;

function* loadLog(action: PayloadAction<AuditQuery>): SagaIterator {
  yield call(fillHolder<AuditPage>, H.auditLog.actions, auditApi.list(action.payload));
}

function* exportCsv(action: PayloadAction<AuditFilter>): SagaIterator {
  const result: ApiResult<Blob> = yield call(callApi<Blob>, auditApi.exportCsv(action.payload), {
    context: 'errors:context.fetchingData',
    handled: [400],
  });
  if (!result.ok) {
    if (!result.cancelled) yield put(H.auditExport.actions.failed(result.error));
    return;
  }
  const name = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
  yield call(saveFile, result.data, name);
  yield put(H.auditExport.actions.succeeded({ name }));
}

/** The picker's users: the first page of the administrators' user list for the text. */
function* findUsers(action: PayloadAction<{ text: string }>): SagaIterator {
  const result: ApiResult<AdminUserPage> = yield call(
    callApi<AdminUserPage>,
    adminApi.users({ page: 1, text: action.payload.text }),
    { context: 'errors:context.fetchingData' },
  );
  if (result.ok) {
    const users: AuditUser[] = result.data.items.map(({ id, fullname, email }) => ({
      id,
      fullname,
      email,
    }));
    yield put(H.auditUsers.actions.succeeded(users));
  } else if (!result.cancelled) yield put(H.auditUsers.actions.failed(result.error));
}

function* loadSettings(): SagaIterator {
  yield call(fillHolder<AuditSettings>, H.auditSettings.actions, auditApi.settings());
}

/** A form flow: a refusal stays in the holder for the form (400 fields). */
function* saveSettings(action: PayloadAction<AuditSettings>): SagaIterator {
  const result: ApiResult<AuditSettings> = yield call(
    callApi<AuditSettings>,
    auditApi.saveSettings(action.payload),
    { context: SAVING, handled: [400] },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.saveAuditSettings.actions.failed(result.error));
    return;
  }
  yield put(H.saveAuditSettings.actions.succeeded(result.data));
  yield put(H.auditSettings.actions.succeeded(result.data));
  yield call(notifySuccess, 'audit:toast.saved');
}

export function* auditSaga(): SagaIterator {
  yield all([
    takeLatest(H.auditLog.actions.requested.type, loadLog),
    takeLatest(H.auditExport.actions.requested.type, exportCsv),
    takeLatest(H.auditSettings.actions.requested.type, loadSettings),
    takeLatest(H.saveAuditSettings.actions.requested.type, saveSettings),
    debounce(USER_SEARCH_DEBOUNCE_MS, H.auditUsers.actions.requested.type, findUsers),
  ]);
}
