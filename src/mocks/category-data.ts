import { db } from './db';
import type { MockCategory } from './taxonomy-data';

/** Demo classification of some records (content and tickets), so the collector has counts. */
const DEMO_LINKS: [number, number][] = [
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

/**
 * The demo links are added to a fresh db when the collector or search first needs them (the
 * tests of classifying a record start from none).
 */
const linked = new WeakSet<object>();

export function withDemoLinks(): void {
  if (linked.has(db)) return;
  linked.add(db);
  for (const [record_id, category_id] of DEMO_LINKS) {
    const exists = db.recordCategories.some(
      (l) => l.record_id === record_id && l.category_id === category_id,
    );
    const known = db.records.some((r) => r.id === record_id);
    if (!exists && known) db.recordCategories.push({ record_id, category_id });
  }
}

export const categoryById = (id: number): MockCategory | undefined =>
  db.categories.find((c) => c.id === id);

/** "Network > VPN". */
function categoryPath(id: number): string {
  const names: string[] = [];
  for (let node = categoryById(id); node;) {
    names.unshift(node.name);
    node = node.parent_id === null ? undefined : categoryById(node.parent_id);
  }
  return names.join(' > ');
}

export function descendantsOf(id: number): number[] {
  return db.categories
    .filter((c) => c.parent_id === id)
    .flatMap((c) => [c.id, ...descendantsOf(c.id)]);
}

/** By sort order, then name (as the server lists a node's children). */
export function childrenOf(parent: number | null): MockCategory[] {
  return db.categories
    .filter((c) => c.parent_id === parent)
    .sort((a, b) => a.sort_order - b.sort_order || compare(a.name, b.name) || a.id - b.id);
}

/** The database's order for text (the C collation: by code point). */
export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A node as the classification calls answer it. */
export function taxonomyNode(category: MockCategory) {
  return {
    category_id: category.id,
    category_name: category.name,
    has_children: db.categories.some((c) => c.parent_id === category.id),
    path: categoryPath(category.id),
  };
}

/** A record's nodes, by name (server/routes/taxonomy/sql.ts recordNodes). */
export function recordNodes(recordId: number) {
  return db.recordCategories
    .filter((l) => l.record_id === recordId)
    .map((l) => categoryById(l.category_id))
    .filter((c) => c !== undefined)
    .sort((a, b) => compare(a.name, b.name) || a.id - b.id)
    .map(taxonomyNode);
}
