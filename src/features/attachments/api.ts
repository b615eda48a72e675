import type { AxiosProgressEvent, AxiosResponse } from 'axios';
import { apiClient } from '../../lib/api-client';
import type { ApiSuccess } from '../../lib/types';
import type { Attachment, RecordKey } from './types';

export const attachmentsApi = {
  list:
    ({ type, id }: RecordKey) =>
    (signal: AbortSignal) =>
      apiClient.get<ApiSuccess<Attachment[]>>(`attachment/${type}/${id}`, { signal }),
  /** One file per call, multipart field `files`; progress reported as 0–100. */
  upload:
    ({ type, id }: RecordKey, file: File, onProgress: (percent: number) => void) =>
    (signal: AbortSignal) => {
      const form = new FormData();
      form.append('files', file, file.name);
      return apiClient.post<ApiSuccess<Attachment>>(`attachment/${type}/${id}`, form, {
        signal,
        // The client's JSON default would turn the form into JSON; the browser sets the boundary.
        headers: { 'Content-Type': 'multipart/form-data' },
        onUploadProgress: (event: AxiosProgressEvent) => {
          const total = event.total ?? file.size;
          onProgress(total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0);
        },
      });
    },
  /** The file as a blob, fetched with the token (`inline` for image thumbnails). */
  file:
    (attachmentId: number, inline = false) =>
    async (signal: AbortSignal): Promise<AxiosResponse<ApiSuccess<Blob>>> => {
      const response = await apiClient.get<Blob>(`attachment/file/${attachmentId}`, {
        signal,
        responseType: 'blob',
        params: inline ? { inline: 1 } : undefined,
      });
      // The body is the file itself: wrap it as the envelope callApi reads.
      return { ...response, data: { statusCode: response.status, data: response.data } };
    },
  remove: (attachmentId: number) => (signal: AbortSignal) =>
    apiClient.delete<ApiSuccess<{ id: number }>>(`attachment/file/${attachmentId}`, { signal }),
};
