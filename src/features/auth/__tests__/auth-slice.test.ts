import { authActions, authReducer, initialAuthState } from '../auth-slice';
import type { AuthState } from '../auth-slice';
import { sessionExpired, userUpdated } from '../../../lib/session';
import type { User } from '../../../lib/types';

const alice: User = {
  id: 2,
  fullname: 'Alice Example',
  email: 'alice@example.com',
  user_is_hde: false,
  user_is_admin: false,
  items_per_page: 10,
  language: 'en',
};
const failure = { message: 'Nope', status: 400 };

function start(overrides: Partial<AuthState> = {}): AuthState {
  return { ...initialAuthState(), ...overrides };
}

describe('auth slice (seed section 4)', () => {
  it('starts from the stored userData', () => {
    expect(initialAuthState().user).toBeNull();
    localStorage.setItem('userData', JSON.stringify(alice));
    expect(initialAuthState().user).toEqual(alice);
    expect(authReducer(undefined, { type: 'init' })).toMatchObject({
      user: alice,
      loading: false,
      userLoggedIn: false,
      userSignUp: false,
      userLogout: false,
      passwordReset: false,
      error: null,
      registerError: null,
      resetPasswordSuccess: null,
    });
  });

  it('login: request sets loading; success stores the user and sets userLoggedIn', () => {
    let state = authReducer(start(), authActions.login({ email: 'a@b.c', password: 'x' }));
    expect(state.loading).toBe(true);
    state = authReducer(state, authActions.loginSucceeded(alice));
    expect(state).toMatchObject({ loading: false, user: alice, userLoggedIn: true, error: null });
  });

  it('signup: success sets userSignUp; failure records registerError and clears the user', () => {
    let state = authReducer(
      start({ user: alice }),
      authActions.signup({ fullname: 'A', email: 'a@b.c', password: 'p' }),
    );
    expect(state.loading).toBe(true);
    const ok = authReducer(state, authActions.signupSucceeded('Registration successful.'));
    expect(ok).toMatchObject({
      loading: false,
      userSignUp: true,
      signupMessage: 'Registration successful.',
    });
    state = authReducer(state, authActions.signupFailed(failure));
    expect(state).toMatchObject({
      loading: false,
      registerError: failure,
      user: null,
      userSignUp: false,
    });
  });

  it('logout: success clears the user and sets userLogout; failure records error', () => {
    let state = authReducer(start({ user: alice, userLoggedIn: true }), authActions.logout());
    expect(state.loading).toBe(true);
    const ok = authReducer(state, authActions.logoutSucceeded());
    expect(ok).toMatchObject({ loading: false, user: null, userLogout: true });
    state = authReducer(state, authActions.logoutFailed(failure));
    expect(state).toMatchObject({ loading: false, error: failure, user: alice });
  });

  it('forgot password: success stores the result and sets passwordReset; failure records error', () => {
    let state = authReducer(start(), authActions.forgotPassword({ email: 'a@b.c' }));
    expect(state.loading).toBe(true);
    const ok = authReducer(state, authActions.forgotPasswordSucceeded('Link sent'));
    expect(ok).toMatchObject({
      loading: false,
      passwordReset: true,
      resetPasswordSuccess: 'Link sent',
    });
    state = authReducer(state, authActions.forgotPasswordFailed(failure));
    expect(state).toMatchObject({ loading: false, error: failure, passwordReset: false });
  });

  it('reset clears loading, error, signup, login and password flags (and keeps the user)', () => {
    const busy = start({
      user: alice,
      loading: true,
      error: failure,
      registerError: failure,
      userSignUp: true,
      userLoggedIn: true,
      passwordReset: true,
      resetPasswordSuccess: 'sent',
    });
    expect(authReducer(busy, authActions.reset())).toMatchObject({
      user: alice,
      loading: false,
      error: null,
      registerError: null,
      userSignUp: false,
      userLoggedIn: false,
      passwordReset: false,
      resetPasswordSuccess: null,
    });
  });

  it('follows the shared session events', () => {
    const renamed = { ...alice, fullname: 'Alice Renamed' };
    expect(authReducer(start({ user: alice }), userUpdated(renamed)).user).toEqual(renamed);
    expect(authReducer(start({ user: alice }), sessionExpired()).user).toBeNull();
  });
});
