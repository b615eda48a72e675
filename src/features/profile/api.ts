import { api, type ApiBody } from '../../lib/api-client';

export type ProfileUpdate = ApiBody<'/api/user/me', 'put'>;
export type PasswordChange = ApiBody<'/api/user/me/password', 'post'>;

export const profileApi = {
  update: (body: ProfileUpdate) => (signal: AbortSignal) =>
    api.put('/api/user/me', { body, signal }),
  changePassword: (body: PasswordChange) => (signal: AbortSignal) =>
    api.post('/api/user/me/password', { body, signal }),
};
