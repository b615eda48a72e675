import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { callApi, type ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { authActions } from '../auth/auth-slice';
import { ssoApi } from './api';
import { ssoHolders } from './sso-slice';
import type {
  LoginProvider,
  SsoDiscovery,
  SsoLookup,
  SsoProvider,
  SsoProviderSave,
  SsoSession,
} from './types';

const H = ssoHolders;
const SAVING = 'errors:context.fetchingData';

function* loadProviders(): SagaIterator {
  yield call(fillHolder<SsoProvider[]>, H.ssoProviders.actions, ssoApi.list());
}

/** A form flow: the failure (400 fields, 404) stays in the holder for the form. */
function* saveProvider(action: PayloadAction<SsoProviderSave>): SagaIterator {
  const s = action.payload;
  const result: ApiResult<SsoProvider> = yield call(
    callApi<SsoProvider>,
    s.id === undefined ? ssoApi.create(s) : ssoApi.update(s.id, s),
    { context: SAVING, handled: [400, 404] },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.saveSsoProvider.actions.failed(result.error));
    return;
  }
  yield put(H.saveSsoProvider.actions.succeeded(result.data));
  yield call(notifySuccess, 'sso:toast.saved');
  yield put(H.ssoProviders.actions.requested());
}

function* deleteProvider(action: PayloadAction<number>): SagaIterator {
  const result: ApiResult<{ id: number }> = yield call(
    fillHolder<{ id: number }>,
    H.deleteSsoProvider.actions,
    ssoApi.remove(action.payload),
    { context: SAVING },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'sso:toast.deleted');
  yield put(H.ssoProviders.actions.requested());
}

/** "Test discovery": a 400 names the issuer field, shown beside it. */
function* testDiscovery(action: PayloadAction<string>): SagaIterator {
  yield call(fillHolder<SsoDiscovery>, H.ssoDiscovery.actions, ssoApi.discovery(action.payload), {
    context: SAVING,
    handled: [400],
  });
}

function* loadLoginProviders(): SagaIterator {
  yield call(fillHolder<LoginProvider[]>, H.loginProviders.actions, ssoApi.loginProviders());
}

/** Whether the typed address's domain signs in with a provider; a failure means the password. */
function* lookup(action: PayloadAction<string>): SagaIterator {
  yield call(fillHolder<SsoLookup>, H.ssoLookup.actions, ssoApi.lookup(action.payload), {
    context: 'errors:context.signingIn',
    handled: [400],
  });
}

/** The callback page: the one-time code becomes a session, kept as a password login keeps it. */
function* exchange(action: PayloadAction<string>): SagaIterator {
  const result: ApiResult<SsoSession> = yield call(
    callApi<SsoSession>,
    ssoApi.exchange(action.payload),
    { context: 'errors:context.signingIn', handled: [400, 401, 403] },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.ssoExchange.actions.failed(result.error));
    return;
  }
  yield put(H.ssoExchange.actions.succeeded({ done: true }));
  yield put(authActions.tokenLogin({ token: result.data.token }));
}

export function* ssoSaga(): SagaIterator {
  yield all([
    takeLatest(H.ssoProviders.actions.requested.type, loadProviders),
    takeLatest(H.saveSsoProvider.actions.requested.type, saveProvider),
    takeLatest(H.deleteSsoProvider.actions.requested.type, deleteProvider),
    takeLatest(H.ssoDiscovery.actions.requested.type, testDiscovery),
    takeLatest(H.loginProviders.actions.requested.type, loadLoginProviders),
    takeLatest(H.ssoLookup.actions.requested.type, lookup),
    takeLatest(H.ssoExchange.actions.requested.type, exchange),
  ]);
}
