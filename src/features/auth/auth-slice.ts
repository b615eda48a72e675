import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ApiBody } from '../../lib/api-client';
import { createRequestHolder } from '../../lib/request-holder';
import { sessionExpired, userUpdated } from '../../lib/session';
import { getStoredUser } from '../../lib/storage';
import type { ErrorInfo, MessageData, User } from '../../lib/types';

/** Seed section 4: the authentication state. */
export interface AuthState {
  user: User | null;
  loading: boolean;
  userLoggedIn: boolean;
  userSignUp: boolean;
  userLogout: boolean;
  passwordReset: boolean;
  error: ErrorInfo | null;
  registerError: ErrorInfo | null;
  resetPasswordSuccess: string | null;
  /** The server's message after a successful signup (shown on the register page). */
  signupMessage: string | null;
  /** After a right password for an account with two-step sign-in: the code step's challenge. */
  twoStep: { challenge: string; from?: string; passkey?: boolean } | null;
  /** The code step's refusal (a field message, or a wait). */
  twoStepError: ErrorInfo | null;
}

/** The code step's answer: a code from the authenticator app or a recovery code. */
export type LoginCodePayload = { code: string } | { recovery_code: string };

export interface LoginPayload {
  email: string;
  password: string;
  /** Where to go after login (the page the user came from); default /home. */
  from?: string;
}

/** POST register/'s body, sent as it is. */
export type SignupPayload = ApiBody<'/api/register/', 'post'>;

/** POST forget-password/'s body. */
export type ForgotPasswordPayload = ApiBody<'/api/forget-password/', 'post'>;

export function initialAuthState(): AuthState {
  return {
    user: getStoredUser(),
    loading: false,
    userLoggedIn: false,
    userSignUp: false,
    userLogout: false,
    passwordReset: false,
    error: null,
    registerError: null,
    resetPasswordSuccess: null,
    signupMessage: null,
    twoStep: null,
    twoStepError: null,
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    // login: a failure is swallowed (toast only); the saga ends the request with `reset`.
    login: (state, _action: PayloadAction<LoginPayload>) => {
      state.loading = true;
    },
    // Sign in with a passkey alone; like login, a failure is a toast and ends with `reset`.
    passkeyLogin: (state, _action: PayloadAction<{ from?: string }>) => {
      state.loading = true;
    },
    loginSucceeded: (state, action: PayloadAction<User>) => {
      state.loading = false;
      state.user = action.payload;
      state.userLoggedIn = true;
    },
    signup: (state, _action: PayloadAction<SignupPayload>) => {
      state.loading = true;
    },
    signupSucceeded: (state, action: PayloadAction<string>) => {
      state.loading = false;
      state.userSignUp = true;
      state.registerError = null;
      state.signupMessage = action.payload;
    },
    signupFailed: (state, action: PayloadAction<ErrorInfo>) => {
      state.loading = false;
      state.registerError = action.payload;
      state.user = null;
    },
    logout: (state) => {
      state.loading = true;
      state.userLogout = false;
      state.error = null;
    },
    logoutSucceeded: (state) => {
      state.loading = false;
      state.user = null;
      state.userLogout = true;
      state.userLoggedIn = false;
    },
    logoutFailed: (state, action: PayloadAction<ErrorInfo>) => {
      state.loading = false;
      state.error = action.payload;
    },
    forgotPassword: (state, _action: PayloadAction<ForgotPasswordPayload>) => {
      state.loading = true;
    },
    forgotPasswordSucceeded: (state, action: PayloadAction<string>) => {
      state.loading = false;
      state.passwordReset = true;
      state.resetPasswordSuccess = action.payload;
      state.error = null;
    },
    forgotPasswordFailed: (state, action: PayloadAction<ErrorInfo>) => {
      state.loading = false;
      state.error = action.payload;
    },
    /** /jwt-token: fetch user/me with a token given by the server (optional ?token=). */
    tokenLogin: (state, _action: PayloadAction<{ token?: string }>) => {
      state.loading = true;
    },
    twoStepNeeded: (
      state,
      action: PayloadAction<{ challenge: string; from?: string; passkey?: boolean }>,
    ) => {
      state.loading = false;
      state.twoStep = action.payload;
      state.twoStepError = null;
    },
    loginCode: (state, _action: PayloadAction<LoginCodePayload>) => {
      state.loading = true;
      state.twoStepError = null;
    },
    /** The code step answered with a passkey instead (the account has one). */
    loginPasskeyStep: (state) => {
      state.loading = true;
      state.twoStepError = null;
    },
    loginCodeFailed: (state, action: PayloadAction<ErrorInfo>) => {
      state.loading = false;
      state.twoStepError = action.payload;
    },
    /** Back to the password (the challenge expired, or the user chose to). */
    cancelTwoStep: (state) => {
      state.loading = false;
      state.twoStep = null;
      state.twoStepError = null;
    },
    /** Clears loading, error, signup, login and password flags. */
    reset: (state) => {
      state.loading = false;
      state.error = null;
      state.registerError = null;
      state.userSignUp = false;
      state.signupMessage = null;
      state.userLoggedIn = false;
      state.passwordReset = false;
      state.resetPasswordSuccess = null;
      state.twoStep = null;
      state.twoStepError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionExpired, (state) => {
        state.user = null;
        state.userLoggedIn = false;
      })
      .addCase(userUpdated, (state, action) => {
        state.user = action.payload;
      });
  },
});

export const authActions = authSlice.actions;
export const authReducer = authSlice.reducer;

/** Response holders of the auth screens that are not part of the seed's auth state. */
export const authHolders = {
  confirmEmail: createRequestHolder<MessageData, ApiBody<'/api/confirm/', 'post'>>('confirmEmail'),
  resetPassword: createRequestHolder<MessageData, ApiBody<'/api/reset-password/', 'post'>>(
    'resetPassword',
  ),
};
