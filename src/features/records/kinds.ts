import type { ObjectType } from './types';

/** What differs between tickets and content items (field names, paths, routes, texts). */
export interface Kind {
  type: ObjectType;
  path: 'ticket' | 'content';
  titleField: 'subject' | 'title';
  bodyField: 'description' | 'body';
  lookupField: 'priority_id' | 'content_type_id';
  ownerNameField: 'requester_name' | 'author_name';
  ownerIdFilter: 'requester_id' | 'author_id';
  /** Sort names the server accepts for the title column. */
  titleSort: 'subject' | 'title';
  /** i18n key prefix in the records namespace: 'ticket' or 'content'. */
  key: 'ticket' | 'content';
  /** Where a saved draft is edited, e.g. /draft?ticketId=N. */
  draftFormUrl: (id: number) => string;
  draftsListUrl: string;
  myDetailsUrl: (id: number) => string;
  hdDetailsUrl: (id: number) => string;
  hdListUrl: string;
  readOnlyDetailsUrl: (id: number) => string;
}

export const TICKET: Kind = {
  type: 'T',
  path: 'ticket',
  titleField: 'subject',
  bodyField: 'description',
  lookupField: 'priority_id',
  ownerNameField: 'requester_name',
  ownerIdFilter: 'requester_id',
  titleSort: 'subject',
  key: 'ticket',
  draftFormUrl: (id) => `/draft?ticketId=${id}`,
  draftsListUrl: '/ticket/my_ticket/draft',
  myDetailsUrl: (id) => `/ticket/my_ticket/details?ticketId=${id}`,
  hdDetailsUrl: (id) => `/hd_ticket/details?hdTicketId=${id}`,
  hdListUrl: '/hd_ticket',
  readOnlyDetailsUrl: (id) => `/read-only/details?ticketId=${id}`,
};

export const CONTENT: Kind = {
  type: 'C',
  path: 'content',
  titleField: 'title',
  bodyField: 'body',
  lookupField: 'content_type_id',
  ownerNameField: 'author_name',
  ownerIdFilter: 'author_id',
  titleSort: 'title',
  key: 'content',
  draftFormUrl: (id) => `/content/my_content/draft?contentId=${id}`,
  draftsListUrl: '/content/my_content/draft',
  myDetailsUrl: (id) => `/content/my_content/details?contentId=${id}`,
  hdDetailsUrl: (id) => `/hd_content/details?hdContentId=${id}`,
  hdListUrl: '/hd_content',
  readOnlyDetailsUrl: (id) => `/read-only/details?contentId=${id}`,
};

export function kindOf(type: ObjectType): Kind {
  return type === 'T' ? TICKET : CONTENT;
}
