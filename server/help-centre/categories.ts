// The content collector's category tree as the help centre's navigation: each node with the
// number of public articles under it (its own and its descendants'); empty nodes are hidden.
import type { CategoryRow } from './sql.js';

export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  /** Public articles here and below. */
  total: number;
  /** The newest change of those articles. */
  lastChange: Date | null;
  children: CategoryNode[];
}

export interface CategoryTree {
  roots: CategoryNode[];
  byId: Map<number, CategoryNode>;
}

export function buildTree(rows: CategoryRow[]): CategoryTree {
  const byId = new Map<number, CategoryNode>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      name: r.name,
      total: r.direct,
      lastChange: r.last_change,
      children: [],
    });
  }
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = byId.get(r.id) as CategoryNode;
    const parent = r.parent_id === null ? undefined : byId.get(r.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const sum = (node: CategoryNode): void => {
    for (const child of node.children) {
      sum(child);
      node.total += child.total;
      if (child.lastChange && (!node.lastChange || child.lastChange > node.lastChange)) {
        node.lastChange = child.lastChange;
      }
    }
    node.children = node.children.filter((c) => c.total > 0);
  };
  roots.forEach(sum);
  return { roots: roots.filter((r) => r.total > 0), byId };
}

/** A visible (non-empty) node, or undefined. */
export function visibleNode(tree: CategoryTree, id: number): CategoryNode | undefined {
  const node = tree.byId.get(id);
  return node && node.total > 0 ? node : undefined;
}

/** The node's path from its root. */
export function pathTo(tree: CategoryTree, id: number): CategoryNode[] {
  const path: CategoryNode[] = [];
  let node = tree.byId.get(id);
  while (node && path.length < 50) {
    path.unshift(node);
    node = node.parentId === null ? undefined : tree.byId.get(node.parentId);
  }
  return path;
}
