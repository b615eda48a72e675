import type { ApiBody, ApiData } from '../../lib/api-client';
import { createRequestHolder } from '../../lib/request-holder';
import type { TicketHit } from '../records/work-types';

/** The target in the path, the sources (and the requesters' confirmation) in the body. */
export type MergeRequest = { target_id: number } & ApiBody<'/api/ticket/{id}/merge/', 'post'>;
export type MergeResult = ApiData<'/api/ticket/{id}/merge/', 'post'>;
export type SplitRequest = { ticket_id: number } & ApiBody<'/api/ticket/{id}/split/', 'post'>;
export type SplitResult = ApiData<'/api/ticket/{id}/split/', 'post'>;

/** Merging and splitting tickets: one line per response holder. */
export const mergeHolders = {
  mergeTickets: createRequestHolder<MergeResult, MergeRequest>('mergeTickets'),
  splitTicket: createRequestHolder<SplitResult, SplitRequest>('splitTicket'),
  mergeTargetSearch: createRequestHolder<TicketHit[], { text: string; exclude_id?: number }>(
    'mergeTargetSearch',
  ),
};
