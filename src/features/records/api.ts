import { api, type ApiBody } from '../../lib/api-client';
import type { ListKey } from './records-slice';
import type { ListQuery, ObjectType, RecordWrite } from './types';

export type ListScope = 'my' | 'hd';

/** What each list holder lists. */
export const LISTS: Record<ListKey, { type: ObjectType; scope: ListScope }> = {
  MYTICKET: { type: 'T', scope: 'my' },
  MYCONTENT: { type: 'C', scope: 'my' },
  HDTICKET: { type: 'T', scope: 'hd' },
  HDCONTENT: { type: 'C', scope: 'hd' },
};

type TicketList = ApiBody<'/api/search/ticket/my', 'post'>;
type ContentList = ApiBody<'/api/search/content/my', 'post'>;

export const recordsApi = {
  helpdesks: (type: ObjectType) => (signal: AbortSignal) =>
    api.get('/api/helpdesk/', { query: { object_type: type }, signal }),
  /** The same call, answered whole: the desks with the forms' custom fields and company. */
  helpdesksWithForm: (type: ObjectType) => async (signal: AbortSignal) => {
    const response = await api.get('/api/helpdesk/', { query: { object_type: type }, signal });
    return { ...response, data: { statusCode: 200, data: response.data } };
  },
  statuses: (type: ObjectType) => (signal: AbortSignal) =>
    api.get('/api/status/', { query: { status_for: type }, signal }),
  priorities: () => (signal: AbortSignal) => api.get('/api/priority/', { signal }),
  companies: () => (signal: AbortSignal) => api.get('/api/company/', { signal }),
  contentTypes: () => (signal: AbortSignal) => api.get('/api/content-type/', { signal }),

  // The list pages keep one query shape for both kinds; the sort names come from the kind's
  // table (records/kinds.ts), which the server checks against the same names.
  list: (type: ObjectType, scope: ListScope, query: ListQuery) => (signal: AbortSignal) => {
    if (type === 'T') {
      const body = query as TicketList;
      return scope === 'my'
        ? api.post('/api/search/ticket/my', { body, signal })
        : api.post('/api/search/ticket/hd', { body, signal });
    }
    const body = query as ContentList;
    return scope === 'my'
      ? api.post('/api/search/content/my', { body, signal })
      : api.post('/api/search/content/hd', { body, signal });
  },
  get: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    type === 'T'
      ? api.get('/api/ticket/{id}/', { path: { id }, signal })
      : api.get('/api/content/{id}/', { path: { id }, signal }),
  // A form's body carries the kind's own field names (records/kinds.ts), built at run time.
  create: (type: ObjectType, body: RecordWrite) => (signal: AbortSignal) =>
    type === 'T'
      ? api.post('/api/ticket/', { body: body as ApiBody<'/api/ticket/', 'post'>, signal })
      : api.post('/api/content/', { body: body as ApiBody<'/api/content/', 'post'>, signal }),
  update: (type: ObjectType, id: number, body: RecordWrite) => (signal: AbortSignal) =>
    type === 'T'
      ? api.put('/api/ticket/{id}/', {
          path: { id },
          body: body as ApiBody<'/api/ticket/{id}/', 'put'>,
          signal,
        })
      : api.put('/api/content/{id}/', {
          path: { id },
          body: body as ApiBody<'/api/content/{id}/', 'put'>,
          signal,
        }),
  remove: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    type === 'T'
      ? api.delete('/api/ticket/{id}/', { path: { id }, signal })
      : api.delete('/api/content/{id}/', { path: { id }, signal }),
};
