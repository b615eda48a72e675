import { api } from '../../lib/api-client';
import type { HttpResponse } from '../../lib/http';
import type { ApiSuccess } from '../../lib/types';
import type { AuditFilter, AuditQuery, AuditSettings } from './types';

export const auditApi = {
  list: (query: AuditQuery) => (signal: AbortSignal) => api.get('/api/audit', { query, signal }),
  /** The CSV as a Blob, through the client (its Authorization header), not a bare link. */
  exportCsv:
    (query: AuditFilter) =>
    async (signal: AbortSignal): Promise<HttpResponse<ApiSuccess<Blob>>> => {
      const response = await api.get('/api/audit/export.csv', {
        query,
        signal,
        http: { responseType: 'blob' },
      });
      // The body is the file itself (a Blob, as responseType asks), not the JSON envelope:
      // wrap it as the envelope callApi reads.
      const blob = response.data as unknown as Blob;
      return { ...response, data: { statusCode: response.status, data: blob } };
    },
  settings: () => (signal: AbortSignal) => api.get('/api/audit/settings', { signal }),
  saveSettings: (body: AuditSettings) => (signal: AbortSignal) =>
    api.put('/api/audit/settings', { body, signal }),
};
