// The audit log's reads (administrators only, checked by the route's role). There are no writes
// here: entries are written by server/audit/write.ts and the configuration tables' triggers.
import type { Queryable } from '../../db/transaction.js';

export interface AuditFilter {
  userId?: number;
  kind?: string;
  /** Inclusive calendar dates, YYYY-MM-DD, read in UTC. */
  from?: string;
  to?: string;
}

export interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_label: string;
  address: string | null;
  kind: string;
  target_kind: string | null;
  target_id: string | null;
  outcome: 'success' | 'failure';
  reason: string | null;
  details: Record<string, unknown>;
}

const COLUMNS = `id, at, actor_id, actor_label, address, kind, target_kind, target_id, outcome,
  reason, details`;

/** The WHERE clause of a filter; `values` gets its parameters. */
function where(f: AuditFilter, values: unknown[]): string {
  const parts: string[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  if (f.userId !== undefined) parts.push(`actor_id = ${param(f.userId)}::bigint`);
  if (f.kind !== undefined) parts.push(`kind = ${param(f.kind)}`);
  if (f.from !== undefined)
    parts.push(`at >= (${param(f.from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (f.to !== undefined)
    parts.push(`at < ((${param(f.to)}::date + 1)::timestamp AT TIME ZONE 'UTC')`);
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}

/** The count stops here: past it the page says "more than". */
export const COUNT_CAP = 10_000;

export async function listEntries(
  q: Queryable,
  f: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const values: unknown[] = [];
  const w = where(f, values);
  const [page, count] = await Promise.all([
    q.query<AuditRow>(
      `SELECT ${COLUMNS} FROM audit_log ${w} ORDER BY at DESC, id DESC
        LIMIT ${limit} OFFSET ${offset}`,
      values,
    ),
    q.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM audit_log ${w} LIMIT ${COUNT_CAP}) n`,
      values,
    ),
  ]);
  return { rows: page.rows, total: count.rows[0].total };
}

/** Every matching row, newest first, a batch at a time (keyset), for the CSV export. */
export async function* allEntries(
  q: Queryable,
  f: AuditFilter,
  batch = 1000,
): AsyncGenerator<AuditRow> {
  // The key keeps the time's microseconds (a Date would round them to milliseconds).
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const values: unknown[] = [];
    let w = where(f, values);
    if (after) {
      values.push(after.at, after.id);
      const keyset = `(at, id) < ($${values.length - 1}::timestamptz, $${values.length}::bigint)`;
      w = w ? `${w} AND ${keyset}` : `WHERE ${keyset}`;
    }
    const { rows } = await q.query<AuditRow & { at_key: string }>(
      `SELECT ${COLUMNS}, at::text AS at_key FROM audit_log ${w}
        ORDER BY at DESC, id DESC LIMIT ${batch}`,
      values,
    );
    yield* rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { at: last.at_key, id: last.id };
  }
}
