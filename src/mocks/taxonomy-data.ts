import type { components } from '../api/schema';

type TaxonomyNode = components['schemas']['TaxonomyNode'];
type TaxonomyRoot = components['schemas']['TaxonomyRoot'];

/** The classification tree as the server's migration seeds it (004_working.sql). */
export interface MockCategory {
  id: number;
  parent_id: number | null;
  name: string;
}

const rows: [number, number | null, string][] = [
  [1, null, 'Hardware'],
  [2, 1, 'Laptops'],
  [3, 1, 'Printers'],
  [4, 1, 'Monitors'],
  [5, 1, 'Phones'],
  [6, null, 'Software'],
  [7, 6, 'Email and calendar'],
  [8, 6, 'Office suite'],
  [9, 6, 'Operating system'],
  [10, 9, 'Windows'],
  [11, 9, 'macOS'],
  [12, 9, 'Linux'],
  [13, null, 'Network'],
  [14, 13, 'VPN'],
  [15, 13, 'Wi-Fi'],
  [16, 13, 'Internet access'],
  [17, null, 'Accounts and access'],
  [18, 17, 'Passwords'],
  [19, 17, 'Permissions'],
  [20, 17, 'New starters'],
  [21, null, 'HR'],
  [22, 21, 'Leave'],
  [23, 21, 'Payroll'],
  [24, 21, 'Benefits'],
  [25, null, 'Facilities'],
  [26, 25, 'Office access'],
  [27, 25, 'Cleaning'],
  [28, 25, 'Parking'],
];

export const CATEGORIES: MockCategory[] = rows.map(([id, parent_id, name]) => ({
  id,
  parent_id,
  name,
}));

export function categoryPath(id: number): string {
  const names: string[] = [];
  let node = CATEGORIES.find((c) => c.id === id);
  while (node) {
    names.unshift(node.name);
    const parent = node.parent_id;
    node = parent === null ? undefined : CATEGORIES.find((c) => c.id === parent);
  }
  return names.join(' > ');
}

/** A node in the API's shape. */
export function categoryNode(category: MockCategory): TaxonomyNode {
  return {
    category_id: category.id,
    category_name: category.name,
    has_children: CATEGORIES.some((c) => c.parent_id === category.id),
    path: categoryPath(category.id),
  };
}

/** A root as GET classification/ answers it: `children: []`, loaded when opened. */
export function categoryRoot(category: MockCategory): TaxonomyRoot {
  return { ...categoryNode(category), children: [] };
}
