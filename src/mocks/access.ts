// Who sees and does what on a record, as the server decides it (server/routes/records/
// visibility.ts, record-access.ts, access.ts): a record the caller may not read is a 404 exactly
// like a missing one; one they may read but not do this on is a 403. The mock-parity test
// (server/test/mock-parity.test.ts) keeps the two equal.
import type { Access, HdRecord, ObjectType } from '../features/records/types';
import { db } from './db';
import { worksOnDesk } from './desk-access';
import { tagsOf } from './tag-data';
import { fail, type MockUser } from './http';
import { sharingOrganizationIds } from './organization-handlers';
import { visibleValues } from './custom-field-values';

export type { MockUser } from './http';

export const NOT_FOUND = 'Sorry! the data you are looking for could not be found';
export const READ_ONLY = 'You can read this record but not change it.';
const TAKE_PART_ONLY =
  'Only the owner, the people it is shared with and helpdesk agents can do this.';
export const AGENTS_ONLY = 'Only helpdesk agents can do this.';

export const ownerOf = (record: HdRecord) =>
  record.object_type === 'T' ? record.requester_id : record.author_id;

export const titleOf = (record: HdRecord) =>
  record.object_type === 'T' ? record.subject : record.title;

export const isSharedWith = (record: HdRecord, userId: number) =>
  db.shares.some((s) => s.record_id === record.id && s.user_id === userId);

/**
 * The caller's relation to a record: its owner (an agent's own record too), an agent, someone
 * it is shared with, or a reader of searchable content; null when they may not read it.
 */
export function accessOf(user: MockUser, record: HdRecord): Access | null {
  if (ownerOf(record) === user.id) return 'owner';
  // A desk restricted to members hides its records from the other agents (docs/api-admin.md).
  if (user.user_is_hde) return worksOnDesk(user.id, record.hd_id) ? 'agent' : null;
  if (isSharedWith(record, user.id)) return 'shared';
  // A ticket of an organization of theirs that shares its tickets (migration 030).
  if (
    record.object_type === 'T' &&
    record.company_id !== null &&
    sharingOrganizationIds(user.id).includes(record.company_id)
  ) {
    return 'organization';
  }
  if (record.object_type === 'C' && record.searchable && !record.is_draft) return 'reader';
  return null;
}

export function findRecord(id: number, type?: ObjectType): HdRecord | undefined {
  return db.records.find((r) => r.id === id && (!type || r.object_type === type));
}

/** The record if the caller may read it (searchable content too). */
export function readable(user: MockUser, id: number, type?: ObjectType): HdRecord | undefined {
  const record = findRecord(id, type);
  return record && accessOf(user, record) ? record : undefined;
}

/** The record if the caller sees it without being a reader (owner, agent, shared). */
export function visible(user: MockUser, id: number, type?: ObjectType): HdRecord | undefined {
  const record = readable(user, id, type);
  return record && accessOf(user, record) !== 'reader' ? record : undefined;
}

type Refusal = ReturnType<typeof fail>;
const notFound = () => fail(404, 'Not Found', NOT_FOUND);
const forbidden = (message: string) => fail(403, 'Forbidden', message);

/**
 * record-access.ts requireAccess: read it; take part in it (not a reader); or be an agent. 404
 * when the caller may not read it, 403 when they may not do this.
 */
export function requireAccess(
  user: MockUser,
  need: 'read' | 'take_part' | 'agent',
  id: number,
  type?: ObjectType,
): HdRecord | Refusal {
  const record = readable(user, id, type);
  if (!record) return notFound();
  if (need === 'agent' && !user.user_is_hde) return forbidden(AGENTS_ONLY);
  if (need === 'take_part' && accessOf(user, record) === 'reader') {
    return forbidden(TAKE_PART_ONLY);
  }
  return record;
}

/** access.ts requireReadable: readers get 403 unless the part belongs to reading the item. */
export function requireReadable(
  user: MockUser,
  type: ObjectType,
  id: number,
  opts: { readers?: boolean } = {},
): HdRecord | Refusal {
  const record = readable(user, id, type);
  if (!record) return notFound();
  if (accessOf(user, record) === 'reader' && !opts.readers) return forbidden(TAKE_PART_ONLY);
  return record;
}

/** access.ts requireChangeable: the owner and agents change it; others who read it get 403. */
export function requireChangeable(
  user: MockUser,
  type: ObjectType,
  id: number,
): HdRecord | Refusal {
  const record = readable(user, id, type);
  if (!record) return notFound();
  const access = accessOf(user, record);
  if (access !== 'owner' && access !== 'agent') return forbidden(READ_ONLY);
  return record;
}

export const refused = (value: HdRecord | Refusal): value is Refusal => value instanceof Response;

/** A person's name now (records show their people's current names). */
export const nameOf = (id: number | null): string | null =>
  id === null ? null : (db.users.find((u) => u.id === id)?.fullname ?? null);

/** The record as the caller gets it: with access, shared_with_me, following and names. */
export function present<R extends HdRecord>(user: MockUser, record: R): R {
  const viewer = {
    access: accessOf(user, record) ?? 'reader',
    shared_with_me: isSharedWith(record, user.id),
    following: isFollowing(user, record),
    tags: tagsOf(record.id),
    fields: visibleValues(user, record.object_type, record.fields ?? {}),
  };
  if (record.object_type === 'T') {
    const names = {
      requester_name: nameOf(record.requester_id) ?? '',
      assignee_name: nameOf(record.assignee_id),
    };
    return { ...record, ...viewer, ...names };
  }
  return { ...record, ...viewer, author_name: nameOf(record.author_id) ?? '' };
}

/** A follow set by the caller, else the owner follows and nobody else does. */
export function isFollowing(user: MockUser, record: HdRecord): boolean {
  return db.work.follows.get(`${user.id}:${record.id}`) ?? ownerOf(record) === user.id;
}
