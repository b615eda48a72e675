import type { HdRecord, ObjectType } from '../features/records/types';
import { accessOf } from './access';
import type { MockUser } from './access';
import { db } from './db';

export type { MockUser } from './access';
export { ownerOf } from './access';
export type WorkAccess = 'owner' | 'shared' | 'agent';

/**
 * The caller's role for working a record (docs/api-working.md): null when they may not work it
 * (a reader of searchable content, or no access at all: answered 404, as a missing record).
 */
export function workAccess(user: MockUser, record: HdRecord | undefined): WorkAccess | null {
  const access = record ? accessOf(user, record) : null;
  return access && access !== 'reader' ? access : null;
}

export function findRecord(type: ObjectType, id: number): HdRecord | undefined {
  return db.records.find((r) => r.id === id && r.object_type === type);
}

export const recordTitle = (record: HdRecord) =>
  record.object_type === 'T' ? record.subject : record.title;

export const NOT_FOUND = 'Sorry! the data you are looking for could not be found';
