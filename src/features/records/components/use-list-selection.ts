import { useMemo, useState } from 'react';
import type { ListItem } from '../types';

/** What the bulk bar acts on: rows the agent ticked (with the versions they saw), or the list's filter. */
export type Selection =
  { kind: 'rows'; records: { id: number; version: number }[] } | { kind: 'matching' };

/**
 * The hd lists' selection: ticked rows of the page (kept by id, with the version shown), or
 * "all matching" (the server resolves the list's filter). A new filter or sort clears it.
 */
export function useListSelection(items: ListItem[], resetKey: string) {
  const [state, setState] = useState(() => ({
    key: resetKey,
    rows: new Map<number, number>(),
    matching: false,
  }));
  // A new filter or sort: start again (state adjusted while rendering, not in an effect).
  if (state.key !== resetKey) setState({ key: resetKey, rows: new Map(), matching: false });
  const { rows, matching } = state;
  const setMatching = (value: boolean) => setState((prev) => ({ ...prev, matching: value }));
  const setRows = (change: (prev: Map<number, number>) => Map<number, number>) =>
    setState((prev) => ({ ...prev, matching: false, rows: change(prev.rows) }));

  const toggle = (record: ListItem) =>
    setRows((prev) => {
      const next = new Map(prev);
      if (next.has(record.id)) next.delete(record.id);
      else next.set(record.id, record.version);
      return next;
    });
  const allOnPage = items.length > 0 && items.every((r) => rows.has(r.id));
  const someOnPage = items.some((r) => rows.has(r.id));
  const togglePage = () =>
    setRows((prev) => {
      const next = new Map(prev);
      const all = items.every((r) => next.has(r.id));
      for (const r of items) {
        if (all) next.delete(r.id);
        else next.set(r.id, r.version);
      }
      return next;
    });
  const clear = () => setRows(() => new Map());

  const selection: Selection | null = useMemo(() => {
    if (matching) return { kind: 'matching' };
    if (rows.size === 0) return null;
    return { kind: 'rows', records: [...rows].map(([id, version]) => ({ id, version })) };
  }, [rows, matching]);

  return {
    selection,
    isSelected: (id: number) => matching || rows.has(id),
    count: rows.size,
    matching,
    allOnPage,
    someOnPage,
    toggle,
    togglePage,
    selectMatching: () => setMatching(true),
    clear,
  };
}

export type ListSelection = ReturnType<typeof useListSelection>;
