import { api } from '../../lib/api-client';
import type { HttpProgressEvent, HttpResponse } from '../../lib/http';
import type { ApiSuccess } from '../../lib/types';
import type { RecordKey } from './types';

export const attachmentsApi = {
  list:
    ({ type, id }: RecordKey) =>
    (signal: AbortSignal) =>
      api.get('/api/attachment/{type}/{id}', { path: { type, id }, signal }),
  /** One file per call, multipart field `files`; progress reported as 0–100. */
  upload:
    ({ type, id }: RecordKey, file: File, onProgress: (percent: number) => void) =>
    (signal: AbortSignal) => {
      const form = new FormData();
      form.append('files', file, file.name);
      return api.post('/api/attachment/{type}/{id}', {
        path: { type, id },
        body: form,
        signal,
        http: {
          // Sent as multipart with the browser's boundary (lib/http.ts).
          onUploadProgress: (event: HttpProgressEvent) => {
            const total = event.total ?? file.size;
            onProgress(total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0);
          },
        },
      });
    },
  /** The file as a blob, fetched with the token (`inline` for image thumbnails). */
  file:
    (attachmentId: number, inline = false) =>
    async (signal: AbortSignal): Promise<HttpResponse<ApiSuccess<Blob>>> => {
      const response = await api.get('/api/attachment/file/{id}', {
        path: { id: attachmentId },
        query: inline ? { inline: 1 } : undefined,
        signal,
        http: { responseType: 'blob' },
      });
      // The body is the file itself (a Blob, as responseType asks): wrap it as the envelope
      // callApi reads.
      const blob = response.data as unknown as Blob;
      return { ...response, data: { statusCode: response.status, data: blob } };
    },
  remove: (attachmentId: number) => (signal: AbortSignal) =>
    api.delete('/api/attachment/file/{id}', { path: { id: attachmentId }, signal }),
};
