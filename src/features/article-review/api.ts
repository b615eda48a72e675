import { api } from '../../lib/api-client';
import type { CompareRequest, ReviewStep } from './types';

export const articleReviewApi = {
  versions: (id: number) => (signal: AbortSignal) =>
    api.get('/api/content/{id}/versions', { path: { id }, signal }),
  compare: (c: CompareRequest) => (signal: AbortSignal) =>
    api.get('/api/content/{id}/compare', {
      path: { id: c.id },
      query: { from: c.from, to: c.to },
      signal,
    }),
  queue: () => (signal: AbortSignal) => api.get('/api/review-queue', { signal }),
  step: (s: ReviewStep) => (signal: AbortSignal) => {
    const path = { id: s.id };
    switch (s.step) {
      case 'submit':
        return api.post('/api/content/{id}/submit', { path, signal });
      case 'approve':
        return api.post('/api/content/{id}/approve', {
          path,
          body: s.versionId === undefined ? {} : { version_id: s.versionId },
          signal,
        });
      case 'sendBack':
        return api.post('/api/content/{id}/send-back', {
          path,
          body: { comment: s.comment },
          signal,
        });
      case 'archive':
        return api.post('/api/content/{id}/archive', {
          path,
          body: { successor_id: s.successorId },
          signal,
        });
      case 'restore':
        return api.post('/api/content/{id}/versions/{version_id}/restore', {
          path: { id: s.id, version_id: s.versionId },
          body: s.note ? { note: s.note } : {},
          signal,
        });
    }
  },
};
