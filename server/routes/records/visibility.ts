// Who sees what, as ONE SQL condition every record query uses (details, edits, lists), so a
// record the caller may not see is simply not found (404), never a leak. Issue #4 extends it
// here and only here with "OR shared with me".
import type { AuthUser } from '../../plugins/auth.js';

export type Viewer = Pick<AuthUser, 'id' | 'user_is_hde'>;

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

/**
 * `(r.owner_id = $me OR $is_hde)`: the owner (requester / author) and helpdesk agents.
 * node-postgres sends unnamed statements, which PostgreSQL plans with the actual values, so the
 * constant `OR false` / `OR true` folds away and the owner indexes are used.
 */
export function visibleTo(p: Params, viewer: Viewer, alias = 'r'): string {
  return `(${alias}.owner_id = ${p.add(viewer.id)} OR ${p.add(viewer.user_is_hde)}::boolean)`;
}
