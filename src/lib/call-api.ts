import { isCancel, isHttpError, type HttpResponse } from './http';
import { call, cancelled, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import i18n from './i18n';
import { currentPath, navigateTo } from './navigation';
import { notifyError, notifyNetworkError } from './notify';
import { preLoginRequested } from './session';
import type { ApiErrorBody, ApiSuccess, ErrorInfo } from './types';

/** Client-level messages (i18n keys) used when the server gives none. */
export const CLIENT_MESSAGES: Record<number, string> = {
  401: 'errors:invalidCredentials',
  403: 'errors:accessForbidden',
  404: 'errors:notFound',
};

export interface CallOptions {
  /** i18n key of the context text shown with 'Network Error', e.g. 'errors:context.fetchingData'. */
  context: string;
  /**
   * Statuses the calling saga answers itself (form validation 400/409, the login call's
   * 401/403/429...): no toast and no redirect, the failure is just returned.
   */
  handled?: readonly number[];
}

export type ApiResult<T> =
  { ok: true; data: T } | { ok: false; cancelled: boolean; error: ErrorInfo };

export type ApiRequest<T> = (signal: AbortSignal) => Promise<HttpResponse<ApiSuccess<T>>>;

function bodyOf(data: unknown): ApiErrorBody | null {
  return data && typeof data === 'object' ? (data as ApiErrorBody) : null;
}

/**
 * THE saga error policy (seed section 8). Every saga calls the API through this:
 * - 401: toast 'Unauthorized: ...' then the pre-login redirect (lib/pre-login.ts);
 * - 403: navigate to /access-denied;
 * - other non-200: toast 'Request Error: ...';
 * - network failure: toast 'Network Error' with the context text;
 * - cancelled (takeLatest cancels the saga -> AbortController aborts the request): silent.
 * The failure is returned: listing/dropdown/detail flows swallow it, forms record it.
 */
export function* callApi<T>(
  request: ApiRequest<T>,
  options: CallOptions,
): SagaIterator<ApiResult<T>> {
  const controller = new AbortController();
  try {
    const response: HttpResponse<ApiSuccess<T>> = yield call(request, controller.signal);
    return { ok: true, data: response.data.data };
  } catch (err) {
    const result: ApiResult<T> = yield call(applyErrorPolicy, err, options);
    return result;
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

function* applyErrorPolicy(err: unknown, options: CallOptions): SagaIterator<ApiResult<never>> {
  if (isCancel(err)) {
    return { ok: false, cancelled: true, error: { message: '', status: null } };
  }
  if (isHttpError(err) && err.response) {
    const status = err.response.status;
    const body = bodyOf(err.response.data);
    const fallback = CLIENT_MESSAGES[status];
    const error: ErrorInfo = {
      status,
      message: body?.message ?? (fallback ? i18n.t(fallback) : ''),
      fields: body?.fields,
      ...(body?.current !== undefined ? { current: body.current } : {}),
    };
    if (options.handled?.includes(status)) return { ok: false, cancelled: false, error };
    error.notified = true;
    if (status === 401) {
      yield call(notifyError, 'errors:sessionExpired');
      yield put(preLoginRequested({ from: privateFrom() }));
    } else if (status === 403) {
      yield call(navigateTo, '/access-denied');
    } else {
      yield call(notifyError, 'errors:requestError');
    }
    return { ok: false, cancelled: false, error };
  }
  if (isHttpError(err)) {
    yield call(notifyNetworkError, options.context);
    const error: ErrorInfo = { message: i18n.t('errors:network'), status: null, notified: true };
    return { ok: false, cancelled: false, error };
  }
  yield call(notifyError, 'errors:requestError');
  const error: ErrorInfo = { message: String(err), status: null, notified: true };
  return { ok: false, cancelled: false, error };
}

function privateFrom(): string | undefined {
  const path = currentPath();
  return path.startsWith('/auth') ? undefined : path;
}
