import type { SavedView } from '../bulk-views-api';
import { CONTENT, TICKET } from '../kinds';
import columnFile from '../list-columns.json';
import type { ListFilters } from '../types';
import { DEFAULT_SORT } from './list-query';
import { FIELD_PARAM_PREFIX, formatFieldFilter, type FieldFilters } from './field-filter-url';

/** The column keys a list or a view may name (list-columns.json; the title always shows). */
const COLUMN_KEYS: readonly string[] = columnFile.columns.map((c) => c.key);

/** A custom field's column: `fields.<key>` (docs/api-bulk-views.md). */
export const FIELD_COLUMN = /^fields\.[a-z][a-z0-9_]{0,49}$/;

/** `?cols=status,hd`: the columns chosen besides the title, or null when absent or unreadable. */
export function readColumns(params: URLSearchParams): string[] | null {
  const raw = params.get('cols');
  if (!raw) return null;
  const keys = raw
    .split(',')
    .filter((k) => k !== 'title' && (COLUMN_KEYS.includes(k) || FIELD_COLUMN.test(k)));
  return keys.length ? [...new Set(keys)] : null;
}

/** The list URL a view opens: its filters, sort and columns as the list keeps them (list-query.ts). */
export function viewUrl(view: SavedView): string {
  const kind = view.object_type === 'T' ? TICKET : CONTENT;
  const params = new URLSearchParams({ view: String(view.id) });
  for (const [name, value] of Object.entries(view.filters as ListFilters)) {
    if (value === undefined || name === 'is_draft') continue;
    if (name === 'fields') {
      for (const [key, filter] of Object.entries(value as FieldFilters)) {
        params.set(`${FIELD_PARAM_PREFIX}${key}`, formatFieldFilter(filter));
      }
      continue;
    }
    const key = name === 'assignee_id' ? 'assignee' : name === 'tag_ids' ? 'tags' : name;
    if (key === 'tag_mode' && value !== 'all') continue;
    params.set(key, value === true ? '1' : Array.isArray(value) ? value.join(',') : String(value));
  }
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  const cols = view.columns.filter((c) => c !== 'title');
  if (cols.length) params.set('cols', cols.join(','));
  return `${kind.hdListUrl}?${params.toString()}`;
}
