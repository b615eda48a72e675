// A page of rows and its capped count, as the lists and the search run them (and the bench, as
// their floor): side by side, or the page alone when its rows carry the count.
import type { QueryResultRow } from 'pg';
import type { Db } from './pool.js';
import type { BuiltQuery } from './prepared.js';

export interface PageAndCount {
  page: BuiltQuery;
  count: BuiltQuery;
  /**
   * The page's rows carry the capped count (`total`); the count statement is then needed only
   * for a page past the last match.
   */
  countInPage: boolean;
  firstPage: boolean;
}

export async function runPageAndCount<Row extends QueryResultRow>(
  db: Db,
  q: PageAndCount,
): Promise<{ rows: Row[]; total: number }> {
  const countAlone = async () => (await db.query<{ total: number }>(q.count)).rows[0].total;
  if (q.countInPage) {
    const page = await db.query<Row & { total: number }>(q.page);
    const first = page.rows[0];
    if (first) return { rows: page.rows, total: first.total };
    return { rows: [], total: q.firstPage ? 0 : await countAlone() };
  }
  const [page, total] = await Promise.all([db.query<Row>(q.page), countAlone()]);
  return { rows: page.rows, total };
}
