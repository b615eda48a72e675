import { api } from '../../lib/api-client';
import type { DeskSurveyChange, RateTicket, SatisfactionPeriod } from './types';

export const ratingsApi = {
  get: (id: number) => (signal: AbortSignal) =>
    api.get('/api/ticket/{id}/satisfaction/', { path: { id }, signal }),
  rate: (r: RateTicket) => (signal: AbortSignal) =>
    api.put('/api/ticket/{id}/satisfaction/', {
      path: { id: r.id },
      body: { rating: r.rating, comment: r.comment },
      signal,
    }),
  surveys: () => (signal: AbortSignal) => api.get('/api/admin/satisfaction/', { signal }),
  setSurvey: (c: DeskSurveyChange) => (signal: AbortSignal) =>
    api.put('/api/admin/satisfaction/{id}/', {
      path: { id: c.id },
      body: { survey: c.survey },
      signal,
    }),
  figures: (p: SatisfactionPeriod) => (signal: AbortSignal) =>
    api.get('/api/charts/satisfaction/', { query: { from: p.from, to: p.to }, signal }),
};
