// A list's custom field filters in its URL (docs/api-records.md "Lists"): one parameter per
// field, `cf.<key>=<operator>:<value>`, so a link or a saved view opens the same list:
//   cf.product=any:printer,laptop   choices (a "," or "%" inside a value: %2C, %25)
//   cf.owner=agent:7,9              agents (user ids)
//   cf.urgent=eq:true               a checkbox
//   cf.cost=range:10..20            numbers, dates or date-times (either end may be empty)
//   cf.note=has:vpn                 text
import type { ListFilters } from '../types';

export type FieldFilters = NonNullable<ListFilters['fields']>;
export type FieldFilter = FieldFilters[string];

export const FIELD_PARAM_PREFIX = 'cf.';
const KEY = /^[a-z][a-z0-9_]{0,49}$/;
/** The server's limits (server/routes/records/field-filters.ts). */
export const MAX_FIELD_FILTERS = 10;
const MAX_ANY_OF = 20;

const escapeValue = (v: string) => v.replace(/%/g, '%25').replace(/,/g, '%2C');
function unescapeValue(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
const NUMBER = /^-?\d+(\.\d+)?$/;
const rangeEnd = (v: string): string | number | undefined =>
  v === '' ? undefined : NUMBER.test(v) ? Number(v) : v;

/** One parameter's value as a filter, or undefined when it is not one. */
export function parseFieldFilter(raw: string): FieldFilter | undefined {
  const colon = raw.indexOf(':');
  if (colon < 0) return undefined;
  const op = raw.slice(0, colon);
  const value = raw.slice(colon + 1);
  switch (op) {
    case 'any': {
      const values = value.split(',').filter(Boolean).map(unescapeValue).slice(0, MAX_ANY_OF);
      return values.length ? { any_of: [...new Set(values)] } : undefined;
    }
    case 'agent': {
      const ids = value
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id >= 1)
        .slice(0, MAX_ANY_OF);
      return ids.length ? { any_of: [...new Set(ids)] } : undefined;
    }
    case 'eq':
      return value === 'true' || value === 'false' ? { equals: value === 'true' } : undefined;
    case 'range': {
      const dots = value.indexOf('..');
      if (dots < 0) return undefined;
      const from = rangeEnd(value.slice(0, dots));
      const to = rangeEnd(value.slice(dots + 2));
      if (from === undefined && to === undefined) return undefined;
      return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
    }
    case 'has':
      return value.trim() ? { contains: value.trim().slice(0, 200) } : undefined;
    default:
      return undefined;
  }
}

/** A filter as its parameter's value (the inverse of parseFieldFilter). */
export function formatFieldFilter(f: FieldFilter): string {
  if (f.contains !== undefined) return `has:${f.contains}`;
  if (typeof f.equals === 'boolean') return `eq:${f.equals}`;
  if (f.from !== undefined || f.to !== undefined) return `range:${f.from ?? ''}..${f.to ?? ''}`;
  const values = f.any_of ?? (f.equals === undefined ? [] : [f.equals]);
  if (values.every((v) => typeof v === 'number')) return `agent:${values.join(',')}`;
  return `any:${values.map((v) => escapeValue(String(v))).join(',')}`;
}

/** The URL's custom field filters (malformed ones are left out). */
export function readFieldFilters(params: URLSearchParams): FieldFilters | undefined {
  const filters: FieldFilters = {};
  for (const [name, raw] of params) {
    if (!name.startsWith(FIELD_PARAM_PREFIX)) continue;
    const key = name.slice(FIELD_PARAM_PREFIX.length);
    if (!KEY.test(key) || Object.keys(filters).length >= MAX_FIELD_FILTERS) continue;
    const filter = parseFieldFilter(raw);
    if (filter) filters[key] = filter;
  }
  return Object.keys(filters).length ? filters : undefined;
}

/** The URL parameter names of the field filters it has (to clear them). */
export const fieldParamNames = (params: URLSearchParams): string[] =>
  [...params.keys()].filter((name) => name.startsWith(FIELD_PARAM_PREFIX));
