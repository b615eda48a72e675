import { db } from './db';
import { CATEGORIES } from './taxonomy-data';

/** Classification nodes as the migration seeds them (server/db/migrations/004_working.sql). */
export interface MockCategory {
  id: number;
  parent_id: number | null;
  name: string;
  sort_order: number;
}

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
      categories: CATEGORIES.map((category, index) => ({
        ...category,
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
