import { api, type ApiBody, type ApiData } from '../../lib/api-client';

export type ProfileUpdate = ApiBody<'/api/user/me', 'put'>;
export type PasswordChange = ApiBody<'/api/user/me/password', 'post'>;
export type TwoStepStatus = ApiData<'/api/user/me/two-step', 'get'>;
export type TwoStepSetup = ApiData<'/api/user/me/two-step/setup', 'post'>;
export type RecoveryCodes = ApiData<'/api/user/me/two-step/confirm', 'post'>;
export type TwoStepDisable = ApiBody<'/api/user/me/two-step/disable', 'post'>;
export type SignedInSession = ApiData<'/api/user/me/sessions', 'get'>[number];
export type ApiToken = ApiData<'/api/user/me/tokens', 'get'>[number];
export type NewApiToken = ApiBody<'/api/user/me/tokens', 'post'>;
export type MadeApiToken = ApiData<'/api/user/me/tokens', 'post'>;
export type Passkey = ApiData<'/api/user/me/passkeys', 'get'>[number];
export type PasskeyCreationOptions = ApiData<'/api/user/me/passkeys/options', 'post'>;
export type NewPasskey = ApiBody<'/api/user/me/passkeys', 'post'>;

export const profileApi = {
  update: (body: ProfileUpdate) => (signal: AbortSignal) =>
    api.put('/api/user/me', { body, signal }),
  changePassword: (body: PasswordChange) => (signal: AbortSignal) =>
    api.post('/api/user/me/password', { body, signal }),
  twoStep: () => (signal: AbortSignal) => api.get('/api/user/me/two-step', { signal }),
  startTwoStep: () => (signal: AbortSignal) => api.post('/api/user/me/two-step/setup', { signal }),
  confirmTwoStep: (code: string) => (signal: AbortSignal) =>
    api.post('/api/user/me/two-step/confirm', { body: { code }, signal }),
  newRecoveryCodes: (code: string) => (signal: AbortSignal) =>
    api.post('/api/user/me/two-step/recovery-codes', { body: { code }, signal }),
  disableTwoStep: (body: TwoStepDisable) => (signal: AbortSignal) =>
    api.post('/api/user/me/two-step/disable', { body, signal }),
  sessions: () => (signal: AbortSignal) => api.get('/api/user/me/sessions', { signal }),
  endSession: (id: string) => (signal: AbortSignal) =>
    api.delete('/api/user/me/sessions/{id}', { path: { id }, signal }),
  tokens: () => (signal: AbortSignal) => api.get('/api/user/me/tokens', { signal }),
  makeToken: (body: NewApiToken) => (signal: AbortSignal) =>
    api.post('/api/user/me/tokens', { body, signal }),
  revokeToken: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/user/me/tokens/{id}', { path: { id }, signal }),
  passkeys: () => (signal: AbortSignal) => api.get('/api/user/me/passkeys', { signal }),
  passkeyOptions: () => (signal: AbortSignal) =>
    api.post('/api/user/me/passkeys/options', { signal }),
  addPasskey: (body: NewPasskey) => (signal: AbortSignal) =>
    api.post('/api/user/me/passkeys', { body, signal }),
  removePasskey: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/user/me/passkeys/{id}', { path: { id }, signal }),
};
