import './i18n';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../lib/call-api';
import type { ApiResult } from '../../lib/call-api';
import { setLanguage } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { userUpdated } from '../../lib/session';
import { setStoredUser } from '../../lib/storage';
import type { MessageData, User } from '../../lib/types';
import { profileApi } from './api';
import { profileHolders } from './profile-slice';

const { profileSave, passwordChange } = profileHolders;

function* saveProfile(action: ReturnType<typeof profileSave.actions.requested>): SagaIterator {
  const result: ApiResult<User> = yield call(callApi<User>, profileApi.update(action.payload), {
    context: 'errors:context.savingProfile',
    handled: [400],
  });
  if (!result.ok) {
    if (!result.cancelled) yield put(profileSave.actions.failed(result.error));
    return;
  }
  setStoredUser(result.data);
  setLanguage(result.data.language);
  yield put(userUpdated(result.data));
  yield put(profileSave.actions.succeeded(result.data));
  yield call(notifySuccess, 'profile:saved');
}

function* changePassword(
  action: ReturnType<typeof passwordChange.actions.requested>,
): SagaIterator {
  const result: ApiResult<MessageData> = yield call(
    callApi<MessageData>,
    profileApi.changePassword(action.payload),
    { context: 'errors:context.changingPassword', handled: [400] },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(passwordChange.actions.failed(result.error));
    return;
  }
  yield put(passwordChange.actions.succeeded(result.data));
  yield call(notifySuccess, 'profile:passwordChanged');
}

export function* profileSaga(): SagaIterator {
  yield all([
    takeLatest(profileSave.actions.requested.type, saveProfile),
    takeLatest(passwordChange.actions.requested.type, changePassword),
  ]);
}
