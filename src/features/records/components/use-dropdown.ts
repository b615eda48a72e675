import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/root-reducer';
import { recordsHolders } from '../records-slice';
import type { DropdownKey } from '../records-slice';
import { isIdle } from '../../../lib/request-holder';
import type { Holder } from '../../../lib/request-holder';
import type { Company, ContentType, HelpdeskNode, Priority, Status } from '../types';

interface DropdownData {
  ticketHelpDesk: HelpdeskNode[];
  contentHelpDesk: HelpdeskNode[];
  ticketStatus: Status[];
  contentStatus: Status[];
  priority: Priority[];
  company: Company[];
  contentType: ContentType[];
}

/** A dropdown's holder, loaded on first use (kept for the session). */
export function useDropdown<K extends DropdownKey>(key: K) {
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders[key]) as Holder<DropdownData[K]>;
  const idle = isIdle(holder);
  useEffect(() => {
    if (idle) dispatch(recordsHolders[key].actions.requested());
  }, [idle, key, dispatch]);
  return holder;
}

/**
 * Asks for a dropdown's list ahead of the controls that show it (e.g. a folded side panel, so its
 * status control is ready when shown), without re-rendering the caller as the list comes.
 */
export function usePrefetchDropdown(key: DropdownKey): void {
  const store = useStore<RootState>();
  useEffect(() => {
    if (isIdle(store.getState().holders[key])) {
      store.dispatch(recordsHolders[key].actions.requested());
    }
  }, [store, key]);
}

export interface Option {
  value: string;
  label: string;
}

/** The help-desk tree as select options, children indented under their parent. */
export function helpdeskOptions(nodes: HelpdeskNode[] | null, depth = 0): Option[] {
  if (!nodes) return [];
  return nodes.flatMap((node) => [
    { value: String(node.hd_id), label: `${'\u00a0\u00a0\u00a0'.repeat(depth)}${node.hd_name}` },
    ...helpdeskOptions(node.children, depth + 1),
  ]);
}

export function defaultHelpdesk(nodes: HelpdeskNode[] | null): string {
  const walk = (list: HelpdeskNode[]): HelpdeskNode | undefined => {
    for (const node of list) {
      if (node.is_default) return node;
      const found = walk(node.children);
      if (found) return found;
    }
    return undefined;
  };
  const found = nodes ? walk(nodes) : undefined;
  return found ? String(found.hd_id) : '';
}
