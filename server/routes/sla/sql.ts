// SQL for the SLA policies (helpdesk agents' maintenance). Every change also queues the
// recompute of the open tickets (server/sla/jobs.ts) in the same transaction.
import type { Queryable } from '../../db/transaction.js';
import { POLICY_COLUMNS, type PolicyRow } from '../../sla/policy.js';

/** What an agent sends: a policy without its id, order, version and times. */
export type PolicyInput = Omit<
  PolicyRow,
  'id' | 'sort_order' | 'version' | 'created_at' | 'updated_at'
>;

export async function listPolicies(q: Queryable): Promise<PolicyRow[]> {
  const { rows } = await q.query<PolicyRow>(
    `SELECT ${POLICY_COLUMNS} FROM sla_policies p ORDER BY p.sort_order, p.id`,
  );
  return rows;
}

export async function getPolicy(q: Queryable, id: number): Promise<PolicyRow | undefined> {
  const { rows } = await q.query<PolicyRow>(
    `SELECT ${POLICY_COLUMNS} FROM sla_policies p WHERE p.id = $1`,
    [id],
  );
  return rows[0];
}

const values = (p: PolicyInput) => [
  p.name,
  p.hd_ids,
  p.priority_ids,
  p.company_ids,
  p.first_response_minutes,
  p.next_response_minutes,
  p.resolution_minutes,
  p.time_zone,
  JSON.stringify(p.hours),
  p.holidays,
];

/** New policies go last in the order. */
export async function insertPolicy(q: Queryable, p: PolicyInput): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO sla_policies (name, hd_ids, priority_ids, company_ids, first_response_minutes,
                               next_response_minutes, resolution_minutes, time_zone, hours,
                               holidays, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date[],
             (SELECT coalesce(max(sort_order), 0) + 1 FROM sla_policies))
     RETURNING id`,
    values(p),
  );
  return rows[0].id;
}

/** Writes the policy if it is still at `version`; false when it is not (or is gone). */
export async function updatePolicy(
  q: Queryable,
  id: number,
  version: number,
  p: PolicyInput,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE sla_policies
        SET name = $1, hd_ids = $2, priority_ids = $3, company_ids = $4,
            first_response_minutes = $5, next_response_minutes = $6, resolution_minutes = $7,
            time_zone = $8, hours = $9, holidays = $10::date[], version = version + 1,
            updated_at = now()
      WHERE id = $11 AND version = $12`,
    [...values(p), id, version],
  );
  return rowCount === 1;
}

export async function deletePolicy(q: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM sla_policies WHERE id = $1', [id]);
  return rowCount === 1;
}

/** Sets the order to `ids` (which must be exactly the policies' ids: the caller checks). */
export async function reorderPolicies(q: Queryable, ids: number[]): Promise<void> {
  await q.query(
    `UPDATE sla_policies p SET sort_order = o.n, version = version + 1, updated_at = now()
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n)
      WHERE p.id = o.id AND p.sort_order <> o.n`,
    [ids],
  );
}

/** Which of `ids` are not ticket help desks / priorities / companies. */
export async function unknownIds(
  q: Queryable,
  table: 'helpdesks' | 'priorities' | 'companies',
  ids: number[],
): Promise<number[]> {
  const typeCheck = table === 'helpdesks' ? ` AND object_type = 'T'` : '';
  const { rows } = await q.query<{ id: number }>(
    `SELECT i AS id FROM unnest($1::int[]) i
      WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = i${typeCheck})`,
    [ids],
  );
  return rows.map((r) => r.id);
}
