import type { FirstRequest } from '../app/first-screen';
import type { LazyPage } from '../lib/lazy-page';

/** A route is a row: a path (relative to its table's base) and a lazy page. */
export interface RouteRow {
  path: string;
  page: LazyPage;
  /** Only for helpdesk users (user_is_hde): absent from the router otherwise. */
  hdeOnly?: boolean;
  /** Only for administrators (user_is_admin): absent from the router otherwise. */
  adminOnly?: boolean;
  /**
   * Starts the page's first call as the app starts and gives back the request the page makes
   * for it (a first screen only; app/router.tsx).
   */
  firstData?: (search: URLSearchParams) => Promise<FirstRequest | undefined>;
}

/** The main menu's sections, in their order; `start` and `end` have no heading. */
export const MENU_GROUPS = [
  'start',
  'work',
  'mine',
  'knowledge',
  'insights',
  'admin',
  'end',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** A sidebar/topbar menu row. */
export interface MenuRow {
  /** i18n key of the label (namespace common). */
  labelKey: string;
  path: string;
  /** Its section of the menu (its heading: common's `menuGroups.<group>`). */
  group: MenuGroup;
  hdeOnly?: boolean;
  adminOnly?: boolean;
}

/**
 * The gating rule: hde-only rows exist only for a helpdesk user, admin-only rows only for an
 * administrator (the server answers 403 to anyone else all the same).
 */
export function visibleRows<R extends { hdeOnly?: boolean; adminOnly?: boolean }>(
  rows: readonly R[],
  user: { user_is_hde: boolean; user_is_admin?: boolean } | null | undefined,
): R[] {
  return rows.filter(
    (row) =>
      (!row.hdeOnly || user?.user_is_hde === true) &&
      (!row.adminOnly || user?.user_is_admin === true),
  );
}
