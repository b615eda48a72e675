import { api } from '../../lib/api-client';
import type { CommunicationBody, RecordKey, WorkLogBody } from './types';

export const threadsApi = {
  communicationFrom: (recordId: number) => (signal: AbortSignal) =>
    api.get('/api/communication-from/', { query: { record_id: recordId }, signal }),
  communicationActions: () => (signal: AbortSignal) =>
    api.get('/api/communication-actions/', { signal }),
  communication:
    ({ type, id }: RecordKey) =>
    (signal: AbortSignal) =>
      type === 'T'
        ? api.get('/api/ticket/{id}/communication/', { path: { id }, signal })
        : api.get('/api/content/{id}/communication/', { path: { id }, signal }),
  sendCommunication:
    ({ type, id }: RecordKey, body: CommunicationBody) =>
    (signal: AbortSignal) =>
      type === 'T'
        ? api.post('/api/ticket/{id}/communication/', { path: { id }, body, signal })
        : api.post('/api/content/{id}/communication/', { path: { id }, body, signal }),
  workLog:
    ({ type, id }: RecordKey) =>
    (signal: AbortSignal) =>
      type === 'T'
        ? api.get('/api/ticket/{id}/worklog/', { path: { id }, signal })
        : api.get('/api/content/{id}/worklog/', { path: { id }, signal }),
  addWorkLog:
    ({ type, id }: RecordKey, body: WorkLogBody) =>
    (signal: AbortSignal) =>
      type === 'T'
        ? api.post('/api/ticket/{id}/worklog/', { path: { id }, body, signal })
        : api.post('/api/content/{id}/worklog/', { path: { id }, body, signal }),
  communicationLog:
    ({ type, id }: RecordKey) =>
    (signal: AbortSignal) =>
      type === 'T'
        ? api.get('/api/ticket/{id}/communication-log/', { path: { id }, signal })
        : api.get('/api/content/{id}/communication-log/', { path: { id }, signal }),
  follow:
    ({ type, id }: RecordKey) =>
    (signal: AbortSignal) =>
      type === 'T'
        ? api.get('/api/ticket/{id}/follow/', { path: { id }, signal })
        : api.get('/api/content/{id}/follow/', { path: { id }, signal }),
  setFollow:
    ({ type, id }: RecordKey, following: boolean) =>
    (signal: AbortSignal) =>
      type === 'T'
        ? api.put('/api/ticket/{id}/follow/', { path: { id }, body: { following }, signal })
        : api.put('/api/content/{id}/follow/', { path: { id }, body: { following }, signal }),
};
