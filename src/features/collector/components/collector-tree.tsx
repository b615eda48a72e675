import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { collectorHolders } from '../collector-slice';
import { ROOT } from '../types';
import type { CollectorNode, NodesByParent } from '../types';

interface TreeProps {
  /** The node's main control (a select button, or its name with a count). */
  label: (node: CollectorNode) => ReactNode;
  /** Extra controls per node (maintenance: rename, move, delete). */
  actions?: (node: CollectorNode) => ReactNode;
  /** Accessible name of the tree's list. */
  name: string;
}

/** Loads the roots on first use; a branch loads when it is opened. */
export function useCollectorNodes() {
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.collectorNodes);
  const idle = !holder.data?.[ROOT] && !holder.loading && !holder.error;
  useEffect(() => {
    if (idle) dispatch(collectorHolders.collectorNodes.actions.requested({ parent_id: null }));
  }, [idle, dispatch]);
  return holder;
}

/** Every loaded node, depth first, with its depth (for pickers). */
export function flattenNodes(
  nodes: NodesByParent | null,
  parent = ROOT,
  depth = 0,
): { node: CollectorNode; depth: number }[] {
  return (nodes?.[parent] ?? []).flatMap((node) => [
    { node, depth },
    ...flattenNodes(nodes, node.category_id, depth + 1),
  ]);
}

function Branch({
  parent,
  nodes,
  props,
  open,
  toggle,
}: {
  parent: number;
  nodes: NodesByParent;
  props: TreeProps;
  open: Set<number>;
  toggle: (node: CollectorNode) => void;
}) {
  const { t } = useTranslation('collector');
  const list = nodes[parent];
  if (!list) {
    return (
      <p role="status" className="small text-body-secondary ms-4 mb-1">
        {t('loading')}
      </p>
    );
  }
  return (
    <ul className={parent === ROOT ? 'list-unstyled mb-0 collector-tree' : 'list-unstyled ms-4'}>
      {list.map((node) => {
        const isOpen = open.has(node.category_id);
        return (
          <li key={node.category_id} className="py-1">
            <div className="d-flex flex-wrap align-items-center gap-1">
              {node.has_children ? (
                <button
                  type="button"
                  className="btn btn-sm btn-link p-0 tree-toggle"
                  aria-expanded={isOpen}
                  aria-label={t(isOpen ? 'hideChildren' : 'showChildren', {
                    name: node.category_name,
                  })}
                  onClick={() => toggle(node)}
                >
                  <span aria-hidden="true">{isOpen ? '▾' : '▸'}</span>
                </button>
              ) : (
                <span className="tree-spacer" aria-hidden="true" />
              )}
              {props.label(node)}
              {props.actions?.(node)}
            </div>
            {isOpen && (
              <Branch
                parent={node.category_id}
                nodes={nodes}
                props={props}
                open={open}
                toggle={toggle}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The classification tree with counts (GET collector/nodes/), children loaded when opened. */
export function CollectorTree(props: TreeProps) {
  const { t } = useTranslation('collector');
  const dispatch = useAppDispatch();
  const holder = useCollectorNodes();
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const toggle = (node: CollectorNode) => {
    const next = new Set(open);
    if (next.has(node.category_id)) next.delete(node.category_id);
    else {
      next.add(node.category_id);
      if (!holder.data?.[node.category_id]) {
        dispatch(
          collectorHolders.collectorNodes.actions.requested({ parent_id: node.category_id }),
        );
      }
    }
    setOpen(next);
  };
  const nodes = holder.data;
  if (!nodes?.[ROOT]) {
    return holder.error ? null : (
      <p role="status" className="text-body-secondary">
        {t('loading')}
      </p>
    );
  }
  if (nodes[ROOT].length === 0) return <p>{t('noCategories')}</p>;
  return (
    <nav aria-label={props.name}>
      <Branch parent={ROOT} nodes={nodes} props={props} open={open} toggle={toggle} />
    </nav>
  );
}
