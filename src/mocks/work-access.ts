import type { HdRecord, ObjectType } from '../features/records/types';
import { db } from './db';
import type { sessionOf } from './http';

export type MockUser = NonNullable<ReturnType<typeof sessionOf>>['user'];
export type WorkAccess = 'owner' | 'shared' | 'agent';

export const ownerOf = (record: HdRecord) =>
  record.object_type === 'T' ? record.requester_id : record.author_id;

/** Whether the record is shared with the user (read from the sharing mock when it has one). */
function sharedWith(user: MockUser, record: HdRecord): boolean {
  const shares = (db as unknown as { shares?: unknown }).shares;
  if (!Array.isArray(shares)) return false;
  return shares.some((row: unknown) => {
    const share = row as { record_id?: unknown; user_id?: unknown };
    return share.record_id === record.id && share.user_id === user.id;
  });
}

/**
 * The caller's role for working a record (docs/api-working.md): null when they may not work it
 * (answered 404, as a missing record).
 */
export function workAccess(user: MockUser, record: HdRecord | undefined): WorkAccess | null {
  if (!record) return null;
  if (user.user_is_hde) return 'agent';
  if (ownerOf(record) === user.id) return 'owner';
  return sharedWith(user, record) ? 'shared' : null;
}

export function findRecord(type: ObjectType, id: number): HdRecord | undefined {
  return db.records.find((r) => r.id === id && r.object_type === type);
}

export const recordTitle = (record: HdRecord) =>
  record.object_type === 'T' ? record.subject : record.title;

export const NOT_FOUND = 'Sorry! the data you are looking for could not be found';
