import { apiClient } from '../../lib/api-client';
import type { MessageData, User } from '../../lib/types';
import type { ApiSuccess } from '../../lib/types';

export interface LoginData {
  token: string;
  user: User;
}

export const authApi = {
  login: (body: { str_username: string; str_password: string }) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<LoginData>>('login', body, { signal }),
  logout: () => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<MessageData>>('logout', undefined, { signal }),
  me: () => (signal: AbortSignal) => apiClient.get<ApiSuccess<User>>('user/me', { signal }),
  register:
    (body: { fullname: string; email: string; password: string }) => (signal: AbortSignal) =>
      apiClient.post<ApiSuccess<MessageData>>('register/', body, { signal }),
  confirm: (body: { token: string }) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<MessageData>>('confirm/', body, { signal }),
  forgetPassword: (body: { email: string }) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<MessageData>>('forget-password/', body, { signal }),
  resetPassword: (body: { token: string; password: string }) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<MessageData>>('reset-password/', body, { signal }),
};
