import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { RootState } from '../../app/root-reducer';
import type { ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { adminApi } from './api';
import { adminHolders } from './admin-slice';
import type {
  AdminApiToken,
  AdminHelpdesk,
  AdminUser,
  AdminUserPage,
  DeskAccess,
  DeskReviewers,
  DeskReviewersSave,
  Invitation,
  SignInSettings,
  UserChange,
  UserFields,
  UserFieldsSave,
} from './types';
import type { MessageData } from '../../lib/types';
import type { CustomFieldSet } from '../custom-fields/types';
import { callApi } from '../../lib/call-api';

const H = adminHolders;
const SAVING = 'errors:context.fetchingData';

function* loadDesks(): SagaIterator {
  yield call(fillHolder<{ items: AdminHelpdesk[] }>, H.adminDesks.actions, adminApi.desks());
}

/** A form flow: 400 (field messages) and 404 stay in the holder for the form. */
function* saveDesk(action: PayloadAction<{ id: number; access: DeskAccess }>): SagaIterator {
  const result: ApiResult<AdminHelpdesk> = yield call(
    fillHolder<AdminHelpdesk>,
    H.saveAdminDesk.actions,
    adminApi.saveDesk(action.payload.id, action.payload.access),
    { context: SAVING, handled: [400, 404] },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'admin:desks.saved');
  yield put(H.adminDesks.actions.requested());
}

/** A desk's reviewers: 400 (field message) and 404 stay in the holder for the form. */
function* saveReviewers(action: PayloadAction<DeskReviewersSave>): SagaIterator {
  const result: ApiResult<DeskReviewers> = yield call(
    fillHolder<DeskReviewers>,
    H.saveDeskReviewers.actions,
    adminApi.saveReviewers(action.payload),
    { context: SAVING, handled: [400, 404] },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'admin:desks.reviewers.saved');
  yield put(H.adminDesks.actions.requested());
}

function* loadUsers(action: PayloadAction<{ page: number; text?: string }>): SagaIterator {
  yield call(fillHolder<AdminUserPage>, H.adminUsers.actions, adminApi.users(action.payload));
}

/** The list again as it was last asked for (its page and text). */
function* reloadUsers(): SagaIterator {
  const last: AdminUserPage | null = yield select((s: RootState) => s.holders.adminUsers.data);
  yield put(H.adminUsers.actions.requested({ page: last?.page ?? 1 }));
}

function* invite(action: PayloadAction<Invitation>): SagaIterator {
  const result: ApiResult<AdminUser> = yield call(
    fillHolder<AdminUser>,
    H.inviteUser.actions,
    adminApi.invite(action.payload),
    { context: SAVING, handled: [400] },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'admin:users.invited');
  yield call(reloadUsers);
}

function* changeUser(action: PayloadAction<{ id: number; change: UserChange }>): SagaIterator {
  const result: ApiResult<AdminUser> = yield call(
    fillHolder<AdminUser>,
    H.changeAdminUser.actions,
    adminApi.changeUser(action.payload.id, action.payload.change),
    { context: SAVING },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'admin:users.changed');
  yield call(reloadUsers);
}

/** A user's fields saved: the failure stays for the editor (400 under fields, 409 stale). */
function* saveUserFields(action: PayloadAction<UserFieldsSave>): SagaIterator {
  const result: ApiResult<UserFields> = yield call(
    callApi<UserFields>,
    adminApi.saveUserFields(action.payload),
    { context: SAVING, handled: [400, 404, 409] },
  );
  if (!result.ok) {
    if (result.cancelled) return;
    yield put(H.saveUserFields.actions.failed(result.error));
    if (result.error.status === 409) yield put(H.userFieldSet.actions.requested());
    return;
  }
  yield put(H.saveUserFields.actions.succeeded(result.data));
  yield put(H.userFields.actions.succeeded(result.data));
  yield call(notifySuccess, 'fieldValues:panel.saved');
}

function* loadSignInSettings(): SagaIterator {
  yield call(fillHolder<SignInSettings>, H.signInSettings.actions, adminApi.signInSettings());
}

function* saveSignInSettings(action: PayloadAction<SignInSettings>): SagaIterator {
  const result: ApiResult<SignInSettings> = yield call(
    fillHolder<SignInSettings>,
    H.saveSignInSettings.actions,
    adminApi.saveSignInSettings(action.payload),
    { context: SAVING, handled: [400] },
  );
  if (!result.ok) return;
  yield put(H.signInSettings.actions.succeeded(result.data));
  yield call(notifySuccess, 'admin:signIn.saved');
}

function* loadApiTokens(): SagaIterator {
  yield call(fillHolder<AdminApiToken[]>, H.adminApiTokens.actions, adminApi.apiTokens());
}

function* revokeApiToken(action: PayloadAction<{ id: number }>): SagaIterator {
  const result: ApiResult<MessageData> = yield call(
    fillHolder<MessageData>,
    H.revokeAdminApiToken.actions,
    adminApi.revokeApiToken(action.payload.id),
    { context: SAVING, handled: [404] },
  );
  // Gone already or revoked now: either way the list is read again.
  yield put(H.adminApiTokens.actions.requested());
  if (result.ok) yield call(notifySuccess, 'admin:tokens.revoked');
}

export function* adminSaga(): SagaIterator {
  yield all([
    takeLatest(H.adminDesks.actions.requested.type, loadDesks),
    takeLatest(H.saveAdminDesk.actions.requested.type, saveDesk),
    takeLatest(H.saveDeskReviewers.actions.requested.type, saveReviewers),
    takeLatest(H.adminUsers.actions.requested.type, loadUsers),
    takeLatest(H.inviteUser.actions.requested.type, invite),
    takeLatest(H.changeAdminUser.actions.requested.type, changeUser),
    takeLatest(H.userFieldSet.actions.requested.type, function* loadFieldSet(): SagaIterator {
      yield call(fillHolder<CustomFieldSet>, H.userFieldSet.actions, adminApi.userFieldSet());
    }),
    takeLatest(
      H.userFields.actions.requested.type,
      function* loadUserFields(action: PayloadAction<{ id: number }>): SagaIterator {
        yield call(
          fillHolder<UserFields>,
          H.userFields.actions,
          adminApi.userFields(action.payload.id),
        );
      },
    ),
    takeLatest(H.saveUserFields.actions.requested.type, saveUserFields),
    takeLatest(H.signInSettings.actions.requested.type, loadSignInSettings),
    takeLatest(H.saveSignInSettings.actions.requested.type, saveSignInSettings),
    takeLatest(H.adminApiTokens.actions.requested.type, loadApiTokens),
    takeLatest(H.revokeAdminApiToken.actions.requested.type, revokeApiToken),
  ]);
}
