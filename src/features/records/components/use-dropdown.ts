import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { recordsHolders } from '../records-slice';
import type { DropdownKey } from '../records-slice';
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
  const idle = holder.data === null && !holder.loading && holder.error === null;
  useEffect(() => {
    if (idle) dispatch(recordsHolders[key].actions.requested());
  }, [idle, key, dispatch]);
  return holder;
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
