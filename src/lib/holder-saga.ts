import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';
import { callApi } from './call-api';
import type { ApiRequest, ApiResult, CallOptions } from './call-api';
import type { ErrorInfo } from './types';

export interface HolderActions<T> {
  succeeded: (data: T) => UnknownAction;
  failed: (error: ErrorInfo) => UnknownAction;
}

export const FETCHING = 'errors:context.fetchingData';

/**
 * Calls through the error policy, then fills the holder: a listing, dropdown or detail flow
 * swallows the failure after the policy told the user (a cancelled call changes nothing).
 */
export function* fillHolder<T>(
  holder: HolderActions<T>,
  request: ApiRequest<T>,
  options: CallOptions = { context: FETCHING },
): SagaIterator<ApiResult<T>> {
  const result: ApiResult<T> = yield call(callApi<T>, request, options);
  if (result.ok) yield put(holder.succeeded(result.data));
  else if (!result.cancelled) yield put(holder.failed(result.error));
  return result;
}
