import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** Records (docs/api-records.md): a ticket ('T') or a content item ('C'). */
export type ObjectType = 'T' | 'C';

/** The caller's role for a record (docs/api-working.md). */
export type Access = Schemas['Ticket']['access'];

/** A record as its details call answers it (with its body). */
export type Ticket = Schemas['Ticket'];
export type ContentItem = Schemas['Content'];
export type HdRecord = Ticket | ContentItem;

/** How a record or message came in (docs/mail.md): a web form or a mail. */
export type Channel = Ticket['channel'];

/** The next service-level target due and its state, computed by the server's clock. */
export type SlaSummary = Ticket['sla'];
export type SlaTarget = NonNullable<SlaSummary['target']>;
export type SlaState = SlaSummary['state'];

/** A record as a list shows it (no body). */
export type TicketListItem = Schemas['TicketListItem'];
export type ContentListItem = Schemas['ContentListItem'];
export type ListItem = TicketListItem | ContentListItem;

export type HelpdeskNode = Schemas['HelpdeskNode'];
export type Status = Schemas['Status'];
export type Priority = Schemas['Priority'];
export type Company = Schemas['Company'];
export type ContentType = Schemas['ContentType'];

export interface ListFilters {
  status_id?: number;
  priority_id?: number;
  company_id?: number;
  hd_id?: number;
  content_type_id?: number;
  is_draft?: boolean;
  requester_id?: number;
  author_id?: number;
  created_from?: string;
  created_to?: string;
  text?: string;
  /** My lists: the records shared with the caller instead of their own. */
  shared_with_me?: boolean;
  /** The dashboard's links (docs/api-overview.md). */
  status_group?: 'open' | 'closed';
  assignee_id?: number | 'none' | 'me';
  waiting_for_me?: boolean;
  overdue?: boolean;
  /** Tickets: a service-level target past due, or due within the hour. */
  sla?: 'overdue' | 'due_soon';
}

export interface ListQuery {
  page: number;
  page_size: number;
  sort: string;
  filters: ListFilters;
}

/** A page of a list (`TicketPage`, `ContentPage`). */
export type ListData<T = ListItem> = Omit<Schemas['TicketPage'], 'items'> & { items: T[] };

/** The body of POST ticket/ / content/ and PUT ticket/{id}/ / content/{id}/. */
export type RecordWrite = Record<string, string | number | boolean | null | undefined>;

/** The 409 body's `current`. */
export interface ConflictBody {
  current?: HdRecord;
}
