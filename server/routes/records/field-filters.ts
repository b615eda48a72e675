// A list's custom field filters and sort (docs/api-records.md "Lists", `filters.fields` and
// `sort: "fields.<key>"`): checked against the kind's definitions, then turned into SQL on
// `records.fields`. Equality (choice, checkbox, agent) is a containment the fields' GIN index
// answers (migration 031, jsonb_path_ops); ranges and "contains" are checked row by row, like a
// text filter, on the rows the other conditions leave.
import type { Queryable } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import { M } from '../../lib/schemas.js';
import type { FieldType } from '../custom-fields/values.js';
import { valueFits } from '../custom-fields/values.js';
import type { Params } from './visibility.js';

/** The most fields one list filters by, and the most values one `any_of` names. */
export const MAX_FIELD_FILTERS = 10;
export const MAX_ANY_OF = 20;

const FIELD_FILTER_MESSAGE =
  'Filter a custom field with equals, any_of, from/to or contains (see the list call).';

/** `filters.fields`: by field key, one operator (or a range's from and to). */
export const fieldFiltersSchema = {
  type: 'object',
  maxProperties: MAX_FIELD_FILTERS,
  propertyNames: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,49}$', maxLength: 50 },
  additionalProperties: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      equals: { type: ['string', 'number', 'boolean'], maxLength: 255, [M]: FIELD_FILTER_MESSAGE },
      any_of: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_ANY_OF,
        items: { type: ['string', 'number'], maxLength: 255 },
        [M]: FIELD_FILTER_MESSAGE,
      },
      from: { type: ['string', 'number'], maxLength: 40, [M]: FIELD_FILTER_MESSAGE },
      to: { type: ['string', 'number'], maxLength: 40, [M]: FIELD_FILTER_MESSAGE },
      contains: { type: 'string', maxLength: 200, [M]: FIELD_FILTER_MESSAGE },
    },
    [M]: FIELD_FILTER_MESSAGE,
  },
  [M]: `Filter by at most ${MAX_FIELD_FILTERS} custom fields, each by its key.`,
} as const;

export type FieldFilter = {
  equals?: string | number | boolean;
  any_of?: (string | number)[];
  from?: string | number;
  to?: string | number;
  contains?: string;
};

/** A definition as the lists use it. */
export interface ListField {
  key: string;
  type: FieldType;
  /** Choice values in the field's order (single choice sorts by it). */
  choices: string[];
}

export const FIELD_LIST_MESSAGES = {
  unknown: 'There is no such field on this list.',
  inactive: 'This field is inactive: lists cannot be filtered or sorted by it.',
  equality: 'Filter this field with equals or any_of, each one of its values.',
  checkbox: 'Filter this field with equals: true or false.',
  number: 'Filter this field with from and/or to, each a number.',
  date: 'Filter this field with from and/or to, each a date (YYYY-MM-DD).',
  datetime:
    'Filter this field with from and/or to, each a date and time (ISO 8601, with its time zone).',
  text: 'Filter this field with contains (at most 200 characters).',
  sort: 'Sort by a number, date, date-time, text, single choice or checkbox field.',
} as const;

const SORTABLE: readonly FieldType[] = [
  'number',
  'date',
  'datetime',
  'text',
  'single_choice',
  'checkbox',
];

/** The key a sort names (`fields.<key>` or `-fields.<key>`), if it is a field's. */
export function sortedField(sort: string): string | undefined {
  const m = /^-?fields\.([a-z][a-z0-9_]{0,49})$/.exec(sort);
  return m?.[1];
}

type DefRow = ListField & { active: boolean; shown_to_requesters: boolean };

/**
 * The definitions a list's field filters and field sort name, checked (400 naming
 * `filters.fields.<key>` or `sort`); undefined when the list uses none (no extra statement).
 * `requester`: a caller who is not an agent filters only by the fields shown to requesters.
 */
export async function listFields(
  q: Queryable,
  objectType: 'T' | 'C',
  list: { filters: { fields?: Record<string, FieldFilter> }; sort: string },
  requester: boolean,
): Promise<Map<string, ListField> | undefined> {
  const filtered = Object.keys(list.filters.fields ?? {});
  const sortKey = sortedField(list.sort);
  if (!filtered.length && !sortKey) return undefined;
  const keys = [...new Set([...filtered, ...(sortKey ? [sortKey] : [])])];
  const { rows } = await q.query<DefRow>(
    `SELECT key, type, active, shown_to_requesters,
            coalesce((SELECT array_agg(c ->> 'value' ORDER BY n) FROM jsonb_array_elements(choices)
                        WITH ORDINALITY AS x(c, n)), '{}') AS choices
       FROM custom_fields WHERE object_type = $1 AND key = ANY ($2::text[])`,
    [objectType, keys],
  );
  const defs = new Map(rows.map((r) => [r.key, r]));
  const errors: Record<string, string> = {};
  const usable = (key: string, name: string): DefRow | undefined => {
    const d = defs.get(key);
    if (!d || (requester && !d.shown_to_requesters)) errors[name] = FIELD_LIST_MESSAGES.unknown;
    else if (!d.active) errors[name] = FIELD_LIST_MESSAGES.inactive;
    else return d;
    return undefined;
  };
  for (const [key, filter] of Object.entries(list.filters.fields ?? {})) {
    const name = `filters.fields.${key}`;
    const d = usable(key, name);
    if (!d) continue;
    const problem = filterProblem(d, filter);
    if (problem) errors[name] = problem;
  }
  if (sortKey) {
    const d = usable(sortKey, 'sort');
    if (d && !SORTABLE.includes(d.type)) errors.sort = FIELD_LIST_MESSAGES.sort;
  }
  if (Object.keys(errors).length) throw new HttpError(400, 'Validation failed', errors);
  return new Map(rows.map((r) => [r.key, { key: r.key, type: r.type, choices: r.choices }]));
}

const ops = (f: FieldFilter) =>
  Object.keys(f).filter((k) => f[k as keyof FieldFilter] !== undefined);
const only = (f: FieldFilter, allowed: string[]) =>
  ops(f).length > 0 && ops(f).every((o) => allowed.includes(o));

/** Why a filter does not fit its field's type (undefined: it fits). */
function filterProblem(d: ListField, f: FieldFilter): string | undefined {
  const choices = d.choices.map((value) => ({ value, label_en: value, label_es: value }));
  // multiple_choice filters by one of its values (a record carrying it).
  const valueType = d.type === 'multiple_choice' ? 'single_choice' : d.type;
  const fits = (v: unknown) => v !== null && valueFits(valueType, choices, v);
  switch (d.type) {
    case 'single_choice':
    case 'multiple_choice':
    case 'agent':
      if (ops(f).length !== 1 || !only(f, ['equals', 'any_of']))
        return FIELD_LIST_MESSAGES.equality;
      if (f.equals !== undefined ? !fits(f.equals) : !(f.any_of ?? []).every(fits)) {
        return FIELD_LIST_MESSAGES.equality;
      }
      return undefined;
    case 'checkbox':
      return only(f, ['equals']) && typeof f.equals === 'boolean'
        ? undefined
        : FIELD_LIST_MESSAGES.checkbox;
    case 'number':
    case 'date':
    case 'datetime': {
      const ok = only(f, ['from', 'to']) && [f.from, f.to].every((v) => v === undefined || fits(v));
      return ok ? undefined : FIELD_LIST_MESSAGES[d.type];
    }
    case 'text':
    case 'long_text':
      return only(f, ['contains']) && typeof f.contains === 'string'
        ? undefined
        : FIELD_LIST_MESSAGES.text;
  }
}

const jsonOf = (key: string, value: unknown) => JSON.stringify({ [key]: value });

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** SQL: the typed value of field `d` on record alias `t` (null when it has none). */
export function fieldValueSql(d: ListField, t: string, p: Params): string {
  const key = p.add(d.key);
  const text = `(${t}.fields ->> ${key}::text)`;
  switch (d.type) {
    case 'number':
      // A number stored as one (the API allows no other); the type check keeps a cast from failing.
      return `(CASE WHEN jsonb_typeof(${t}.fields -> ${key}::text) = 'number' THEN ${text}::numeric END)`;
    case 'date':
      return `${text}::date`;
    case 'datetime':
      return `${text}::timestamptz`;
    case 'checkbox':
      return `${text}::boolean`;
    case 'single_choice':
      // The field's own order of choices, not the values' alphabet.
      return `array_position(${p.add(d.choices)}::text[], ${text})`;
    default:
      return `records_search_text(${text})`;
  }
}

/** SQL conditions for `filters.fields` (already checked by listFields). */
export function fieldConditions(
  p: Params,
  defs: Map<string, ListField>,
  filters: Record<string, FieldFilter>,
): string[] {
  const where: string[] = [];
  for (const [key, f] of Object.entries(filters)) {
    const d = defs.get(key);
    if (!d) throw new Error(`field ${key} was not checked`);
    const contains = (v: unknown) => `r.fields @> ${p.add(jsonOf(key, v))}::jsonb`;
    const wrap = (v: unknown) => (d.type === 'multiple_choice' ? [v] : v);
    if (d.type === 'checkbox') {
      // No value counts as unticked.
      where.push(f.equals ? contains(true) : `NOT ${contains(true)}`);
    } else if (f.equals !== undefined) {
      where.push(contains(wrap(f.equals)));
    } else if (f.any_of) {
      const values = [...new Set(f.any_of)];
      where.push(`(${values.map((v) => contains(wrap(v))).join(' OR ')})`);
    } else if (f.contains !== undefined) {
      const text = f.contains.trim();
      if (text) {
        where.push(
          `records_search_text(r.fields ->> ${p.add(key)}::text) LIKE records_search_text(${p.add(`%${escapeLike(text)}%`)})`,
        );
      }
    } else {
      const value = fieldValueSql(d, 'r', p);
      const cast = d.type === 'number' ? 'numeric' : d.type === 'date' ? 'date' : 'timestamptz';
      if (f.from !== undefined) where.push(`${value} >= ${p.add(f.from)}::${cast}`);
      if (f.to !== undefined) where.push(`${value} <= ${p.add(f.to)}::${cast}`);
    }
  }
  return where;
}
