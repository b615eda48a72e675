// A list's filter turned into records without copying the list's SQL: bulk actions ("all N
// matching") and saved views' counts run buildListQueries() itself, so they always select what
// the hd list shows, in its order, with its authorization.
import type { Queryable } from '../../db/transaction.js';
import { CONTENT, TICKET, listBodySchema, type RecordKind, type RecordRow } from './kinds.js';
import { buildListQueries, withFields, type ListFilters } from './sql.js';
import type { Viewer } from './visibility.js';

// A type, not an interface: bulk/routes.ts mixes it with chosen records typed from its schema.
export type Selected = {
  id: number;
  version: number;
};

/** The first `cap` records of the hd list with `filters` and `sort`; `capped` when more match. */
export async function selectMatching(
  q: Queryable,
  kind: RecordKind,
  viewer: Viewer,
  list: { filters: ListFilters; sort: string; now: Date },
  cap: number,
): Promise<{ records: Selected[]; capped: boolean }> {
  const req = await withFields(q, kind, viewer, {
    scope: 'hd',
    page: 1,
    pageSize: cap + 1,
    ...list,
  });
  const { page } = buildListQueries(kind, viewer, req);
  const { rows } = await q.query<RecordRow>(page);
  return {
    records: rows.slice(0, cap).map((r) => ({ id: Number(r.id), version: r.version })),
    capped: rows.length > cap,
  };
}

/** The hd list's own capped count (one bounded statement): the total and whether it hit the cap. */
export async function countMatching(
  q: Queryable,
  kind: RecordKind,
  viewer: Viewer,
  list: { filters: ListFilters; now: Date },
): Promise<number> {
  const req = await withFields(q, kind, viewer, {
    scope: 'hd',
    page: 1,
    pageSize: 1,
    sort: '-created_at',
    ...list,
  });
  const { count } = buildListQueries(kind, viewer, req);
  const { rows } = await q.query<{ total: number }>(count);
  return rows[0].total;
}

/** The hd lists' filters, both kinds' (each kind ignores the other's), unknown keys dropped. */
export function listFiltersSchema() {
  const ticket = listBodySchema(TICKET).properties.filters.properties;
  const content = listBodySchema(CONTENT).properties.filters.properties;
  return {
    type: 'object',
    additionalProperties: false,
    properties: { ...ticket, ...content },
  } as const;
}
