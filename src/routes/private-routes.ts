import { lazy } from 'react';
import type { MenuRow, RouteRow } from './route-types';

/** Signed-in pages, shown inside the vertical (or horizontal) layout. */
export const layoutRoutes: RouteRow[] = [
  { path: 'home', page: lazy(() => import('../features/home/pages/home-page')) },
  { path: 'profile', page: lazy(() => import('../features/profile/pages/profile-page')) },
  { path: 'editor', page: lazy(() => import('../features/profile/pages/editor-page')) },
  // Tickets and content (issue #3).
  { path: 'ticket/input', page: lazy(() => import('../features/records/pages/ticket-input-page')) },
  { path: 'draft', page: lazy(() => import('../features/records/pages/ticket-draft-page')) },
  {
    path: 'ticket/my_ticket',
    page: lazy(() => import('../features/records/pages/my-tickets-page')),
  },
  {
    path: 'ticket/my_ticket/draft',
    page: lazy(() => import('../features/records/pages/my-ticket-drafts-page')),
  },
  {
    path: 'ticket/my_ticket/details',
    page: lazy(() => import('../features/records/pages/ticket-details-page')),
  },
  {
    path: 'content-input',
    page: lazy(() => import('../features/records/pages/content-input-page')),
  },
  {
    path: 'content/my_content',
    page: lazy(() => import('../features/records/pages/my-content-page')),
  },
  {
    path: 'content/my_content/draft',
    page: lazy(() => import('../features/records/pages/content-draft-page')),
  },
  {
    path: 'content/my_content/details',
    page: lazy(() => import('../features/records/pages/content-details-page')),
  },
];

/**
 * Helpdesk-only pages (user_is_hde): hd_ticket, hd_content, content-collector-maintenance, ...
 * Rows are added here with `hdeOnly: true` as their pages are built.
 */
export const hdeRoutes: RouteRow[] = [
  {
    path: 'hd_ticket',
    page: lazy(() => import('../features/records/pages/hd-tickets-page')),
    hdeOnly: true,
  },
  {
    path: 'hd_ticket/details',
    page: lazy(() => import('../features/records/pages/hd-ticket-details-page')),
    hdeOnly: true,
  },
  {
    path: 'hd_ticket/:userId',
    page: lazy(() => import('../features/records/pages/hd-user-tickets-page')),
    hdeOnly: true,
  },
  {
    path: 'hd_content',
    page: lazy(() => import('../features/records/pages/hd-content-page')),
    hdeOnly: true,
  },
  {
    path: 'hd_content/details',
    page: lazy(() => import('../features/records/pages/hd-content-details-page')),
    hdeOnly: true,
  },
  {
    path: 'hd_content/draft',
    page: lazy(() => import('../features/records/pages/hd-content-drafts-page')),
    hdeOnly: true,
  },
];

/** Main menu rows (sidebar / horizontal menu); hde-only rows are hidden for regular users. */
export const mainMenu: MenuRow[] = [
  { labelKey: 'menu.home', path: '/home' },
  { labelKey: 'menu.profile', path: '/profile' },
  { labelKey: 'menu.raiseTicket', path: '/ticket/input' },
  { labelKey: 'menu.myTickets', path: '/ticket/my_ticket' },
  { labelKey: 'menu.myTicketDrafts', path: '/ticket/my_ticket/draft' },
  { labelKey: 'menu.writeContent', path: '/content-input' },
  { labelKey: 'menu.myContent', path: '/content/my_content' },
  { labelKey: 'menu.myContentDrafts', path: '/content/my_content/draft' },
  { labelKey: 'menu.allTickets', path: '/hd_ticket', hdeOnly: true },
  { labelKey: 'menu.allContent', path: '/hd_content', hdeOnly: true },
  { labelKey: 'menu.contentDrafts', path: '/hd_content/draft', hdeOnly: true },
];
