// The checks every call on a record ({kind}/{id}/...) starts with, in one place: who may read it
// (404 otherwise, exactly like a missing record) and who may change it (403 for those who can
// only read it). docs/api-working.md "Who may do what".
import type { Queryable } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import { idParams } from '../../lib/schemas.js';
import { type ObjectType, type RecordKind, CONTENT, TICKET } from './kinds.js';
import { NOT_FOUND_MESSAGE, READ_ONLY_MESSAGE, READERS_FORBIDDEN_MESSAGE } from './messages.js';
import { findAccess } from './sql.js';
import type { Access, Viewer } from './visibility.js';

export const KINDS: readonly RecordKind[] = [TICKET, CONTENT];

export interface RecordAccess {
  id: number;
  title: string;
  access: Access;
}

/** `{ id }` of a record as a path parameter (400 when not a positive integer). */
export const recordIdParams = idParams;

/**
 * The owner, the people it is shared with and agents read a record's sub-resources (sharing,
 * history); readers of searchable content get 403 (they may read the item itself, so it is no
 * secret that it exists) unless `readers` says the sub-resource is part of reading the item
 * (its classification, its related records); anyone else 404.
 */
export async function requireReadable(
  db: Queryable,
  viewer: Viewer,
  type: ObjectType,
  id: number,
  opts: { readers?: boolean } = {},
): Promise<RecordAccess> {
  const found = await findAccess(db, viewer, type, id, { readers: true });
  if (!found) throw new HttpError(404, NOT_FOUND_MESSAGE);
  if (found.access === 'reader' && !opts.readers) {
    throw new HttpError(403, READERS_FORBIDDEN_MESSAGE);
  }
  return found;
}

/**
 * The owner and agents change a record (share, classify, relate); the people it is shared with
 * and readers of searchable content get 403; anyone else 404.
 */
export async function requireChangeable(
  db: Queryable,
  viewer: Viewer,
  type: ObjectType,
  id: number,
): Promise<RecordAccess> {
  const found = await findAccess(db, viewer, type, id, { readers: true });
  if (!found) throw new HttpError(404, NOT_FOUND_MESSAGE);
  if (found.access !== 'owner' && found.access !== 'agent') {
    throw new HttpError(403, READ_ONLY_MESSAGE);
  }
  return found;
}
