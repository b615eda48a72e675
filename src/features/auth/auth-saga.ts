import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { startAuthentication, type AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { RootState } from '../../app/root-reducer';
import { callApi } from '../../lib/call-api';
import type { ApiResult } from '../../lib/call-api';
import i18n, { setLanguage } from '../../lib/i18n';
import { navigateTo } from '../../lib/navigation';
import { notifyMessage } from '../../lib/notify';
import { clearSession, getToken, setStoredUser, setToken } from '../../lib/storage';
import type { MessageData, User } from '../../lib/types';
import { authApi } from './api';
import type {
  LoginCodeData,
  LoginData,
  PasskeyLoginData,
  PasskeyRequestOptions,
  PasskeyStepData,
  PasskeyStepOptions,
} from './api';
import { authActions, authHolders } from './auth-slice';
import type {
  AuthState,
  ForgotPasswordPayload,
  LoginCodePayload,
  LoginPayload,
  SignupPayload,
} from './auth-slice';

function safeTarget(from: string | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/auth')) {
    return '/home';
  }
  return from;
}

function* loginFlow(action: PayloadAction<LoginPayload>): SagaIterator {
  const { email, password, from } = action.payload;
  const login: ApiResult<LoginData> = yield call(
    callApi<LoginData>,
    authApi.login({ str_username: email, str_password: password }),
    { context: 'errors:context.signingIn', handled: [400, 401, 403, 429] },
  );
  if (!login.ok) {
    // Login failures are swallowed (no error action): the server's message as a toast.
    if (!login.cancelled && login.error.status !== null) {
      const message =
        login.error.message ||
        i18n.t(login.error.status === 401 ? 'errors:invalidCredentials' : 'errors:requestError');
      yield call(notifyMessage, message);
    }
    yield put(authActions.reset());
    return;
  }
  const answer = login.data;
  if ('challenge' in answer) {
    // Two-step sign-in: the page asks for a code (the challenge is not a session).
    yield put(
      authActions.twoStepNeeded({ challenge: answer.challenge, from, passkey: answer.passkey }),
    );
    return;
  }
  if (answer.two_step_setup_required) {
    // Nothing but the setup answers this session until two-step sign-in is on.
    setToken(answer.token);
    yield put(authActions.reset());
    yield call(navigateTo, '/auth/two-step-setup', { replace: true, state: { from } });
    return;
  }
  yield call(completeLogin, answer.token, answer.user, from);
}

/** A session was answered: keep it, read the user, go where the user was headed. */
function* completeLogin(token: string, user: User, from: string | undefined): SagaIterator {
  setToken(token);
  setStoredUser(user);
  const me: ApiResult<User> = yield call(callApi<User>, authApi.me(), {
    context: 'errors:context.fetchingData',
  });
  if (!me.ok) {
    yield put(authActions.reset());
    return;
  }
  setStoredUser(me.data);
  setLanguage(me.data.language);
  yield put(authActions.loginSucceeded(me.data));
  yield call(navigateTo, safeTarget(from), { replace: true });
}

function* loginCodeFlow(action: PayloadAction<LoginCodePayload>): SagaIterator {
  const twoStep: AuthState['twoStep'] = yield select((state: RootState) => state.auth.twoStep);
  if (!twoStep) return;
  const result: ApiResult<LoginCodeData> = yield call(
    callApi<LoginCodeData>,
    authApi.loginCode({ challenge: twoStep.challenge, ...action.payload }),
    { context: 'errors:context.signingIn', handled: [400, 401, 403, 429] },
  );
  if (result.ok) {
    yield call(completeLogin, result.data.token, result.data.user, twoStep.from);
    return;
  }
  if (result.cancelled) return;
  if (result.error.status === 401 || result.error.status === 403) {
    // The challenge expired (or the account was deactivated meanwhile): back to the password.
    yield call(notifyMessage, result.error.message || i18n.t('errors:requestError'));
    yield put(authActions.cancelTwoStep());
    return;
  }
  yield put(authActions.loginCodeFailed(result.error));
}

/** The browser's passkey ceremony; undefined when the user cancels or the browser refuses. */
async function askForPasskey(
  optionsJSON: PasskeyRequestOptions,
): Promise<AuthenticationResponseJSON | undefined> {
  try {
    return await startAuthentication({ optionsJSON });
  } catch {
    return undefined;
  }
}

function* passkeyLoginFlow(action: PayloadAction<{ from?: string }>): SagaIterator {
  const options: ApiResult<PasskeyRequestOptions> = yield call(
    callApi<PasskeyRequestOptions>,
    authApi.passkeyOptions(),
    { context: 'errors:context.signingIn', handled: [429] },
  );
  if (!options.ok) {
    if (!options.cancelled && options.error.status !== null)
      yield call(notifyMessage, options.error.message || i18n.t('errors:requestError'));
    yield put(authActions.reset());
    return;
  }
  const response: AuthenticationResponseJSON | undefined = yield call(askForPasskey, options.data);
  if (!response) {
    yield call(notifyMessage, i18n.t('auth:login.passkeyCancelled'));
    yield put(authActions.reset());
    return;
  }
  const result: ApiResult<PasskeyLoginData> = yield call(
    callApi<PasskeyLoginData>,
    authApi.passkeyLogin({ response }),
    { context: 'errors:context.signingIn', handled: [400, 401, 403, 429] },
  );
  if (!result.ok) {
    if (!result.cancelled && result.error.status !== null)
      yield call(notifyMessage, result.error.message || i18n.t('errors:requestError'));
    yield put(authActions.reset());
    return;
  }
  yield call(completeLogin, result.data.token, result.data.user, action.payload.from);
}

/** The code step answered with a passkey: options for the challenge, the ceremony, the answer. */
function* loginPasskeyStepFlow(): SagaIterator {
  const twoStep: AuthState['twoStep'] = yield select((state: RootState) => state.auth.twoStep);
  if (!twoStep) return;
  const handled = [400, 401, 403, 429];
  const options: ApiResult<PasskeyStepOptions> = yield call(
    callApi<PasskeyStepOptions>,
    authApi.passkeyStepOptions(twoStep.challenge),
    { context: 'errors:context.signingIn', handled },
  );
  if (!options.ok) {
    if (options.cancelled) return;
    if (options.error.status === 401) {
      // The challenge expired: back to the password.
      yield call(notifyMessage, options.error.message || i18n.t('errors:requestError'));
      yield put(authActions.cancelTwoStep());
      return;
    }
    yield put(authActions.loginCodeFailed(options.error));
    return;
  }
  const response: AuthenticationResponseJSON | undefined = yield call(askForPasskey, options.data);
  if (!response) {
    const message = i18n.t('auth:login.passkeyCancelled');
    yield put(authActions.loginCodeFailed({ status: null, message }));
    return;
  }
  const result: ApiResult<PasskeyStepData> = yield call(
    callApi<PasskeyStepData>,
    authApi.passkeyStep({ challenge: twoStep.challenge, response }),
    { context: 'errors:context.signingIn', handled },
  );
  if (result.ok) {
    yield call(completeLogin, result.data.token, result.data.user, twoStep.from);
    return;
  }
  // Refused (the form says why; an expired sign-in says to start again).
  if (!result.cancelled) yield put(authActions.loginCodeFailed(result.error));
}

function* tokenLoginFlow(action: PayloadAction<{ token?: string }>): SagaIterator {
  if (action.payload.token) setToken(action.payload.token);
  if (!getToken()) {
    yield put(authActions.reset());
    yield call(navigateTo, '/auth/login', { replace: true });
    return;
  }
  const me: ApiResult<User> = yield call(callApi<User>, authApi.me(), {
    context: 'errors:context.fetchingData',
  });
  if (!me.ok) {
    yield put(authActions.reset());
    return;
  }
  setStoredUser(me.data);
  setLanguage(me.data.language);
  yield put(authActions.loginSucceeded(me.data));
  yield call(navigateTo, '/', { replace: true });
}

function* signupFlow(action: PayloadAction<SignupPayload>): SagaIterator {
  const result: ApiResult<MessageData> = yield call(
    callApi<MessageData>,
    authApi.register(action.payload),
    { context: 'errors:context.registering', handled: [400] },
  );
  if (result.ok) {
    yield put(authActions.signupSucceeded(result.data.message));
  } else if (!result.cancelled) {
    clearSession();
    yield put(authActions.signupFailed(result.error));
  }
}

function* logoutFlow(): SagaIterator {
  if (!getToken()) {
    clearSession();
    yield put(authActions.logoutSucceeded());
    return;
  }
  // An already expired session is fine here: 401 is answered by logging out locally.
  const result: ApiResult<MessageData> = yield call(callApi<MessageData>, authApi.logout(), {
    context: 'errors:context.loggingOut',
    handled: [401],
  });
  clearSession();
  if (result.ok || result.error.status === 401) {
    yield put(authActions.logoutSucceeded());
  } else if (!result.cancelled) {
    yield put(authActions.logoutFailed(result.error));
  }
}

function* forgotPasswordFlow(action: PayloadAction<ForgotPasswordPayload>): SagaIterator {
  const result: ApiResult<MessageData> = yield call(
    callApi<MessageData>,
    authApi.forgetPassword({ email: action.payload.email }),
    { context: 'errors:context.sendingResetLink', handled: [400, 404, 429] },
  );
  if (result.ok) yield put(authActions.forgotPasswordSucceeded(result.data.message));
  else if (!result.cancelled) yield put(authActions.forgotPasswordFailed(result.error));
}

function* confirmFlow(
  action: ReturnType<typeof authHolders.confirmEmail.actions.requested>,
): SagaIterator {
  const { actions } = authHolders.confirmEmail;
  const result: ApiResult<MessageData> = yield call(
    callApi<MessageData>,
    authApi.confirm(action.payload),
    { context: 'errors:context.fetchingData', handled: [400, 404] },
  );
  if (result.ok) yield put(actions.succeeded(result.data));
  else if (!result.cancelled) yield put(actions.failed(result.error));
}

function* resetPasswordFlow(
  action: ReturnType<typeof authHolders.resetPassword.actions.requested>,
): SagaIterator {
  const { actions } = authHolders.resetPassword;
  const result: ApiResult<MessageData> = yield call(
    callApi<MessageData>,
    authApi.resetPassword(action.payload),
    { context: 'errors:context.resettingPassword', handled: [400, 404] },
  );
  if (result.ok) yield put(actions.succeeded(result.data));
  else if (!result.cancelled) yield put(actions.failed(result.error));
}

export function* authSaga(): SagaIterator {
  yield all([
    takeLatest(authActions.login.type, loginFlow),
    takeLatest(authActions.loginCode.type, loginCodeFlow),
    takeLatest(authActions.passkeyLogin.type, passkeyLoginFlow),
    takeLatest(authActions.loginPasskeyStep.type, loginPasskeyStepFlow),
    takeLatest(authActions.tokenLogin.type, tokenLoginFlow),
    takeLatest(authActions.signup.type, signupFlow),
    takeLatest(authActions.logout.type, logoutFlow),
    takeLatest(authActions.forgotPassword.type, forgotPasswordFlow),
    takeLatest(authHolders.confirmEmail.actions.requested.type, confirmFlow),
    takeLatest(authHolders.resetPassword.actions.requested.type, resetPasswordFlow),
  ]);
}
