import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShortcuts } from '../../../lib/shortcuts';
import type { ListItem } from '../types';

/**
 * The list's row cursor (j/k move it, Enter opens its record, x ticks it): the row (a table row,
 * or a phone's card) gets aria-selected and focus, so the ring shows where it is. Shortcuts never fire in a field
 * (lib/shortcuts.ts).
 */
export function useListCursor(
  items: ListItem[],
  rowLink: (record: ListItem) => string,
  onToggle?: (record: ListItem) => void,
) {
  const navigate = useNavigate();
  // The cursor belongs to the rows it was set on: a new page starts without one.
  const [state, setState] = useState({ items, index: -1 });
  const cursor = state.items === items ? state.index : -1;
  const setCursor = (change: (c: number) => number) => setState({ items, index: change(cursor) });
  // Enter opens only while the cursor row itself has focus (elsewhere Enter is the control's).
  const [rowFocused, setRowFocused] = useState(false);
  const rowRefs = useRef<(HTMLElement | null)[]>([]);
  useEffect(() => {
    if (cursor >= 0) rowRefs.current[cursor]?.focus();
  }, [cursor]);

  const move = (by: number) =>
    setCursor((c) => (items.length === 0 ? -1 : Math.min(items.length - 1, Math.max(0, c + by))));
  const at = () => (cursor >= 0 ? items[cursor] : undefined);
  const group = 'records:shortcuts.listGroup';
  useShortcuts(
    [
      { keys: 'j', label: 'records:shortcuts.next', group, run: () => move(1) },
      { keys: 'k', label: 'records:shortcuts.previous', group, run: () => move(-1) },
      ...(onToggle
        ? [
            {
              keys: 'x',
              label: 'records:shortcuts.select',
              group,
              run: () => {
                const record = at();
                if (record) onToggle(record);
              },
            },
          ]
        : []),
    ],
    items.length > 0,
  );
  useShortcuts(
    [
      {
        keys: 'Enter',
        label: 'records:shortcuts.open',
        group,
        run: () => {
          const record = at();
          if (record) void navigate(rowLink(record));
        },
      },
    ],
    rowFocused && cursor >= 0,
  );

  return {
    cursor,
    rowProps: (index: number) => ({
      ref: (el: HTMLElement | null) => {
        rowRefs.current[index] = el;
      },
      tabIndex: -1,
      onFocus: (e: React.FocusEvent) => setRowFocused(e.target === e.currentTarget),
      onBlur: () => setRowFocused(false),
      'aria-selected': index === cursor,
      className: index === cursor ? 'list-cursor table-active' : undefined,
    }),
  };
}
