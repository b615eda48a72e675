// Named (prepared) statements for hot statements whose text never changes: each connection
// parses and plans them once, and PostgreSQL keeps a generic plan when it costs no more than the
// plans made with the values (plan_cache_mode auto). Planning was 43% of the database's
// statement time under load, e.g. 0.53 ms to plan the record's GET against 0.05 ms to run it
// (docs/performance.md). Only for statements keyed by one record, session or ticket (its row,
// its service-level state, its mail thread): statements whose best plan depends on the values
// (an agent's `OR true` in a list) stay unnamed, planned with the values every time.
import { createHash } from 'node:crypto';
import type pg from 'pg';

const names = new Map<string, string>();

/** The query config for a named statement; the name follows from the text, so they never clash. */
export function prepared(text: string, values: unknown[]): pg.QueryConfig {
  let name = names.get(text);
  if (!name) {
    name = `hd_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return { name, text, values };
}
