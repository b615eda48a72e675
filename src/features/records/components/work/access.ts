import type { User } from '../../../../lib/types';
import type { Access, HdRecord } from '../../types';

/** The caller's role for a record: the API's `access`, else worked out from the owner. */
export function accessOf(record: HdRecord, user: User | null): Access {
  if (record.access) return record.access;
  if (user?.user_is_hde) return 'agent';
  const owner = record.object_type === 'T' ? record.requester_id : record.author_id;
  return owner === user?.id ? 'owner' : 'reader';
}

/** Edit fields, share, classify, relate (docs/api-working.md). */
export const mayChange = (access: Access) => access === 'owner' || access === 'agent';
