// The list an agent opened a record from (its filters, sort and page of ids), so the record view
// offers previous / next within it. Kept in sessionStorage: it survives a reload of the record
// and stays per browser tab.
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { recordsHolders, type ListKey } from '../../records-slice';
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

function rememberList(listKey: ListKey, query: ListQuery, data: ListData): void {
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
}

/** The list page remembers what it shows (called by record-list-page). */
export function useRememberList(listKey: ListKey, query: ListQuery, data: ListData | null) {
  useEffect(() => {
    if (data) rememberList(listKey, query, data);
  }, [listKey, query, data]);
}

export interface Neighbours {
  previous?: number;
  next?: number;
  /** 1-based position in the whole list. */
  index: number;
  total: number;
  /** The record is first / last on its page and the list goes on on the page before / after. */
  pageBefore: boolean;
  pageAfter: boolean;
}

/** The neighbours of `id` in the remembered list, if it is in it. */
function neighbours(id: number, context: ListContext | null): Neighbours | null {
  if (!context) return null;
  const at = context.ids.indexOf(id);
  if (at < 0) return null;
  const { page, page_size } = context.query;
  const last = at === context.ids.length - 1;
  return {
    previous: at > 0 ? context.ids[at - 1] : undefined,
    next: last ? undefined : context.ids[at + 1],
    index: at + 1 + (page - 1) * page_size,
    total: context.total,
    pageBefore: at === 0 && page > 1,
    pageAfter: last && page * page_size < context.total,
  };
}

export type Direction = 'previous' | 'next';

/**
 * Previous / next within the remembered list, across its pages: at a page's edge the list's
 * next (or previous) page is loaded through its holder, remembered, and its first (or last)
 * record opened.
 */
export function useListStep(id: number | null, open: (target: number) => void) {
  const dispatch = useAppDispatch();
  // sessionStorage read once a render; a step reads it again (a page turn rewrites it).
  const context = readListContext();
  const near = id === null ? null : neighbours(id, context);
  const listKey = context?.listKey ?? 'HDTICKET';
  const list = useAppSelector((state) => state.holders[listKey]);
  const [pending, setPending] = useState<{ direction: Direction; query: ListQuery } | null>(null);
  // The step the page has already answered (each step is a new object).
  const answered = useRef<typeof pending>(null);

  useEffect(() => {
    if (!pending || answered.current === pending || list.loading) return;
    if (list.data && list.data.page === pending.query.page) {
      answered.current = pending;
      rememberList(listKey, pending.query, list.data);
      const ids = list.data.items.map((item) => item.id);
      const target = pending.direction === 'next' ? ids[0] : ids.at(-1);
      if (target !== undefined) open(target);
    } else if (list.error) answered.current = pending;
  }, [pending, list, listKey, open]);
  const stepping = pending !== null && list.loading;

  const can = (direction: Direction) =>
    direction === 'next'
      ? near?.next !== undefined || near?.pageAfter === true
      : near?.previous !== undefined || near?.pageBefore === true;

  const step = (direction: Direction) => {
    const target = direction === 'next' ? near?.next : near?.previous;
    if (target !== undefined) return open(target);
    const context = readListContext();
    if (!context || !can(direction) || stepping) return;
    const page = context.query.page + (direction === 'next' ? 1 : -1);
    const query = { ...context.query, page };
    setPending({ direction, query });
    dispatch(recordsHolders[context.listKey].actions.requested(query));
  };

  return { near, can, step, stepping };
}
