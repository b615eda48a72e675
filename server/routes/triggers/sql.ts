// SQL for triggers (migrations/038_triggers.sql). Every write also sets whether the `rules`
// event consumer is active (some trigger is), in the same transaction, so a desk with no active
// trigger pays nothing per change (server/events/outbox.ts).
import type { DatabaseError } from 'pg';
import type { Queryable } from '../../db/transaction.js';
import { setConsumerActive } from '../../events/outbox.js';
import { HttpError } from '../../lib/http-error.js';
import type { Action, Condition, TriggerEvent } from '../../rules/schema.js';
import { checkCycles, checkTrigger, templateIds } from '../../rules/validate.js';

export const RULES_CONSUMER = 'rules';

export interface TriggerRow {
  id: number;
  name: string;
  active: boolean;
  position: number;
  event: TriggerEvent;
  match: 'all' | 'any';
  conditions: Condition[];
  actions: Action[];
  stop: boolean;
  updated_at: Date;
}

export interface TriggerInput {
  name: string;
  active: boolean;
  event: TriggerEvent;
  match: 'all' | 'any';
  conditions: Condition[];
  actions: Action[];
  stop: boolean;
}

export const TRIGGER_MESSAGES = {
  name: 'Name must be 1 to 100 characters.',
  nameTaken: 'A trigger with this name already exists.',
  order: 'Give every trigger id once, in the new order.',
} as const;

const COLUMNS = `id, name, active, position, event, match, conditions, actions, stop, updated_at`;

export async function listTriggers(q: Queryable, activeOnly = false): Promise<TriggerRow[]> {
  const { rows } = await q.query<TriggerRow>(
    `SELECT ${COLUMNS} FROM triggers ${activeOnly ? 'WHERE active' : ''} ORDER BY position, id`,
  );
  return rows;
}

export async function getTrigger(q: Queryable, id: number): Promise<TriggerRow | undefined> {
  const { rows } = await q.query<TriggerRow>(`SELECT ${COLUMNS} FROM triggers WHERE id = $1`, [id]);
  return rows[0];
}

/** The `rules` consumer runs exactly while some trigger is active. */
export async function syncRulesConsumer(q: Queryable): Promise<void> {
  const { rows } = await q.query<{ any: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM triggers WHERE active) AS any',
  );
  await setConsumerActive(q, RULES_CONSUMER, rows[0].any);
}

async function saving<T>(
  q: Queryable,
  id: number | null,
  t: TriggerInput,
  run: () => Promise<T>,
): Promise<T> {
  await checkTrigger(q, t.conditions, t.actions);
  const others = await q.query<Pick<TriggerRow, 'name' | 'conditions' | 'actions'>>(
    `SELECT name, conditions, actions FROM triggers
      WHERE active AND event = 'ticket_updated' AND id IS DISTINCT FROM $1`,
    [id],
  );
  checkCycles(t, others.rows);
  try {
    const result = await run();
    await syncRulesConsumer(q);
    return result;
  } catch (err) {
    if ((err as DatabaseError).code === '23505')
      throw new HttpError(400, 'Validation failed', { name: TRIGGER_MESSAGES.nameTaken });
    throw err;
  }
}

const values = (t: TriggerInput) => [
  t.name,
  t.active,
  t.event,
  t.match,
  JSON.stringify(t.conditions),
  JSON.stringify(t.actions),
  t.stop,
  templateIds(t.actions),
];

export function insertTrigger(q: Queryable, t: TriggerInput): Promise<TriggerRow> {
  return saving(q, null, t, async () => {
    const { rows } = await q.query<TriggerRow>(
      `INSERT INTO triggers (name, active, event, match, conditions, actions, stop, template_ids, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
               (SELECT coalesce(max(position), 0) + 1 FROM triggers))
       RETURNING ${COLUMNS}`,
      values(t),
    );
    return rows[0];
  });
}

export function updateTrigger(
  q: Queryable,
  id: number,
  t: TriggerInput,
): Promise<TriggerRow | undefined> {
  return saving(q, id, t, async () => {
    const { rows } = await q.query<TriggerRow>(
      `UPDATE triggers SET name = $1, active = $2, event = $3, match = $4, conditions = $5,
              actions = $6, stop = $7, template_ids = $8, updated_at = now()
        WHERE id = $9 RETURNING ${COLUMNS}`,
      [...values(t), id],
    );
    return rows[0];
  });
}

export async function deleteTrigger(q: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM triggers WHERE id = $1', [id]);
  await syncRulesConsumer(q);
  return rowCount === 1;
}

/** Puts the triggers in the order of `ids`; false unless `ids` is exactly every trigger. */
export async function reorderTriggers(q: Queryable, ids: number[]): Promise<boolean> {
  const { rows } = await q.query<{ id: number }>('SELECT id FROM triggers FOR UPDATE');
  const all = new Set(rows.map((r) => r.id));
  if (ids.length !== all.size || !ids.every((id) => all.has(id))) return false;
  await q.query(
    `UPDATE triggers t SET position = o.n, updated_at = now()
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n) WHERE t.id = o.id`,
    [ids],
  );
  return true;
}
