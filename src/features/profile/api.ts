import { apiClient } from '../../lib/api-client';
import type { ApiSuccess, Language, MessageData, User } from '../../lib/types';

export interface ProfileUpdate {
  fullname?: string;
  items_per_page?: number;
  language?: Language;
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
}

export const profileApi = {
  update: (body: ProfileUpdate) => (signal: AbortSignal) =>
    apiClient.put<ApiSuccess<User>>('user/me', body, { signal }),
  changePassword: (body: PasswordChange) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<MessageData>>('user/me/password', body, { signal }),
};
