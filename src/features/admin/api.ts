import { api } from '../../lib/api-client';
import type {
  DeskAccess,
  DeskReviewersSave,
  Invitation,
  SignInSettings,
  UserChange,
  UserFieldsSave,
} from './types';

export const adminApi = {
  desks: () => (signal: AbortSignal) => api.get('/api/admin/helpdesks/', { signal }),
  saveDesk: (id: number, access: DeskAccess) => (signal: AbortSignal) =>
    api.put('/api/admin/helpdesks/{id}/', { path: { id }, body: access, signal }),
  saveReviewers: (s: DeskReviewersSave) => (signal: AbortSignal) =>
    api.put('/api/admin/helpdesks/{id}/reviewers', {
      path: { id: s.id },
      body: { user_ids: s.user_ids },
      signal,
    }),
  users: (q: { page: number; text?: string }) => (signal: AbortSignal) =>
    api.get('/api/admin/users/', { query: q, signal }),
  invite: (body: Invitation) => (signal: AbortSignal) =>
    api.post('/api/admin/users/', { body, signal }),
  changeUser: (id: number, body: UserChange) => (signal: AbortSignal) =>
    api.put('/api/admin/users/{id}/', { path: { id }, body, signal }),
  userFieldSet: () => (signal: AbortSignal) =>
    api.get('/api/custom-fields', { query: { object_type: 'U' }, signal }),
  userFields: (id: number) => (signal: AbortSignal) =>
    api.get('/api/users/{id}/fields', { path: { id }, signal }),
  saveUserFields: (s: UserFieldsSave) => (signal: AbortSignal) =>
    api.put('/api/users/{id}/fields', { path: { id: s.id }, body: s.body, signal }),
  signInSettings: () => (signal: AbortSignal) => api.get('/api/admin/sign-in-settings', { signal }),
  saveSignInSettings: (body: SignInSettings) => (signal: AbortSignal) =>
    api.put('/api/admin/sign-in-settings', { body, signal }),
  apiTokens: () => (signal: AbortSignal) => api.get('/api/admin/tokens', { signal }),
  revokeApiToken: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/admin/tokens/{id}', { path: { id }, signal }),
};
