// Named (prepared) statements for hot statements whose text never changes: each connection parses
// and plans them once, and PostgreSQL keeps a generic plan when it costs no more than the plans
// made with the values (plan_cache_mode auto). Planning was 43% of the database's statement time
// under load, e.g. 0.53 ms to plan the record's GET against 0.05 ms to run it (docs/performance.md,
// "named statements"). For statements keyed by one record, session or ticket (its row, its
// service-level state, its mail thread) and for the lists' first pages, whose text carries the
// caller's role (records/visibility.ts) so a kept plan is the role's own. Statements whose best
// plan depends on the values (a list's text filter) stay unnamed, planned every time.
import { createHash } from 'node:crypto';

const names = new Map<string, string>();

/**
 * At most this many named statements per process: each one is kept by every connection that ran
 * it (here and in its database backend) until the connection closes, and lists build their text
 * from the filters a client sends. Past it, statements go unnamed (planned each time).
 */
const MAX_NAMED = 500;

/** A statement as node-postgres takes it: `name` makes it a named (prepared) one. */
export interface BuiltQuery {
  name?: string;
  text: string;
  values: unknown[];
}

/** The query config for a named statement; the name follows from the text, so they never clash. */
export function prepared(text: string, values: unknown[]): BuiltQuery {
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_NAMED) return { text, values };
    name = `hd_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return { name, text, values };
}
