// Who sees what, as ONE set of SQL conditions every record query uses (details, edits, lists and
// every call on a record), so a record the caller may not see is simply not found (404), never a
// leak. docs/api-working.md "Who may do what".
import type { AuthUser } from '../../plugins/auth.js';
import { organizationShares } from './organization-visibility.js';
import { viewerFields } from '../custom-fields/record-values.js';

export type Viewer = Pick<AuthUser, 'id' | 'user_is_hde'>;

/** The caller's relation to a record (docs/api-working.md): what the SPA may offer. */
export type Access = 'owner' | 'shared' | 'organization' | 'agent' | 'reader';

/** Collects positional parameters while a query is assembled: `p.add(v)` returns `$n`. */
export class Params {
  readonly values: unknown[] = [];
  constructor(initial: unknown[] = []) {
    this.values.push(...initial);
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `EXISTS` a share of record `alias` with user `me` (record_shares primary key probe). */
export function sharedWith(me: string, alias = 'r'): string {
  return `EXISTS (SELECT 1 FROM record_shares s WHERE s.record_id = ${alias}.id AND s.user_id = ${me}::bigint)`;
}

/**
 * `(r.owner_id = $me OR shared with $me OR a ticket of their sharing organization)` for a regular
 * user (organization-visibility.ts); for a helpdesk agent every record
 * but a restricted desk's they are not a member of (deskOpen): the owner (requester / author),
 * agents and the people the record is shared with. The role is in
 * the statement's text, not a parameter, so a named statement's generic plan is the role's own
 * (an agent's list reads the hd indexes, a user's the owner's); the share is a primary-key probe
 * of record_shares.
 */
export function visibleTo(p: Params, viewer: Viewer, alias = 'r'): string {
  if (viewer.user_is_hde) return deskOpen(p, viewer, alias);
  const me = p.add(viewer.id);
  // Organization members see the tickets of an organization that shares them (migration 030).
  return `(${alias}.owner_id = ${me} OR ${sharedWith(me, alias)} OR ${organizationShares(me, alias)})`;
}

/**
 * visibleTo() plus searchable content (searchable, not a draft), which every signed-in user may
 * read (access "reader"): GET content/{id}/, searches for records to relate and related lists.
 */
export function readableBy(p: Params, viewer: Viewer, alias = 'r'): string {
  // An agent's condition already covers every record they may read (their desks' all, their own).
  if (viewer.user_is_hde) return visibleTo(p, viewer, alias);
  return `(${visibleTo(p, viewer, alias)} OR (${alias}.object_type = 'C' AND ${alias}.searchable AND NOT ${alias}.is_draft))`;
}

/** Who may change a record's fields, sharing, classification and relations: owner or agent. */
export function changeableBy(p: Params, viewer: Viewer, alias = 'r'): string {
  return viewer.user_is_hde
    ? deskOpen(p, viewer, alias)
    : `(${alias}.owner_id = ${p.add(viewer.id)})`;
}

/**
 * SQL: the desks restricted to members that user `user` (an SQL expression) is not one of.
 * Uncorrelated, so a statement reads it once (an InitPlan) and each row costs one array test.
 */
export function hiddenDesks(user: string): string {
  return `ARRAY(SELECT h.id FROM helpdesks h WHERE h.restricted AND NOT EXISTS
            (SELECT 1 FROM helpdesk_members hm WHERE hm.helpdesk_id = h.id AND hm.user_id = ${user}::bigint))`;
}

/**
 * SQL: user `user` (an agent, an SQL expression) works on desk `hd`: it is not restricted, or
 * they are its member. The rule the record mails and the live stream apply per recipient.
 */
export function deskOpenToUser(user: string, hd: string): string {
  return `NOT EXISTS (SELECT 1 FROM helpdesks h WHERE h.id = ${hd} AND h.restricted AND NOT EXISTS
            (SELECT 1 FROM helpdesk_members hm WHERE hm.helpdesk_id = h.id AND hm.user_id = ${user}))`;
}

/**
 * An agent's condition: every record but those of a desk restricted to members they are not
 * one of (docs/api-admin.md), their own records always. With no restricted desk the array is
 * empty and every row passes.
 */
function deskOpen(p: Params, viewer: Viewer, alias: string): string {
  const me = p.add(viewer.id);
  return `(${alias}.hd_id <> ALL (${hiddenDesks(me)}) OR ${alias}.owner_id = ${me}::bigint)`;
}

/**
 * The select-list columns `access`, `shared_with_me` and `following` for record `alias` as seen
 * by the viewer (scalar subqueries on primary keys, so one statement stays one statement).
 */
export function viewerColumns(p: Params, viewer: Viewer, alias = 'r'): string {
  const me = p.add(viewer.id);
  const others = viewer.user_is_hde
    ? `'agent'`
    : `CASE WHEN ${sharedWith(me, alias)} THEN 'shared'
            WHEN ${organizationShares(me, alias)} THEN 'organization' ELSE 'reader' END`;
  return `CASE WHEN ${alias}.owner_id = ${me}::bigint THEN 'owner' ELSE ${others} END AS access,
       ${sharedWith(me, alias)} AS shared_with_me,
       coalesce((SELECT f.following FROM record_follows f
                  WHERE f.record_id = ${alias}.id AND f.user_id = ${me}::bigint),
                ${alias}.owner_id = ${me}::bigint) AS following,
       ${viewerFields(viewer.user_is_hde, alias)}`;
}
