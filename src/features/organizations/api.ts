import { api } from '../../lib/api-client';
import type { MemberChange, OrganizationFieldsSave, OrganizationSave } from './types';

export const organizationsApi = {
  list: () => (signal: AbortSignal) => api.get('/api/organizations', { signal }),
  get: (id: number) => (signal: AbortSignal) =>
    api.get('/api/organizations/{id}', { path: { id }, signal }),
  save: (s: OrganizationSave) => (signal: AbortSignal) =>
    s.id === undefined
      ? api.post('/api/organizations', { body: s.values, signal })
      : api.put('/api/organizations/{id}', { path: { id: s.id }, body: s.values, signal }),
  fieldSet: () => (signal: AbortSignal) =>
    api.get('/api/custom-fields', { query: { object_type: 'O' }, signal }),
  saveFields: (s: OrganizationFieldsSave) => (signal: AbortSignal) =>
    api.put('/api/organizations/{id}/fields', { path: { id: s.id }, body: s.body, signal }),
  remove: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/organizations/{id}', { path: { id }, signal }),
  findPeople: (text: string) => (signal: AbortSignal) =>
    api.get('/api/search/user/by-id/{text}', { path: { text }, signal }),
  putMember: (m: MemberChange) => (signal: AbortSignal) =>
    api.put('/api/organizations/{id}/members/{user_id}', {
      path: { id: m.id, user_id: m.user_id },
      body: m.is_primary === undefined ? {} : { is_primary: m.is_primary },
      signal,
    }),
  removeMember: (m: MemberChange) => (signal: AbortSignal) =>
    api.delete('/api/organizations/{id}/members/{user_id}', {
      path: { id: m.id, user_id: m.user_id },
      signal,
    }),
};
