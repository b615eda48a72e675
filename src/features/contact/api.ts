import { apiClient } from '../../lib/api-client';
import type { ApiSuccess } from '../../lib/types';
import type { Ticket } from '../records/types';
import type { ContactDesk } from './types';

export interface TicketBody {
  subject: string;
  description: string;
  priority_id: number;
  hd_id?: number;
  is_draft: false;
}

export const contactApi = {
  desks: () => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<ContactDesk[]>>('contact/', { signal }),
  raise: (body: TicketBody) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<Ticket>>('ticket/', body, { signal }),
};
