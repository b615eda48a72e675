// A ticket's or a content item's custom field values (`records.fields`, docs/api-records.md
// "Custom fields"): what a create or an edit may send, checked against the active definitions of
// the record's kind (and desk), what a requester sees, and the history of a change.
import type { Queryable } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import type { FieldRow } from './sql.js';
import { valueFits, VALUE_MESSAGES, type FieldValue } from './values.js';

export const VALUE_RULES = {
  unknown: 'There is no such field on this record.',
  agentsOnly: 'Only helpdesk agents can set this field.',
  required: 'This field is required.',
  stale:
    'The custom fields changed while you were editing: reload the page to see them, then make your change again.',
} as const;

export type FieldValues = Record<string, FieldValue>;

/** The set of a kind's definitions as a save checks them: its version and its active fields. */
export interface FieldSet {
  version: number;
  fields: FieldRow[];
  /** The kind's default desk: a record created without one goes there. */
  default_hd_id: number | null;
}

export async function loadFieldSet(
  q: Queryable,
  objectType: 'T' | 'C' | 'U' | 'O',
): Promise<FieldSet> {
  const { rows } = await q.query<FieldSet>(
    `SELECT s.version,
            coalesce((SELECT json_agg(f ORDER BY f.position, f.id) FROM custom_fields f
                       WHERE f.object_type = $1 AND f.active), '[]') AS fields,
            (SELECT id FROM helpdesks WHERE object_type = $1 AND is_default) AS default_hd_id
       FROM custom_field_sets s WHERE s.object_type = $1`,
    [objectType],
  );
  return rows[0];
}

const appliesTo = (f: FieldRow, hdId: number | null) =>
  f.hd_ids.length === 0 || (hdId !== null && f.hd_ids.includes(hdId));

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface ValuesSave {
  /** The `fields` the request sent (undefined: none). */
  sent: Record<string, unknown> | undefined;
  /** The `fields_version` the request sent. */
  version: number | undefined;
  /** The record's desk as it will be stored. */
  hdId: number | null;
  agent: boolean;
  /** Whether the record will be a draft. */
  draft: boolean;
  /** A new record (its definitions' defaults fill what it leaves out), or a draft submitted. */
  raising: boolean;
  /** The values the record has (none for a new one). */
  current: FieldValues;
  isNew: boolean;
}

/**
 * Checks a save's `fields` (409 when the form's definitions are stale, 400 naming `fields.<key>`
 * otherwise) and answers the patch to store: the sent values that differ from the current ones.
 */
export async function checkValues(
  q: Queryable,
  set: FieldSet,
  s: ValuesSave,
): Promise<FieldValues> {
  if (s.version !== undefined && s.version !== set.version)
    throw new HttpError(409, VALUE_RULES.stale);
  const byKey = new Map(set.fields.filter((f) => appliesTo(f, s.hdId)).map((f) => [f.key, f]));
  const errors: Record<string, string> = {};
  const patch: FieldValues = {};
  const agentIds: [string, number][] = [];
  for (const [key, value] of Object.entries(s.sent ?? {})) {
    // A requester's form may send back what it shows unchanged.
    if (!s.isNew && same(s.current[key], value)) continue;
    const f = byKey.get(key);
    if (!f) errors[`fields.${key}`] = VALUE_RULES.unknown;
    else if (!s.agent && !f.editable_by_requesters)
      errors[`fields.${key}`] = VALUE_RULES.agentsOnly;
    else if (!valueFits(f.type, f.choices, value)) errors[`fields.${key}`] = VALUE_MESSAGES[f.type];
    else {
      if (f.type === 'agent' && typeof value === 'number') agentIds.push([key, value]);
      patch[key] = value as FieldValue;
    }
  }
  if (agentIds.length) {
    const { rows } = await q.query<{ id: string }>(
      'SELECT id FROM users WHERE id = ANY($1::bigint[]) AND user_is_hde',
      [agentIds.map(([, id]) => id)],
    );
    const agents = new Set(rows.map((r) => Number(r.id)));
    for (const [key, id] of agentIds) {
      if (!agents.has(id)) errors[`fields.${key}`] = VALUE_MESSAGES.agent;
    }
  }
  if (!s.draft) {
    for (const f of byKey.values()) {
      const needed = s.agent ? f.required_for_agents : s.raising && f.required_when_raising;
      if (!needed || errors[`fields.${f.key}`]) continue;
      const value =
        f.key in patch
          ? patch[f.key]
          : s.isNew && !(s.sent && f.key in s.sent)
            ? f.default_value
            : s.current[f.key];
      const empty =
        value === null ||
        value === undefined ||
        value === '' ||
        (Array.isArray(value) && !value.length);
      if (empty) errors[`fields.${f.key}`] = VALUE_RULES.required;
    }
  }
  if (Object.keys(errors).length) throw new HttpError(400, 'Validation failed', errors);
  return patch;
}

/**
 * SQL: a new record's values: its kind's active defaults for its desk (`hd`), then what it was
 * given (`given`, a jsonb parameter); a null is "no value" and is not stored.
 */
export const newRecordFields = (type: string, hd: string, given: string) =>
  `jsonb_strip_nulls(coalesce((SELECT jsonb_object_agg(d.key, d.default_value)
       FROM custom_fields d
      WHERE d.object_type = ${type} AND d.active AND d.default_value IS NOT NULL
        AND (d.hd_ids = '{}' OR ${hd} = ANY (d.hd_ids))), '{}') || ${given}::jsonb)`;

/**
 * SQL: the values the viewer sees of record `alias`: an agent all, a requester those of active
 * fields shown to requesters. Uncorrelated subqueries: computed once a statement, not per row.
 */
export function viewerFields(agent: boolean, alias: string): string {
  if (agent) return `${alias}.fields AS fields`;
  const hidden = (type: string) =>
    `(SELECT coalesce(array_agg(h.key), '{}') FROM custom_fields h
       WHERE h.object_type = '${type}' AND NOT (h.active AND h.shown_to_requesters))`;
  return `${alias}.fields - CASE ${alias}.object_type WHEN 'T' THEN ${hidden('T')}
       ELSE ${hidden('C')} END AS fields`;
}

/** A value as the history shows it ("printer", "2", "true", "a, b"). */
const shown = (v: FieldValue | undefined): string | null =>
  v === null || v === undefined ? null : Array.isArray(v) ? v.join(', ') : String(v);

/** The history's `fields` names and `changes` for the values that changed. */
export function valueChanges(before: FieldValues, after: FieldValues) {
  const names: string[] = [];
  const changes: Record<string, { from: string | null; to: string | null }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[key], after[key])) continue;
    names.push(`fields.${key}`);
    changes[`fields.${key}`] = { from: shown(before[key]), to: shown(after[key]) };
  }
  return { names, changes };
}

/**
 * SQL: an event's `details` (column `details` of event alias `e`) as the reader may see them: a
 * requester's (`agent`, an SQL boolean, false) `updated` events leave out the changes of fields
 * not shown to requesters, as the record's `fields` do, and every reader but an agent the
 * trigger that made it (`recordId`: an SQL bigint).
 */
export const eventDetailsFor = (e: string, agent: string, recordId: string) =>
  `CASE WHEN ${agent} THEN ${e}.details
   WHEN ${e}.action IS DISTINCT FROM 'updated' THEN ${e}.details - 'rule' - 'rule_chain'
   ELSE (SELECT jsonb_set(jsonb_set(${e}.details, '{fields}',
                  coalesce((SELECT jsonb_agg(f) FROM jsonb_array_elements(${e}.details -> 'fields') f
                             WHERE NOT (f #>> '{}') = ANY (h.keys)), '[]')),
                '{changes}', coalesce(${e}.details -> 'changes', '{}') - h.keys) - 'rule' - 'rule_chain'
           FROM (SELECT coalesce(array_agg('fields.' || c.key), '{}') AS keys FROM custom_fields c
                  WHERE c.object_type = (SELECT object_type FROM records WHERE id = ${recordId})
                    AND NOT (c.active AND c.shown_to_requesters)) h)
   END`;
