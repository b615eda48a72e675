import { hdeRoutes, layoutRoutes, mainMenu } from '../../routes/private-routes';
import { visibleRows } from '../../routes/route-types';
import { detailsUrl } from '../../lib/record-link';
import type { User } from '../../lib/types';

export interface PageTarget {
  path: string;
  /** i18n key in the common namespace. */
  labelKey: string;
}

/** Pages reachable without an id that have no menu row of their own. */
const EXTRA_LABELS: Record<string, string> = { '/editor': 'menu.editProfile' };

/**
 * The pages the palette offers: every row of the route tables the user may see (the same
 * `visibleRows` gate as the router) that opens without an id and has a label.
 */
export function pageTargets(user: User | null): PageTarget[] {
  const labels = new Map<string, string>(Object.entries(EXTRA_LABELS));
  for (const row of mainMenu) labels.set(row.path, row.labelKey);
  return visibleRows([...layoutRoutes, ...hdeRoutes], user).flatMap((row) => {
    const path = `/${row.path}`;
    const labelKey = labels.get(path);
    return labelKey ? [{ path, labelKey }] : [];
  });
}

/** '#123', '123' or ' # 123 ' → 123; anything else → null. */
export function recordIdIn(search: string): number | null {
  const match = /^\s*#?\s*(\d{1,9})\s*$/.exec(search);
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 ? id : null;
}

/** The details page of record `id` for this user: agents the hd_* page, others their own page. */
export function recordUrl(id: number, type: 'T' | 'C', user: User | null): string {
  return detailsUrl({ id, object_type: type, access: user?.user_is_hde ? 'agent' : 'owner' }, user);
}
