import { api, type ApiBody, type ApiData } from '../../lib/api-client';

export type LoginData = ApiData<'/api/login', 'post'>;

export type LoginCodeData = ApiData<'/api/login/two-step', 'post'>;

export type PasskeyLoginData = ApiData<'/api/login/passkey', 'post'>;
export type PasskeyRequestOptions = ApiData<'/api/login/passkey/options', 'post'>;
export type PasskeyStepOptions = ApiData<'/api/login/two-step/passkey/options', 'post'>;
export type PasskeyStepData = ApiData<'/api/login/two-step/passkey', 'post'>;

export const authApi = {
  passkeyOptions: () => (signal: AbortSignal) => api.post('/api/login/passkey/options', { signal }),
  passkeyLogin: (body: ApiBody<'/api/login/passkey', 'post'>) => (signal: AbortSignal) =>
    api.post('/api/login/passkey', { body, signal }),
  passkeyStepOptions: (challenge: string) => (signal: AbortSignal) =>
    api.post('/api/login/two-step/passkey/options', { body: { challenge }, signal }),
  passkeyStep: (body: ApiBody<'/api/login/two-step/passkey', 'post'>) => (signal: AbortSignal) =>
    api.post('/api/login/two-step/passkey', { body, signal }),
  loginCode: (body: ApiBody<'/api/login/two-step', 'post'>) => (signal: AbortSignal) =>
    api.post('/api/login/two-step', { body, signal }),
  login: (body: ApiBody<'/api/login', 'post'>) => (signal: AbortSignal) =>
    api.post('/api/login', { body, signal }),
  logout: () => (signal: AbortSignal) => api.post('/api/logout', { signal }),
  me: () => (signal: AbortSignal) => api.get('/api/user/me', { signal }),
  register: (body: ApiBody<'/api/register/', 'post'>) => (signal: AbortSignal) =>
    api.post('/api/register/', { body, signal }),
  confirm: (body: ApiBody<'/api/confirm/', 'post'>) => (signal: AbortSignal) =>
    api.post('/api/confirm/', { body, signal }),
  forgetPassword: (body: ApiBody<'/api/forget-password/', 'post'>) => (signal: AbortSignal) =>
    api.post('/api/forget-password/', { body, signal }),
  resetPassword: (body: ApiBody<'/api/reset-password/', 'post'>) => (signal: AbortSignal) =>
    api.post('/api/reset-password/', { body, signal }),
};
