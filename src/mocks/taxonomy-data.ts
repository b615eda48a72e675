/** A classification node as the server stores it (server/db/migrations/004_working.sql). */
export interface MockCategory {
  id: number;
  parent_id: number | null;
  name: string;
  sort_order: number;
}

/** The tree the migration seeds: [id, parent, name, sort order]. */
const rows: [number, number | null, string, number][] = [
  [1, null, 'Hardware', 1],
  [2, 1, 'Laptops', 1],
  [3, 1, 'Printers', 2],
  [4, 1, 'Monitors', 3],
  [5, 1, 'Phones', 4],
  [6, null, 'Software', 2],
  [7, 6, 'Email and calendar', 1],
  [8, 6, 'Office suite', 2],
  [9, 6, 'Operating system', 3],
  [10, 9, 'Windows', 1],
  [11, 9, 'macOS', 2],
  [12, 9, 'Linux', 3],
  [13, null, 'Network', 3],
  [14, 13, 'VPN', 1],
  [15, 13, 'Wi-Fi', 2],
  [16, 13, 'Internet access', 3],
  [17, null, 'Accounts and access', 4],
  [18, 17, 'Passwords', 1],
  [19, 17, 'Permissions', 2],
  [20, 17, 'New starters', 3],
  [21, null, 'HR', 5],
  [22, 21, 'Leave', 1],
  [23, 21, 'Payroll', 2],
  [24, 21, 'Benefits', 3],
  [25, null, 'Facilities', 6],
  [26, 25, 'Office access', 1],
  [27, 25, 'Cleaning', 2],
  [28, 25, 'Parking', 3],
];

export function seedCategories(): MockCategory[] {
  return rows.map(([id, parent_id, name, sort_order]) => ({ id, parent_id, name, sort_order }));
}
