import { apiClient } from '../../lib/api-client';
import type { ApiSuccess } from '../../lib/types';
import type {
  Company,
  ContentType,
  HdRecord,
  HelpdeskNode,
  ListData,
  ListQuery,
  ObjectType,
  Priority,
  RecordWrite,
  Status,
} from './types';

const segment = (type: ObjectType) => (type === 'T' ? 'ticket' : 'content');

export type ListScope = 'my' | 'hd';

export const recordsApi = {
  helpdesks: (type: ObjectType) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<HelpdeskNode[]>>('helpdesk/', {
      params: { object_type: type },
      signal,
    }),
  statuses: (type: ObjectType) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<Status[]>>('status/', { params: { status_for: type }, signal }),
  priorities: () => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<Priority[]>>('priority/', { signal }),
  companies: () => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<Company[]>>('company/', { signal }),
  contentTypes: () => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<ContentType[]>>('content-type/', { signal }),

  list: (type: ObjectType, scope: ListScope, query: ListQuery) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<ListData>>(`search/${segment(type)}/${scope}`, query, { signal }),
  get: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<HdRecord>>(`${segment(type)}/${id}/`, { signal }),
  create: (type: ObjectType, body: RecordWrite) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<HdRecord>>(`${segment(type)}/`, body, { signal }),
  update: (type: ObjectType, id: number, body: RecordWrite) => (signal: AbortSignal) =>
    apiClient.put<ApiSuccess<HdRecord>>(`${segment(type)}/${id}/`, body, { signal }),
  remove: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    apiClient.delete<ApiSuccess<{ id: number }>>(`${segment(type)}/${id}/`, { signal }),
};
