import { apiClient } from '../../lib/api-client';
import type { ApiSuccess } from '../../lib/types';
import type { HdRecord, ObjectType } from './types';
import type {
  ContentHit,
  HistoryEntry,
  Person,
  RelatedRecord,
  TaxonomyNode,
  TicketHit,
} from './work-types';

const segment = (type: ObjectType) => (type === 'T' ? 'ticket' : 'content');
const at = (type: ObjectType, id: number, rest = '') => `${segment(type)}/${id}/${rest}`;
const enc = encodeURIComponent;

/** The calls of docs/api-working.md that this feature makes (threads and files live elsewhere). */
export const workApi = {
  searchPeople: (text: string) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<Person[]>>(`search/user/by-id/${enc(text)}`, { signal }),
  sharedWith: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<Person[]>>(at(type, id, 'shared-with/'), { signal }),
  saveSharedWith: (type: ObjectType, id: number, userIds: number[]) => (signal: AbortSignal) =>
    apiClient.put<ApiSuccess<Person[]>>(
      at(type, id, 'shared-with/'),
      { user_ids: userIds },
      { signal },
    ),

  rootNodes: () => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<TaxonomyNode[]>>('classification/', { signal }),
  childNodes: (categoryId: number) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<TaxonomyNode[]>>(`classification/sub-nodes/${categoryId}`, {
      signal,
    }),
  nodesByName: (name: string) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<TaxonomyNode[]>>(`classification/by-name/${enc(name)}`, { signal }),
  favorites: () => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<TaxonomyNode[]>>('classification/favorite', { signal }),
  addFavorite: (categoryId: number) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<TaxonomyNode>>(
      'classification/favorite',
      { category_id: categoryId },
      { signal },
    ),
  removeFavorite: (categoryId: number) => (signal: AbortSignal) =>
    apiClient.delete<ApiSuccess<{ category_id: number }>>(`classification/favorite/${categoryId}`, {
      signal,
    }),
  classification: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<TaxonomyNode[]>>(at(type, id, 'classification/'), { signal }),
  saveClassification:
    (type: ObjectType, id: number, categoryIds: number[]) => (signal: AbortSignal) =>
      apiClient.put<ApiSuccess<TaxonomyNode[]>>(
        at(type, id, 'classification/'),
        { category_ids: categoryIds },
        { signal },
      ),

  searchTickets: (text: string, excludeId?: number) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<TicketHit[]>>(
      'search/ticket/by-subject',
      { text, exclude_id: excludeId },
      { signal },
    ),
  searchContent: (text: string, excludeId?: number) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<ContentHit[]>>(
      'search/content/by-title',
      { text, exclude_id: excludeId },
      { signal },
    ),
  related: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<RelatedRecord[]>>(at(type, id, 'related/'), { signal }),
  addRelated: (type: ObjectType, id: number, relatedId: number) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<RelatedRecord[]>>(
      at(type, id, 'related/'),
      { related_id: relatedId },
      { signal },
    ),
  removeRelated: (type: ObjectType, id: number, relatedId: number) => (signal: AbortSignal) =>
    apiClient.delete<ApiSuccess<RelatedRecord[]>>(at(type, id, `related/${relatedId}`), {
      signal,
    }),

  agents: () => (signal: AbortSignal) => apiClient.get<ApiSuccess<Person[]>>('agents/', { signal }),
  move: (type: ObjectType, id: number, hdId: number, version: number) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<HdRecord>>(
      at(type, id, 'move/'),
      { hd_id: hdId, version },
      { signal },
    ),
  duplicate: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<HdRecord>>(at(type, id, 'duplicate/'), {}, { signal }),
  assign:
    (type: ObjectType, id: number, assigneeId: number | null, version: number) =>
    (signal: AbortSignal) =>
      apiClient.put<ApiSuccess<HdRecord>>(
        at(type, id, 'assign/'),
        { assignee_id: assigneeId, version },
        { signal },
      ),
  searchable: (id: number, searchable: boolean, version: number) => (signal: AbortSignal) =>
    apiClient.put<ApiSuccess<HdRecord>>(
      `content/${id}/searchable/`,
      { searchable, version },
      { signal },
    ),
  history: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<HistoryEntry[]>>(at(type, id, 'history/'), { signal }),
};
