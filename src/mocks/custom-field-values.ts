// Custom field values on tickets and content items, answered as the server does
// (server/routes/custom-fields/record-values.ts): the checks of a save, the defaults of a new
// record, what a requester sees, and the history's changes.
import type { CustomField } from '../features/custom-fields/types';
import { valueFits, VALUE_MESSAGES } from '../features/custom-fields/values';
import type { FieldObject as ObjectType } from '../features/custom-fields/types';
import { db } from './db';
import type { MockUser } from './http';

export type FieldValues = Record<string, unknown>;

export const VALUE_RULES = {
  unknown: 'There is no such field on this record.',
  agentsOnly: 'Only helpdesk agents can set this field.',
  required: 'This field is required.',
  stale:
    'The custom fields changed while you were editing: reload the page to see them, then make your change again.',
  notObject: 'Send the custom fields as an object of values by key.',
  version: 'The fields version must be a positive whole number.',
} as const;

const appliesTo = (f: CustomField, hdId: number | null) =>
  f.hd_ids.length === 0 || (hdId !== null && f.hd_ids.includes(hdId));

const active = (type: ObjectType, hdId: number | null) =>
  db.customFields.filter((f) => f.object_type === type && f.active && appliesTo(f, hdId));

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const stripNulls = (v: FieldValues): FieldValues =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null && x !== undefined));

export interface ValuesSave {
  sent: unknown;
  version: unknown;
  hdId: number | null;
  draft: boolean;
  raising: boolean;
  current: FieldValues;
  isNew: boolean;
}

export type ValuesResult =
  | { patch: FieldValues }
  | { status: 400; fields: Record<string, string> }
  | { status: 409; message: string };

/** The schema's checks of `fields` and `fields_version` (400 before anything else is read). */
export function valuesShapeProblems(b: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {};
  const f = b.fields;
  if (f !== undefined && (typeof f !== 'object' || f === null || Array.isArray(f))) {
    problems.fields = VALUE_RULES.notObject;
  }
  const v = b.fields_version;
  if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v >= 1)) {
    problems.fields_version = VALUE_RULES.version;
  }
  return problems;
}

/** The server's checkValues: 409 for a stale form, else 400 naming `fields.<key>`, else the patch. */
export function checkValues(user: MockUser, type: ObjectType, s: ValuesSave): ValuesResult {
  if (s.version !== undefined && s.version !== db.customFieldSets[type]) {
    return { status: 409, message: VALUE_RULES.stale };
  }
  const byKey = new Map(active(type, s.hdId).map((f) => [f.key, f]));
  const errors: Record<string, string> = {};
  const patch: FieldValues = {};
  const sent = (s.sent ?? {}) as FieldValues;
  for (const [key, value] of Object.entries(sent)) {
    if (!s.isNew && same(s.current[key], value)) continue;
    const f = byKey.get(key);
    if (!f) errors[`fields.${key}`] = VALUE_RULES.unknown;
    else if (!user.user_is_hde && !f.editable_by_requesters) {
      errors[`fields.${key}`] = VALUE_RULES.agentsOnly;
    } else if (!valueFits(f.type, f.choices, value))
      errors[`fields.${key}`] = VALUE_MESSAGES[f.type];
    else if (f.type === 'agent' && !db.users.some((u) => u.id === value && u.user_is_hde)) {
      errors[`fields.${key}`] = VALUE_MESSAGES.agent;
    } else patch[key] = value;
  }
  if (!s.draft) {
    for (const f of byKey.values()) {
      const needed = user.user_is_hde
        ? f.required_for_agents
        : s.raising && f.required_when_raising;
      if (!needed || errors[`fields.${f.key}`]) continue;
      const value =
        f.key in patch
          ? patch[f.key]
          : s.isNew && !(f.key in sent)
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
  if (Object.keys(errors).length) return { status: 400, fields: errors };
  return { patch };
}

/** A new record's values: its kind's active defaults for its desk, then what it was given. */
export function newRecordValues(type: ObjectType, hdId: number, given: FieldValues): FieldValues {
  const defaults = Object.fromEntries(
    active(type, hdId)
      .filter((f) => f.default_value !== null)
      .map((f) => [f.key, f.default_value]),
  );
  return stripNulls({ ...defaults, ...given });
}

/** An edit's values: the patch over what the record had. */
export const patchedValues = (current: FieldValues, patch: FieldValues) =>
  stripNulls({ ...current, ...patch });

/** What the viewer sees: an agent every value, a requester those of active fields shown to them. */
export function visibleValues(user: MockUser, type: ObjectType, values: FieldValues): FieldValues {
  if (user.user_is_hde) return values;
  const hidden = new Set(
    db.customFields
      .filter((f) => f.object_type === type && !(f.active && f.shown_to_requesters))
      .map((f) => f.key),
  );
  return Object.fromEntries(Object.entries(values).filter(([k]) => !hidden.has(k)));
}

const shown = (v: unknown): string | null =>
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
 * An event's details as the reader may see them: a requester's `updated` events leave out the
 * changes of fields not shown to requesters, and only agents see the trigger that made a change
 * (server: record-values.ts eventDetailsFor).
 */
export function eventDetailsFor<D>(
  agent: boolean,
  type: ObjectType,
  action: string,
  details: D,
): D {
  if (agent || details === null || typeof details !== 'object') return details;
  const { rule: _rule, rule_chain: _chain, ...rest } = details as Record<string, unknown>;
  if (action !== 'updated') return rest as D;
  const hidden = new Set(
    db.customFields
      .filter((f) => f.object_type === type && !(f.active && f.shown_to_requesters))
      .map((f) => `fields.${f.key}`),
  );
  const d = rest as { fields?: unknown; changes?: Record<string, unknown> };
  return {
    ...rest,
    fields: Array.isArray(d.fields) ? d.fields.filter((f) => !hidden.has(String(f))) : [],
    changes: Object.fromEntries(Object.entries(d.changes ?? {}).filter(([k]) => !hidden.has(k))),
  } as D;
}
