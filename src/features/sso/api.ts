import { api } from '../../lib/api-client';
import type { SsoProviderSave } from './types';

export const ssoApi = {
  list: () => (signal: AbortSignal) => api.get('/api/admin/sso-providers', { signal }),
  create: (s: SsoProviderSave) => (signal: AbortSignal) =>
    api.post('/api/admin/sso-providers', { body: s.body, signal }),
  update: (id: number, s: SsoProviderSave) => (signal: AbortSignal) =>
    api.put('/api/admin/sso-providers/{id}', { path: { id }, body: s.body, signal }),
  remove: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/admin/sso-providers/{id}', { path: { id }, signal }),
  discovery: (issuer: string) => (signal: AbortSignal) =>
    api.post('/api/admin/sso-providers/discovery', { body: { issuer }, signal }),
  loginProviders: () => (signal: AbortSignal) => api.get('/api/sso/providers', { signal }),
  lookup: (email: string) => (signal: AbortSignal) =>
    api.post('/api/sso/lookup', { body: { email }, signal }),
  exchange: (code: string) => (signal: AbortSignal) =>
    api.post('/api/sso/exchange', { body: { code }, signal }),
};
