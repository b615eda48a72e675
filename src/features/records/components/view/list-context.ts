// The list an agent opened a record from (its filters, sort and page of ids), so the record view
// offers previous / next within it. Kept in sessionStorage: it survives a reload of the record
// and stays per browser tab.
import { useEffect } from 'react';
import type { ListKey } from '../../records-slice';
import type { ListData, ListQuery } from '../../types';

const KEY = 'helpdesk.listContext';

export interface ListContext {
  listKey: ListKey;
  query: ListQuery;
  ids: number[];
  total: number;
}

export function readListContext(): ListContext | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ListContext) : null;
  } catch {
    return null;
  }
}

/** The list page remembers what it shows (called by record-list-page). */
export function useRememberList(listKey: ListKey, query: ListQuery, data: ListData | null) {
  useEffect(() => {
    if (!data) return;
    const context: ListContext = {
      listKey,
      query,
      ids: data.items.map((item) => item.id),
      total: data.total,
    };
    try {
      sessionStorage.setItem(KEY, JSON.stringify(context));
    } catch {
      // Storage full or disabled: no previous / next, nothing else lost.
    }
  }, [listKey, query, data]);
}

export interface Neighbours {
  previous?: number;
  next?: number;
  /** 1-based position in the whole list. */
  index: number;
  total: number;
}

/** The neighbours of `id` in the remembered list, if it is in it. */
export function neighbours(id: number): Neighbours | null {
  const context = readListContext();
  if (!context) return null;
  const at = context.ids.indexOf(id);
  if (at < 0) return null;
  return {
    previous: at > 0 ? context.ids[at - 1] : undefined,
    next: at < context.ids.length - 1 ? context.ids[at + 1] : undefined,
    index: at + 1 + (context.query.page - 1) * context.query.page_size,
    total: context.total,
  };
}
