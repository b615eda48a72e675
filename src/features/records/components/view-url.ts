import type { SavedView } from '../bulk-views-api';
import { CONTENT, TICKET } from '../kinds';
import type { ListFilters } from '../types';
import { DEFAULT_SORT } from './list-query';

/** The list columns a view may choose (the title always shows). */
export const COLUMN_KEYS = [
  'status',
  'priority',
  'sla',
  'content_type',
  'hd',
  'owner',
  'created',
  'updated',
] as const;
export type ColumnKey = 'title' | (typeof COLUMN_KEYS)[number];

/** `?cols=status,hd`: the columns shown, or all when absent or unreadable. */
export function readColumns(params: URLSearchParams): ColumnKey[] | null {
  const raw = params.get('cols');
  if (!raw) return null;
  const keys = raw.split(',').filter((k): k is ColumnKey => COLUMN_KEYS.some((c) => c === k));
  return keys.length ? ['title', ...keys] : null;
}

/** The list URL a view opens: its filters, sort and columns as the list keeps them (list-query.ts). */
export function viewUrl(view: SavedView): string {
  const kind = view.object_type === 'T' ? TICKET : CONTENT;
  const params = new URLSearchParams({ view: String(view.id) });
  for (const [name, value] of Object.entries(view.filters as ListFilters)) {
    if (value === undefined || name === 'is_draft') continue;
    const key = name === 'assignee_id' ? 'assignee' : name;
    params.set(key, value === true ? '1' : String(value));
  }
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  const cols = view.columns.filter((c) => c !== 'title');
  if (cols.length) params.set('cols', cols.join(','));
  return `${kind.hdListUrl}?${params.toString()}`;
}
