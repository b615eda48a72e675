import { api } from '../../lib/api-client';
import type { AuditFilter, AuditQuery, AuditSettings } from './types';

export const auditApi = {
  list: (query: AuditQuery) => (signal: AbortSignal) => api.get('/api/audit', { query, signal }),
  /** The CSV as a Blob, through the client (its Authorization header), not a bare link. */
  exportCsv: (query: AuditFilter) => (signal: AbortSignal) =>
    api.get('/api/audit/export.csv', { query, signal, http: { responseType: 'blob' } }),
  settings: () => (signal: AbortSignal) => api.get('/api/audit/settings', { signal }),
  saveSettings: (body: AuditSettings) => (signal: AbortSignal) =>
    api.put('/api/audit/settings', { body, signal }),
};
