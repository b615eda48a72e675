import type { ContentItem, Ticket } from '../records/types';

/** GET home/ (docs/api-overview.md). */
export interface HomeData {
  open_tickets: Ticket[];
  open_ticket_count: number;
  latest_content: ContentItem[];
}
