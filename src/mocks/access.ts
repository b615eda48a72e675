import type { Access, HdRecord, ObjectType } from '../features/records/types';
import { db } from './db';
import type { sessionOf } from './http';

export type MockUser = NonNullable<ReturnType<typeof sessionOf>>['user'];

export const ownerOf = (record: HdRecord) =>
  record.object_type === 'T' ? record.requester_id : record.author_id;

export const isSharedWith = (record: HdRecord, userId: number) =>
  db.shares.some((s) => s.record_id === record.id && s.user_id === userId);

/**
 * The caller's role for a record (docs/api-working.md): owner, agent, shared, or a reader of
 * searchable content; null when the record is not readable (answer 404).
 */
export function accessOf(user: MockUser, record: HdRecord): Access | null {
  if (user.user_is_hde) return 'agent';
  if (ownerOf(record) === user.id) return 'owner';
  if (isSharedWith(record, user.id)) return 'shared';
  if (record.object_type === 'C' && record.searchable && !record.is_draft) return 'reader';
  return null;
}

/** The record if the caller may work on it (owner, agent or shared), else undefined. */
export function workable(user: MockUser, type: ObjectType, id: number): HdRecord | undefined {
  const record = db.records.find((r) => r.id === id && r.object_type === type);
  const access = record ? accessOf(user, record) : null;
  return access && access !== 'reader' ? record : undefined;
}

/** The record if the caller may read it (searchable content too). */
export function readable(user: MockUser, type: ObjectType, id: number): HdRecord | undefined {
  const record = db.records.find((r) => r.id === id && r.object_type === type);
  return record && accessOf(user, record) ? record : undefined;
}

/** The record as the caller gets it: with access, shared_with_me and following. */
export function present<R extends HdRecord>(user: MockUser, record: R): R {
  const access = accessOf(user, record) ?? 'reader';
  const following = db.work.follows.get(`${user.id}:${record.id}`) ?? access === 'owner';
  return { ...record, access, shared_with_me: access === 'shared', following };
}
