import type { components } from '../../api/schema';
import type { ApiBody } from '../../lib/api-client';

type Schemas = components['schemas'];

/** Records (docs/api-records.md): a ticket ('T') or a content item ('C'). */
export type ObjectType = HdRecord['object_type'];

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

/** The body of a list call: POST search/ticket/my and its three siblings. */
type ListBody<Kind extends 'ticket' | 'content', Scope extends 'my' | 'hd'> = ApiBody<
  `/api/search/${Kind}/${Scope}`,
  'post'
>;

/**
 * The list calls' filters as one object for every list: each list fills in those its own call
 * takes (list-query.ts).
 */
export type ListFilters = NonNullable<ListBody<'ticket', 'my'>['filters']> &
  NonNullable<ListBody<'ticket', 'hd'>['filters']> &
  NonNullable<ListBody<'content', 'my'>['filters']> &
  NonNullable<ListBody<'content', 'hd'>['filters']>;

/** A list call's body as the list pages keep it (the sort names come from list-columns.json). */
export type ListQuery = Required<Pick<ListBody<'ticket', 'my'>, 'page' | 'page_size'>> & {
  sort: string;
  filters: ListFilters;
};

/** A page of a list (`TicketPage`, `ContentPage`). */
export type ListData<T = ListItem> = Omit<Schemas['TicketPage'], 'items'> & { items: T[] };

/**
 * The body of POST ticket/ / content/ and PUT ticket/{id}/ / content/{id}/ (`fields`: the custom
 * field values by key).
 */
export type RecordWrite = Record<
  string,
  string | number | boolean | null | undefined | Record<string, unknown>
>;
