import { lazy } from 'react';
import type { MenuRow, RouteRow } from './route-types';

/** Signed-in pages, shown inside the vertical (or horizontal) layout. */
export const layoutRoutes: RouteRow[] = [
  { path: 'home', page: lazy(() => import('../features/home/pages/home-page')) },
  { path: 'profile', page: lazy(() => import('../features/profile/pages/profile-page')) },
  { path: 'editor', page: lazy(() => import('../features/profile/pages/editor-page')) },
];

/**
 * Helpdesk-only pages (user_is_hde): hd_ticket, hd_content, content-collector-maintenance, ...
 * Rows are added here with `hdeOnly: true` as their pages are built.
 */
export const hdeRoutes: RouteRow[] = [];

/** Main menu rows (sidebar / horizontal menu); hde-only rows are hidden for regular users. */
export const mainMenu: MenuRow[] = [
  { labelKey: 'menu.home', path: '/home' },
  { labelKey: 'menu.profile', path: '/profile' },
];
