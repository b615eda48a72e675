import { call, put, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { apiRequest, type ApiResponse } from './api-client';
import type { HttpResponse } from './http';
import { navigateTo } from './navigation';
import { preLoginRequested, sessionExpired } from './session';
import { clearSession } from './storage';

type PreLoginResponse = ApiResponse<'/api/public/pre-login', 'get'>;

function fetchPreLogin(): Promise<HttpResponse<PreLoginResponse>> {
  return apiRequest<PreLoginResponse>({ url: 'public/pre-login' });
}

/**
 * The pre-login redirect: clear the stored token and user, GET public/pre-login and, when its
 * status is success or unauthorized, go to its redirect-url (else to /auth/login).
 */
export function* preLoginRedirect(from?: string): SagaIterator<void> {
  clearSession();
  yield put(sessionExpired());
  const state = from ? { from } : undefined;
  try {
    const response: HttpResponse<PreLoginResponse> = yield call(fetchPreLogin);
    const { status, data } = response.data;
    const url = data?.['redirect-url'];
    if ((status === 'success' || status === 'unauthorized') && url) {
      yield call(navigateTo, url, { replace: true, state });
      return;
    }
  } catch {
    // fall through to the login page
  }
  yield call(navigateTo, '/auth/login', { replace: true, state });
}

function* onPreLoginRequested(action: PayloadAction<{ from?: string } | undefined>): SagaIterator {
  yield call(preLoginRedirect, action.payload?.from);
}

export function* preLoginSaga(): SagaIterator {
  yield takeLeading(preLoginRequested.type, onPreLoginRequested);
}
