// Custom fields in the record lists, answered as the server does (server/routes/records/
// field-filters.ts): `filters.fields` and a `fields.<key>` sort checked against the definitions
// (400 naming the field), each type's filter, and the sort's values (nulls last, ties by id).
import type { CustomField } from '../features/custom-fields/types';
import { valueFits } from '../features/custom-fields/values';
import { db } from './db';
import { fold } from './records-data';

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

const SORTABLE = ['number', 'date', 'datetime', 'text', 'single_choice', 'checkbox'];

type FieldFilter = {
  equals?: unknown;
  any_of?: unknown[];
  from?: unknown;
  to?: unknown;
  contains?: unknown;
};

/** The key a sort names (`fields.<key>`, `-fields.<key>`), if it is a field's. */
export const sortedField = (sort: string) => /^-?fields\.([a-z][a-z0-9_]{0,49})$/.exec(sort)?.[1];

const definition = (type: 'T' | 'C', key: string) =>
  db.customFields.find((f) => f.object_type === type && f.key === key);

function filterProblem(d: CustomField, f: FieldFilter): string | undefined {
  const ops = Object.keys(f).filter((o) => f[o as keyof FieldFilter] !== undefined);
  const only = (allowed: string[]) => ops.length > 0 && ops.every((o) => allowed.includes(o));
  const valueType = d.type === 'multiple_choice' ? 'single_choice' : d.type;
  const fits = (v: unknown) => v !== null && valueFits(valueType, d.choices, v);
  switch (d.type) {
    case 'single_choice':
    case 'multiple_choice':
    case 'agent':
      if (ops.length !== 1 || !only(['equals', 'any_of'])) return FIELD_LIST_MESSAGES.equality;
      if (f.equals !== undefined ? !fits(f.equals) : !(f.any_of ?? []).every(fits)) {
        return FIELD_LIST_MESSAGES.equality;
      }
      return undefined;
    case 'checkbox':
      return only(['equals']) && typeof f.equals === 'boolean'
        ? undefined
        : FIELD_LIST_MESSAGES.checkbox;
    case 'number':
    case 'date':
    case 'datetime':
      return only(['from', 'to']) && [f.from, f.to].every((v) => v === undefined || fits(v))
        ? undefined
        : FIELD_LIST_MESSAGES[d.type];
    default:
      return only(['contains']) && typeof f.contains === 'string'
        ? undefined
        : FIELD_LIST_MESSAGES.text;
  }
}

/** The list's field checks: 400 fields by name, or null when they pass. */
export function listFieldProblems(
  type: 'T' | 'C',
  filters: Record<string, unknown>,
  sort: string,
  requester: boolean,
): Record<string, string> | null {
  const errors: Record<string, string> = {};
  const usable = (key: string, name: string) => {
    const d = definition(type, key);
    if (!d || (requester && !d.shown_to_requesters)) errors[name] = FIELD_LIST_MESSAGES.unknown;
    else if (!d.active) errors[name] = FIELD_LIST_MESSAGES.inactive;
    else return d;
    return undefined;
  };
  const fields = (filters.fields ?? {}) as Record<string, FieldFilter>;
  for (const [key, f] of Object.entries(fields)) {
    const name = `filters.fields.${key}`;
    const d = usable(key, name);
    const problem = d && filterProblem(d, f);
    if (problem) errors[name] = problem;
  }
  const sortKey = sortedField(sort);
  if (sortKey) {
    const d = usable(sortKey, 'sort');
    if (d && !SORTABLE.includes(d.type)) errors.sort = FIELD_LIST_MESSAGES.sort;
  }
  return Object.keys(errors).length ? errors : null;
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
const time = (v: unknown) => Date.parse(String(v));

/** Whether a record's values pass the list's field filters (already checked). */
export function fieldsMatch(
  type: 'T' | 'C',
  values: Record<string, unknown> | undefined,
  filters: unknown,
): boolean {
  for (const [key, f] of Object.entries((filters ?? {}) as Record<string, FieldFilter>)) {
    const d = definition(type, key);
    const v = values?.[key];
    if (!d) return false;
    const has = (x: unknown) => (Array.isArray(v) ? v.includes(x) : v === x);
    switch (d.type) {
      case 'checkbox':
        if ((v === true) !== f.equals) return false;
        break;
      case 'single_choice':
      case 'multiple_choice':
      case 'agent': {
        const wanted = f.equals !== undefined ? [f.equals] : (f.any_of ?? []);
        if (!wanted.some(has)) return false;
        break;
      }
      case 'number':
      case 'date':
      case 'datetime': {
        if (v === undefined || v === null) return false;
        const of = d.type === 'number' ? num : d.type === 'date' ? String : time;
        if (f.from !== undefined && of(v) < of(f.from)) return false;
        if (f.to !== undefined && of(v) > of(f.to)) return false;
        break;
      }
      default: {
        const text = fold(String(f.contains ?? '').trim());
        if (text && !(typeof v === 'string' && fold(v).includes(text))) return false;
      }
    }
  }
  return true;
}

/** A record's value for a field sort, as the server's ORDER BY compares it (null: none). */
export function fieldSortValue(
  type: 'T' | 'C',
  key: string,
  values: Record<string, unknown> | undefined,
): string | number | null {
  const d = definition(type, key);
  const v = values?.[key];
  if (!d || v === undefined || v === null) return null;
  switch (d.type) {
    case 'number':
      return num(v);
    case 'datetime':
      return time(v);
    case 'checkbox':
      return v === true ? 1 : 0;
    case 'single_choice': {
      const i = d.choices.findIndex((c) => c.value === v);
      return i < 0 ? null : i;
    }
    default:
      return typeof v === 'string' ? fold(v) : String(v);
  }
}
