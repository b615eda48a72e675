import { api } from '../../lib/api-client';
import type { MergeRequest, SplitRequest } from './merge-slice';

/** Merge and split (docs/api-working.md "Merge and split"). */
export const mergeApi = {
  merge:
    ({ target_id, ...body }: MergeRequest) =>
    (signal: AbortSignal) =>
      api.post('/api/ticket/{id}/merge/', { path: { id: target_id }, body, signal }),
  split:
    ({ ticket_id, ...body }: SplitRequest) =>
    (signal: AbortSignal) =>
      api.post('/api/ticket/{id}/split/', { path: { id: ticket_id }, body, signal }),
  searchTickets: (text: string, excludeId?: number) => (signal: AbortSignal) =>
    api.post('/api/search/ticket/by-subject', { body: { text, exclude_id: excludeId }, signal }),
};
