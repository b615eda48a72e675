// SQL for custom field definitions (migrations/031_custom_fields.sql).
import type { DatabaseError } from 'pg';
import type { Queryable } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import {
  valueFits,
  VALUE_MESSAGES,
  type Choice,
  type FieldType,
  type FieldValue,
} from './values.js';

export type ObjectType = 'T' | 'C' | 'U' | 'O';

// A type, not an interface: the response schema's type has an index signature.
export type FieldRow = {
  id: number;
  object_type: ObjectType;
  key: string;
  type: FieldType;
  label_en: string;
  label_es: string;
  help_en: string;
  help_es: string;
  required_for_agents: boolean;
  shown_to_requesters: boolean;
  editable_by_requesters: boolean;
  required_when_raising: boolean;
  hd_ids: number[];
  choices: Choice[];
  default_value: FieldValue;
  position: number;
  active: boolean;
  version: number;
};

/** What an admin sets; `key`, `object_type` and `type` are fixed once the field exists. */
export interface FieldInput {
  label_en: string;
  label_es: string;
  help_en: string;
  help_es: string;
  required_for_agents: boolean;
  shown_to_requesters: boolean;
  editable_by_requesters: boolean;
  required_when_raising: boolean;
  hd_ids: number[];
  choices: Choice[];
  default_value: unknown;
  active: boolean;
}

export const MESSAGES = {
  keyTaken: 'A field with this key already exists here.',
  choices: 'A choice field needs at least one choice, each value once.',
  editable: 'A field requesters can edit must be shown to them.',
  raising: 'A field required when raising must be editable by requesters.',
  hd_ids: 'Choose help desks of this kind of record.',
  order: 'Send every field of this kind of record, each once.',
} as const;

const COLUMNS = `id, object_type, key, type, label_en, label_es, help_en, help_es,
  required_for_agents, shown_to_requesters, editable_by_requesters, required_when_raising,
  hd_ids, choices, default_value, position, active, version`;

export async function listFields(
  q: Queryable,
  objectType: ObjectType,
  requester: boolean,
): Promise<{ version: number; fields: FieldRow[] }> {
  const { rows } = await q.query<{ version: number; fields: FieldRow[] | null }>(
    `SELECT s.version,
            (SELECT json_agg(f ORDER BY f.position, f.id) FROM (
               SELECT ${COLUMNS} FROM custom_fields
                WHERE object_type = $1 AND (NOT $2 OR (active AND shown_to_requesters))) f) AS fields
       FROM custom_field_sets s WHERE s.object_type = $1`,
    [objectType, requester],
  );
  return { version: rows[0].version, fields: rows[0].fields ?? [] };
}

export async function getField(q: Queryable, id: number): Promise<FieldRow | undefined> {
  const { rows } = await q.query<FieldRow>(`SELECT ${COLUMNS} FROM custom_fields WHERE id = $1`, [
    id,
  ]);
  return rows[0];
}

/** The checks a schema cannot make; 400 naming each field that fails. */
export async function check(
  q: Queryable,
  objectType: ObjectType,
  type: FieldType,
  f: FieldInput,
): Promise<void> {
  const fields: Record<string, string> = {};
  const choiceType = type === 'single_choice' || type === 'multiple_choice';
  const values = f.choices.map((c) => c.value);
  if (choiceType && (values.length === 0 || new Set(values).size !== values.length)) {
    fields.choices = MESSAGES.choices;
  }
  if (f.editable_by_requesters && !f.shown_to_requesters) {
    fields.editable_by_requesters = MESSAGES.editable;
  }
  if (f.required_when_raising && !f.editable_by_requesters) {
    fields.required_when_raising = MESSAGES.raising;
  }
  if (f.default_value !== null && !valueFits(type, f.choices, f.default_value)) {
    fields.default_value = VALUE_MESSAGES[type];
  }
  const { rows } = await q.query<{ desks: boolean; agent: boolean }>(
    `SELECT (SELECT count(*) FROM helpdesks WHERE id = ANY($1::int[]) AND object_type = $2)
              = cardinality($1::int[]) AS desks,
            ($3::bigint IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = $3 AND user_is_hde)) AS agent`,
    [
      f.hd_ids,
      objectType,
      type === 'agent' && typeof f.default_value === 'number' ? f.default_value : null,
    ],
  );
  if (!rows[0].desks) fields.hd_ids = MESSAGES.hd_ids;
  if (!rows[0].agent) fields.default_value = VALUE_MESSAGES.agent;
  if (Object.keys(fields).length) throw new HttpError(400, 'Validation failed', fields);
}

const values = (f: FieldInput) => [
  f.label_en,
  f.label_es,
  f.help_en,
  f.help_es,
  f.required_for_agents,
  f.shown_to_requesters,
  f.editable_by_requesters,
  f.required_when_raising,
  f.hd_ids,
  JSON.stringify(f.choices),
  f.default_value === null ? null : JSON.stringify(f.default_value),
  f.active,
];

export async function insertField(
  q: Queryable,
  objectType: ObjectType,
  key: string,
  type: FieldType,
  f: FieldInput,
): Promise<FieldRow> {
  try {
    const { rows } = await q.query<FieldRow>(
      `INSERT INTO custom_fields (label_en, label_es, help_en, help_es, required_for_agents,
         shown_to_requesters, editable_by_requesters, required_when_raising, hd_ids, choices,
         default_value, active, object_type, key, type, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
               (SELECT coalesce(max(position), 0) + 1 FROM custom_fields WHERE object_type = $13))
       RETURNING ${COLUMNS}`,
      [...values(f), objectType, key, type],
    );
    return rows[0];
  } catch (err) {
    if ((err as DatabaseError).code === '23505') {
      throw new HttpError(400, 'Validation failed', { key: MESSAGES.keyTaken });
    }
    throw err;
  }
}

/** The definition as edited, or undefined when its version is not `version` (or it is gone). */
export async function updateField(
  q: Queryable,
  id: number,
  version: number,
  f: FieldInput,
): Promise<FieldRow | undefined> {
  const { rows } = await q.query<FieldRow>(
    `UPDATE custom_fields SET label_en = $1, label_es = $2, help_en = $3, help_es = $4,
            required_for_agents = $5, shown_to_requesters = $6, editable_by_requesters = $7,
            required_when_raising = $8, hd_ids = $9, choices = $10, default_value = $11,
            active = $12, version = version + 1, updated_at = now()
      WHERE id = $13 AND version = $14
      RETURNING ${COLUMNS}`,
    [...values(f), id, version],
  );
  return rows[0];
}

/** Puts an object's fields in the order of `ids`; false unless `ids` is exactly its fields. */
export async function reorder(
  q: Queryable,
  objectType: ObjectType,
  ids: number[],
): Promise<boolean> {
  const { rows } = await q.query<{ id: number }>(
    'SELECT id FROM custom_fields WHERE object_type = $1 FOR UPDATE',
    [objectType],
  );
  const known = new Set(rows.map((r) => r.id));
  if (known.size !== ids.length || !ids.every((id) => known.has(id))) return false;
  await q.query(
    `UPDATE custom_fields f SET position = o.n, updated_at = now()
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n)
      WHERE f.id = o.id AND f.position IS DISTINCT FROM o.n`,
    [ids],
  );
  return true;
}

/** The table that holds a kind's values, and the condition that picks that kind's rows. */
const VALUE_TABLES = {
  T: ['records', "object_type = 'T'"],
  C: ['records', "object_type = 'C'"],
  U: ['users', 'true'],
  O: ['companies', 'true'],
} as const;

/** How many records (users, organizations) carry a value for the field. */
export async function usage(q: Queryable, field: FieldRow): Promise<number> {
  const [table, kind] = VALUE_TABLES[field.object_type];
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table}
      WHERE ${kind} AND fields ? $1 AND fields -> $1 <> 'null'::jsonb`,
    [field.key],
  );
  return rows[0].n;
}

/** Deletes the definition and its values; the history keeps what the values were. */
export async function deleteField(q: Queryable, field: FieldRow): Promise<void> {
  const [table, kind] = VALUE_TABLES[field.object_type];
  await q.query(`UPDATE ${table} SET fields = fields - $1::text WHERE ${kind} AND fields ? $1`, [
    field.key,
  ]);
  await q.query('DELETE FROM custom_fields WHERE id = $1', [field.id]);
}
