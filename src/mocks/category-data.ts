import { db } from './db';

/** Classification nodes as the migration seeds them (server/db/migrations/004_working.sql). */
export interface MockCategory {
  id: number;
  parent_id: number | null;
  name: string;
  sort_order: number;
}

const SEED: [number, number | null, string][] = [
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

/** Demo classification of some records (content and tickets), so the collector has counts. */
const SEED_LINKS: [number, number][] = [
  [31, 14], // How to reset your VPN token > VPN
  [32, 15], // Connecting to the office Wi-Fi > Wi-Fi
  [33, 22], // Holiday policy > Leave
  [34, 26], // Booking a meeting room > Office access
  [35, 3], // Printer troubleshooting > Printers
  [36, 23], // Expense claims FAQ > Payroll
  [37, 25], // Office move announcement > Facilities
  [39, 14],
  [40, 15],
  [41, 13],
  [42, 18],
  [43, 14],
  [44, 13],
  [1, 14], // ticket: VPN drops every hour
  [3, 3],
];

interface CategoryState {
  categories: MockCategory[];
  nextId: number;
}

/**
 * The categories live beside `db` (not in db.ts): a fresh set for every fresh db (resetDb()
 * replaces the db object), and the demo links added to db.recordCategories once.
 */
const states = new WeakMap<object, CategoryState>();

export function categoryState(): CategoryState {
  let state = states.get(db);
  if (!state) {
    state = {
      categories: SEED.map(([id, parent_id, name], index) => ({
        id,
        parent_id,
        name,
        sort_order: index,
      })),
      nextId: 101,
    };
    states.set(db, state);
    for (const [record_id, category_id] of SEED_LINKS) {
      if (
        !db.recordCategories.some((l) => l.record_id === record_id && l.category_id === category_id)
      ) {
        db.recordCategories.push({ record_id, category_id });
      }
    }
  }
  return state;
}

export function categories(): MockCategory[] {
  return categoryState().categories;
}

export function categoryPath(id: number): string {
  const names: string[] = [];
  let node = categories().find((c) => c.id === id);
  while (node) {
    names.unshift(node.name);
    const parent = node.parent_id;
    node = parent === null ? undefined : categories().find((c) => c.id === parent);
  }
  return names.join(' > ');
}

export function descendantsOf(id: number): number[] {
  const out: number[] = [];
  const walk = (parent: number) => {
    for (const child of categories().filter((c) => c.parent_id === parent)) {
      out.push(child.id);
      walk(child.id);
    }
  };
  walk(id);
  return out;
}

export function childrenOf(parent: number | null): MockCategory[] {
  return categories()
    .filter((c) => c.parent_id === parent)
    .sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name));
}

/** The node as classification/ calls answer it: { category_id, category_name, has_children, path }. */
export function taxonomyNode(category: MockCategory) {
  return {
    category_id: category.id,
    category_name: category.name,
    has_children: categories().some((c) => c.parent_id === category.id),
    path: categoryPath(category.id),
  };
}
