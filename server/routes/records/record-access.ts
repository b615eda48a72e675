// The one check every call on a record starts with (attachments, threads, following, agent
// actions): the record as the caller may read it (readableBy(), so an unreadable record is a 404
// exactly like a missing one) and the caller's access, which decides 403 for what they may not do.
import { prepared } from '../../db/prepared.js';
import type { Queryable } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import type { ObjectType } from './kinds.js';
import { NOT_FOUND_MESSAGE as NOT_FOUND } from './messages.js';
import { Params, readableBy, viewerColumns, type Access, type Viewer } from './visibility.js';

export interface AccessRow {
  id: string;
  object_type: ObjectType;
  title: string;
  owner_id: string;
  hd_id: number;
  hd_name: string;
  status_name: string;
  is_draft: boolean;
  searchable: boolean;
  version: number;
  access: Access;
  following: boolean;
}

/** What a call needs: read the record, take part in it (owner, shared, agent) or be an agent. */
export type Need = 'read' | 'take_part' | 'agent';

export const TAKE_PART_ONLY =
  'Only the owner, the people it is shared with and helpdesk agents can do this.';
export const AGENTS_ONLY = 'Only helpdesk agents can do this.';

export async function findReadable(
  q: Queryable,
  viewer: Viewer,
  id: number,
  type?: ObjectType,
): Promise<AccessRow | undefined> {
  const p = new Params([id]);
  const typeCondition = type ? `AND r.object_type = ${p.add(type)}` : '';
  // Named: by primary key, its text varies only with the role and the kind asked for.
  const { rows } = await q.query<AccessRow>(
    prepared(
      `SELECT r.id, r.object_type, r.title, r.owner_id, r.hd_id,
            (SELECT name FROM helpdesks WHERE id = r.hd_id) AS hd_name,
            (SELECT name FROM statuses WHERE id = r.status_id) AS status_name,
            r.is_draft, r.searchable, r.version, ${viewerColumns(p, viewer)}
       FROM records r
      WHERE r.id = $1 ${typeCondition} AND ${readableBy(p, viewer)}`,
      p.values,
    ),
  );
  return rows[0];
}

/** The record if the viewer may do what `need` says: else 404 (cannot read it) or 403. */
export async function requireAccess(
  q: Queryable,
  viewer: Viewer,
  need: Need,
  id: number,
  type?: ObjectType,
): Promise<AccessRow> {
  const row = await findReadable(q, viewer, id, type);
  if (!row) throw new HttpError(404, NOT_FOUND);
  if (need === 'agent' && !viewer.user_is_hde) throw new HttpError(403, AGENTS_ONLY);
  if (need === 'take_part' && row.access === 'reader') throw new HttpError(403, TAKE_PART_ONLY);
  return row;
}
