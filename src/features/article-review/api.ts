import { api } from '../../lib/api-client';
import type { CompareRequest, ReviewStep, TranslationChange, TranslationSearch } from './types';

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
  translation: (id: number) => (signal: AbortSignal) =>
    api.get('/api/content/{id}/translation', { path: { id }, signal }),
  changeTranslation: (c: TranslationChange) => (signal: AbortSignal) => {
    const path = { id: c.id };
    switch (c.change) {
      case 'language':
        return api.put('/api/content/{id}/language', {
          path,
          body: { language: c.language },
          signal,
        });
      case 'link':
        return api.put('/api/content/{id}/translation', {
          path,
          body: { translation_id: c.translationId },
          signal,
        });
      case 'unlink':
        return api.delete('/api/content/{id}/translation', { path, signal });
    }
  },
  searchContent: (q: TranslationSearch) => (signal: AbortSignal) =>
    api.post('/api/search/content/by-title', {
      body: { text: q.text.trim(), exclude_id: q.exclude_id },
      signal,
    }),
};
