import type { Kind } from '../kinds';
import columnFile from '../list-columns.json';
import type { ListKey } from '../records-slice';
import type { ListFilters, ListQuery } from '../types';
import { readFieldFilters } from './field-filter-url';

export const DEFAULT_SORT = '-created_at';

/** Filters that live in the URL, as `?name=value`. */
export const ID_FILTERS = [
  'status_id',
  'priority_id',
  'company_id',
  'hd_id',
  'content_type_id',
] as const;
export const DATE_FILTERS = ['created_from', 'created_to'] as const;
/** The dashboard's figure links (docs/api-overview.md): `status_group`, `assignee`, ... */
export const LINK_FILTERS = [
  'status_group',
  'assignee',
  'overdue',
  'waiting_for_me',
  'recently_answered',
  'sla',
  // The latest satisfaction rating, good or bad (docs/satisfaction.md).
  'satisfaction',
] as const;
export const FILTER_PARAMS = [
  ...ID_FILTERS,
  ...DATE_FILTERS,
  'text',
  'shared_with_me',
  ...LINK_FILTERS,
  // Tags: `tags=3,7` (ids) and `tag_mode=all` (any of them without it).
  'tags',
  'tag_mode',
] as const;

/** The sort names a list of this kind offers: each sortable column's (list-columns.json), the id. */
export function sortNames(kind: Kind): string[] {
  const names = columnFile.columns.flatMap((c: { of: string; sort?: string }) =>
    c.sort && c.of.includes(kind.type) ? [c.sort === 'title' ? kind.titleSort : c.sort] : [],
  );
  return [...new Set([...names, 'id'])];
}

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A record's id in the URL (`?ticketId=7`), or null when absent or not a positive integer. */
export function readRecordId(params: URLSearchParams, name: string): number | null {
  const id = Number(params.get(name));
  return Number.isInteger(id) && id >= 1 ? id : null;
}

/** A custom field's sort: `fields.<key>`, `-` for descending (docs/api-records.md "Lists"). */
export const FIELD_SORT = /^-?fields\.[a-z][a-z0-9_]{0,49}$/;

export function readSort(params: URLSearchParams, kind: Kind): string {
  const sort = params.get('sort') ?? '';
  return sortNames(kind).includes(sort.replace(/^-/, '')) || FIELD_SORT.test(sort)
    ? sort
    : DEFAULT_SORT;
}

/** Which list a page shows (a list page's props; the first data a route starts). */
export interface ListOf {
  listKey: ListKey;
  kind: Kind;
  draft?: boolean;
  /** hd_ticket/{userId}: one requester's tickets. */
  requesterId?: number;
  /** ticket/organization: the tickets of the caller's organizations that share them. */
  organizationTickets?: boolean;
}

/** The list call a page makes for its URL (`search`) and the user's page size. */
export function listQuery(search: URLSearchParams, list: ListOf, pageSize: number): ListQuery {
  const draft = list.draft ?? false;
  const filters = { ...readFilters(search, list.kind), is_draft: draft };
  // 'Shared with me' belongs to the my lists only.
  if (list.listKey.startsWith('HD') || draft) delete filters.shared_with_me;
  if (list.requesterId !== undefined) filters.requester_id = list.requesterId;
  if (list.organizationTickets) {
    delete filters.shared_with_me;
    filters.organization_tickets = true;
  }
  return {
    page: readPage(search),
    page_size: pageSize,
    sort: readSort(search, list.kind),
    filters,
  };
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The list call's filters from the URL (unknown or malformed values are ignored). */
export function readFilters(params: URLSearchParams, kind: Kind): ListFilters {
  const filters: ListFilters = {};
  for (const name of ID_FILTERS) {
    if (name === 'priority_id' || name === 'company_id') {
      if (kind.type !== 'T') continue;
    }
    if (name === 'content_type_id' && kind.type !== 'C') continue;
    const value = Number(params.get(name));
    if (Number.isInteger(value) && value >= 1) filters[name] = value;
  }
  for (const name of DATE_FILTERS) {
    const value = params.get(name) ?? '';
    if (isDate(value)) filters[name] = value;
  }
  const text = (params.get('text') ?? '').trim();
  if (text) filters.text = text.slice(0, 200);
  if (params.get('shared_with_me') === '1') filters.shared_with_me = true;
  readLinkFilters(params, filters);
  readTagFilters(params, filters);
  // Custom fields: `cf.<key>=<operator>:<value>` (field-filter-url.ts).
  const fields = readFieldFilters(params);
  if (fields) filters.fields = fields;
  const sla = params.get('sla');
  if (kind.type === 'T' && (sla === 'overdue' || sla === 'due_soon')) filters.sla = sla;
  const rating = params.get('satisfaction');
  if (kind.type === 'T' && (rating === 'good' || rating === 'bad')) filters.satisfaction = rating;
  return filters;
}

/** `tags=3,7` and `tag_mode=all`: the records carrying any (or all) of these tags. */
export function readTagIds(params: URLSearchParams): number[] {
  const ids = (params.get('tags') ?? '').split(',').map(Number);
  return [...new Set(ids.filter((id) => Number.isInteger(id) && id >= 1))].slice(0, 10);
}

function readTagFilters(params: URLSearchParams, filters: ListFilters): void {
  const ids = readTagIds(params);
  if (!ids.length) return;
  filters.tag_ids = ids;
  if (params.get('tag_mode') === 'all') filters.tag_mode = 'all';
}

/** The dashboard's link filters; `assignee=me` goes to the server as "me" (a saved view keeps it). */
function readLinkFilters(params: URLSearchParams, filters: ListFilters): void {
  const group = params.get('status_group');
  if (group === 'open' || group === 'closed') filters.status_group = group;
  const assignee = params.get('assignee') ?? '';
  if (assignee === 'none' || assignee === 'me') filters.assignee_id = assignee;
  else if (/^[1-9]\d*$/.test(assignee)) filters.assignee_id = Number(assignee);
  if (params.get('overdue') === '1') filters.overdue = true;
  if (params.get('waiting_for_me') === '1') filters.waiting_for_me = true;
  if (params.get('recently_answered') === '1') filters.recently_answered = true;
}
