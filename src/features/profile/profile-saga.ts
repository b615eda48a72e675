import './i18n';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { RegistrationResponseJSON } from '@simplewebauthn/browser';
import { callApi } from '../../lib/call-api';
import type { ApiResult } from '../../lib/call-api';
import { setLanguage } from '../../lib/i18n';
import { FETCHING, fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import i18n from '../../lib/i18n';
import { userUpdated } from '../../lib/session';
import { setStoredUser } from '../../lib/storage';
import type { MessageData, User } from '../../lib/types';
import { profileApi } from './api';
import type {
  ApiToken,
  MadeApiToken,
  Passkey,
  PasskeyCreationOptions,
  RecoveryCodes,
  SignedInSession,
  TwoStepSetup,
  TwoStepStatus,
} from './api';
import { createPasskey } from './passkey-ceremony';
import { profileHolders } from './profile-slice';

const {
  profileSave,
  passwordChange,
  twoStepStatus,
  twoStepSetup,
  twoStepConfirm,
  recoveryCodes,
  twoStepDisable,
  signedInSessions,
  endSession,
  apiTokens,
  apiTokenMake,
  apiTokenRevoke,
  passkeys,
  passkeyAdd,
  passkeyRemove,
} = profileHolders;

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
  yield put(signedInSessions.actions.requested());
  yield call(notifySuccess, 'profile:passwordChanged');
}

function* loadTwoStep(): SagaIterator {
  yield call(fillHolder<TwoStepStatus>, twoStepStatus.actions, profileApi.twoStep());
}

function* startTwoStep(): SagaIterator {
  yield call(fillHolder<TwoStepSetup>, twoStepSetup.actions, profileApi.startTwoStep(), {
    context: FETCHING,
    handled: [409],
  });
}

/** A call answered with a field message (400) or a refusal the form shows itself. */
const FORM_ERRORS = [400, 403, 409, 429] as const;

function* confirmTwoStep(
  action: ReturnType<typeof twoStepConfirm.actions.requested>,
): SagaIterator {
  const result: ApiResult<RecoveryCodes> = yield call(
    fillHolder<RecoveryCodes>,
    twoStepConfirm.actions,
    profileApi.confirmTwoStep(action.payload.code),
    { context: 'errors:context.savingProfile', handled: FORM_ERRORS },
  );
  if (!result.ok) return;
  yield put(twoStepSetup.actions.reset());
  yield put(twoStepStatus.actions.requested());
  yield put(signedInSessions.actions.requested());
  yield call(notifySuccess, 'profile:twoStep.turnedOn');
}

function* regenerateCodes(
  action: ReturnType<typeof recoveryCodes.actions.requested>,
): SagaIterator {
  const result: ApiResult<RecoveryCodes> = yield call(
    fillHolder<RecoveryCodes>,
    recoveryCodes.actions,
    profileApi.newRecoveryCodes(action.payload.code),
    { context: 'errors:context.savingProfile', handled: FORM_ERRORS },
  );
  if (result.ok) yield put(twoStepStatus.actions.requested());
}

function* disableTwoStep(
  action: ReturnType<typeof twoStepDisable.actions.requested>,
): SagaIterator {
  const result: ApiResult<MessageData> = yield call(
    fillHolder<MessageData>,
    twoStepDisable.actions,
    profileApi.disableTwoStep(action.payload),
    { context: 'errors:context.savingProfile', handled: FORM_ERRORS },
  );
  if (!result.ok) return;
  yield put(twoStepConfirm.actions.reset());
  yield put(recoveryCodes.actions.reset());
  yield put(twoStepStatus.actions.requested());
  yield call(notifySuccess, 'profile:twoStep.turnedOff');
}

function* loadSessions(): SagaIterator {
  yield call(fillHolder<SignedInSession[]>, signedInSessions.actions, profileApi.sessions());
}

function* endOneSession(action: ReturnType<typeof endSession.actions.requested>): SagaIterator {
  const result: ApiResult<MessageData> = yield call(
    fillHolder<MessageData>,
    endSession.actions,
    profileApi.endSession(action.payload.id),
    { context: 'errors:context.savingProfile', handled: [404] },
  );
  // Gone already (ended elsewhere) or ended now: either way the list is read again.
  yield put(signedInSessions.actions.requested());
  if (result.ok) yield call(notifySuccess, 'profile:sessions.ended');
}

function* loadTokens(): SagaIterator {
  yield call(fillHolder<ApiToken[]>, apiTokens.actions, profileApi.tokens());
}

function* makeToken(action: ReturnType<typeof apiTokenMake.actions.requested>): SagaIterator {
  const result: ApiResult<MadeApiToken> = yield call(
    fillHolder<MadeApiToken>,
    apiTokenMake.actions,
    profileApi.makeToken(action.payload),
    { context: 'errors:context.savingProfile', handled: [400] },
  );
  if (result.ok) yield put(apiTokens.actions.requested());
}

function* revokeToken(action: ReturnType<typeof apiTokenRevoke.actions.requested>): SagaIterator {
  const result: ApiResult<MessageData> = yield call(
    fillHolder<MessageData>,
    apiTokenRevoke.actions,
    profileApi.revokeToken(action.payload.id),
    { context: 'errors:context.savingProfile', handled: [404] },
  );
  // Gone already (revoked elsewhere) or revoked now: either way the list is read again.
  yield put(apiTokens.actions.requested());
  if (result.ok) yield call(notifySuccess, 'profile:tokens.revoked');
}

function* loadPasskeys(): SagaIterator {
  yield call(fillHolder<Passkey[]>, passkeys.actions, profileApi.passkeys());
}

/** Options from the server, the browser's ceremony, then the answer with the name. */
function* addPasskey(action: ReturnType<typeof passkeyAdd.actions.requested>): SagaIterator {
  const options: ApiResult<PasskeyCreationOptions> = yield call(
    callApi<PasskeyCreationOptions>,
    profileApi.passkeyOptions(),
    { context: 'errors:context.savingProfile' },
  );
  if (!options.ok) {
    if (!options.cancelled) yield put(passkeyAdd.actions.failed(options.error));
    return;
  }
  const response: RegistrationResponseJSON | undefined = yield call(createPasskey, options.data);
  if (!response) {
    // Cancelled, timed out, or refused by the browser: said in the form, nothing was sent.
    yield put(
      passkeyAdd.actions.failed({
        status: null,
        message: i18n.t('profile:passkeys.cancelled'),
        fields: {},
      }),
    );
    return;
  }
  const result: ApiResult<Passkey> = yield call(
    fillHolder<Passkey>,
    passkeyAdd.actions,
    profileApi.addPasskey({ name: action.payload.name, response }),
    { context: 'errors:context.savingProfile', handled: [400, 409] },
  );
  if (!result.ok) return;
  yield put(passkeys.actions.requested());
  yield call(notifySuccess, 'profile:passkeys.added');
}

function* removePasskey(action: ReturnType<typeof passkeyRemove.actions.requested>): SagaIterator {
  const result: ApiResult<MessageData> = yield call(
    fillHolder<MessageData>,
    passkeyRemove.actions,
    profileApi.removePasskey(action.payload.id),
    { context: 'errors:context.savingProfile', handled: [404] },
  );
  // Gone already (removed elsewhere) or removed now: either way the list is read again.
  yield put(passkeys.actions.requested());
  if (result.ok) yield call(notifySuccess, 'profile:passkeys.removed');
}

export function* profileSaga(): SagaIterator {
  yield all([
    takeLatest(profileSave.actions.requested.type, saveProfile),
    takeLatest(passwordChange.actions.requested.type, changePassword),
    takeLatest(twoStepStatus.actions.requested.type, loadTwoStep),
    takeLatest(twoStepSetup.actions.requested.type, startTwoStep),
    takeLatest(twoStepConfirm.actions.requested.type, confirmTwoStep),
    takeLatest(recoveryCodes.actions.requested.type, regenerateCodes),
    takeLatest(twoStepDisable.actions.requested.type, disableTwoStep),
    takeLatest(signedInSessions.actions.requested.type, loadSessions),
    takeLatest(endSession.actions.requested.type, endOneSession),
    takeLatest(apiTokens.actions.requested.type, loadTokens),
    takeLatest(apiTokenMake.actions.requested.type, makeToken),
    takeLatest(apiTokenRevoke.actions.requested.type, revokeToken),
    takeLatest(passkeys.actions.requested.type, loadPasskeys),
    takeLatest(passkeyAdd.actions.requested.type, addPasskey),
    takeLatest(passkeyRemove.actions.requested.type, removePasskey),
  ]);
}
