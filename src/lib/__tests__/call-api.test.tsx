import { act, screen } from '@testing-library/react';
import { CanceledError, HttpError } from '../http';
import { http, HttpResponse } from 'msw';
import { runSaga } from 'redux-saga';
import { profileHolders } from '../../features/profile/profile-slice';
import { server } from '../../mocks/node';
import { renderApp, signInAs } from '../../test/render-app';
import { callApi } from '../call-api';
import type { ApiResult } from '../call-api';

async function saveProfile(path = '/editor') {
  const app = renderApp(path);
  await app.user.click(await screen.findByRole('button', { name: 'Save changes' }));
  return app;
}

describe('the saga error policy (seed section 8)', () => {
  beforeEach(() => {
    signInAs('alice@example.com');
  });

  it('401: session-expired toast, then the pre-login redirect to /auth/login', async () => {
    const preLogin: string[] = [];
    server.use(
      http.put('*/api/user/me', () =>
        HttpResponse.json(
          { statusCode: 401, error: 'Unauthorized', message: 'x' },
          { status: 401 },
        ),
      ),
      http.get('*/api/public/pre-login', ({ request }) => {
        preLogin.push(request.headers.get('Authorization') ?? 'none');
        return HttpResponse.json({
          status: 'unauthorized',
          data: { 'redirect-url': '/auth/login' },
        });
      }),
    );
    await saveProfile();
    expect(
      await screen.findByText('Unauthorized: Your session has expired. Please log in again.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(preLogin).toEqual(['none']);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it("pre-login answering 'success' sends the browser to its redirect-url", async () => {
    server.use(
      http.put('*/api/user/me', () => HttpResponse.json({ statusCode: 401 }, { status: 401 })),
      http.get('*/api/public/pre-login', () =>
        HttpResponse.json({ status: 'success', data: { 'redirect-url': '/access-denied' } }),
      ),
    );
    await saveProfile();
    expect(await screen.findByRole('heading', { name: 'Access Forbidden' })).toBeInTheDocument();
  });

  it('403: the access-denied page', async () => {
    server.use(
      http.put('*/api/user/me', () =>
        HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'No' }, { status: 403 }),
      ),
    );
    await saveProfile();
    expect(await screen.findByRole('heading', { name: 'Access Forbidden' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/access-denied');
  });

  it("500: 'Request Error' toast; the form records the failure", async () => {
    server.use(
      http.put('*/api/user/me', () =>
        HttpResponse.json(
          { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
          { status: 500 },
        ),
      ),
    );
    const { store } = await saveProfile();
    expect(
      await screen.findByText('Request Error: Something went wrong. Please try again.'),
    ).toBeInTheDocument();
    expect(store.getState().holders.profileSave).toMatchObject({
      loading: false,
      error: { status: 500 },
    });
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it("network failure: 'Network Error' toast with the call's context text", async () => {
    server.use(http.put('*/api/user/me', () => HttpResponse.error()));
    await saveProfile();
    expect(await screen.findByText('Network Error')).toBeInTheDocument();
    expect(
      await screen.findByText('An error occurred while saving the profile.'),
    ).toBeInTheDocument();
  });

  it("network failure while fetching: 'An error occurred while fetching data.'", async () => {
    server.use(http.get('*/api/user/me', () => HttpResponse.error()));
    renderApp('/jwt-token');
    expect(await screen.findByText('Network Error')).toBeInTheDocument();
    expect(await screen.findByText('An error occurred while fetching data.')).toBeInTheDocument();
  });

  it('a request cancelled by takeLatest is ignored silently', async () => {
    let calls = 0;
    let firstArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      firstArrived = resolve;
    });
    let answerFirst: () => void = () => undefined;
    const firstAnswered = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    server.use(
      http.put('*/api/user/me', async () => {
        calls += 1;
        if (calls === 1) {
          firstArrived();
          await firstAnswered; // a slow server: answers once the test lets it
        }
        return undefined;
      }),
    );
    // Which request the page gives up on: the XMLHttpRequest it opened and then aborted.
    const opened = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const aborted = vi.spyOn(XMLHttpRequest.prototype, 'abort');
    try {
      const { store } = renderApp('/editor');
      await screen.findByRole('button', { name: 'Save changes' });
      act(() => {
        store.dispatch(profileHolders.profileSave.actions.requested({ fullname: 'First' }));
      });
      await act(() => arrived);
      act(() => {
        store.dispatch(profileHolders.profileSave.actions.requested({ fullname: 'Second' }));
      });
      expect(await screen.findByText('Profile saved')).toBeInTheDocument();
      // The first save's request was aborted, so its answer, however late, reaches no one.
      const saves = opened.mock.calls.flatMap(([method, url], i) =>
        method === 'PUT' && String(url).endsWith('/api/user/me') ? [opened.mock.contexts[i]] : [],
      );
      expect(saves).toHaveLength(2);
      expect(aborted.mock.contexts).toEqual([saves[0]]);
    } finally {
      answerFirst();
      opened.mockRestore();
      aborted.mockRestore();
    }
    expect(calls).toBe(2);
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({
      fullname: 'Second',
    });
    expect(screen.queryByText('Network Error')).not.toBeInTheDocument();
    expect(screen.queryByText(/Request Error/)).not.toBeInTheDocument();
    expect(screen.getAllByText('Profile saved')).toHaveLength(1);
  });

  it('a CanceledError is returned as cancelled with no toast', async () => {
    const request = () => Promise.reject(new CanceledError());
    const result = await runSaga(
      { dispatch: () => undefined, getState: () => ({}) },
      callApi<unknown>,
      request,
      { context: 'errors:context.fetchingData' },
    ).toPromise<ApiResult<unknown>>();
    expect(result).toMatchObject({ ok: false, cancelled: true });
    const network = await runSaga(
      { dispatch: () => undefined, getState: () => ({}) },
      callApi<unknown>,
      () => Promise.reject(new HttpError('Network Error', 'ERR_NETWORK')),
      { context: 'errors:context.fetchingData' },
    ).toPromise<ApiResult<unknown>>();
    expect(network).toMatchObject({ ok: false, cancelled: false, error: { status: null } });
  });
});
