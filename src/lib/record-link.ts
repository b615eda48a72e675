import type { components } from '../api/schema';
import type { User } from './types';

type ApiRecord = components['schemas']['Ticket'] | components['schemas']['Content'];

/** The caller's role for a record (docs/api-working.md). */
export type RecordAccess = ApiRecord['access'];

/** What a link to a record needs: the record, and the caller's access when the API gives it. */
export interface LinkedRecord {
  id: number;
  object_type: ApiRecord['object_type'];
  access?: RecordAccess;
  requester_id?: number;
  author_id?: number;
}

/** The caller's access to a record (the API's `access`, else worked out from the owner). */
export function accessFor(record: LinkedRecord, user: User | null): RecordAccess {
  if (record.access) return record.access;
  if (user?.user_is_hde) return 'agent';
  const owner = record.object_type === 'T' ? record.requester_id : record.author_id;
  return owner !== undefined && owner === user?.id ? 'owner' : 'reader';
}

/**
 * The details route for the caller's access: agents hd_* details, owners and those it is
 * shared with my_* details, readers read-only/details (seed section 2).
 */
export function detailsUrl(record: LinkedRecord, user: User | null): string {
  const ticket = record.object_type === 'T';
  const access = accessFor(record, user);
  if (access === 'agent') {
    return ticket
      ? `/hd_ticket/details?hdTicketId=${record.id}`
      : `/hd_content/details?hdContentId=${record.id}`;
  }
  if (access === 'reader') {
    return `/read-only/details?${ticket ? 'ticketId' : 'contentId'}=${record.id}`;
  }
  return ticket
    ? `/ticket/my_ticket/details?ticketId=${record.id}`
    : `/content/my_content/details?contentId=${record.id}`;
}
