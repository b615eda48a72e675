import { lazy } from 'react';
import type { MenuRow, RouteRow } from './route-types';

/** Signed-in pages, shown inside the vertical (or horizontal) layout. */
export const layoutRoutes: RouteRow[] = [
  { path: 'home', page: lazy(() => import('../features/home/pages/home-page')) },
  { path: 'profile', page: lazy(() => import('../features/profile/pages/profile-page')) },
  { path: 'editor', page: lazy(() => import('../features/profile/pages/editor-page')) },
  // Search, overview pages, charts, collector, contact (issue #5).
  { path: 'whats-new', page: lazy(() => import('../features/home/pages/whats-new-page')) },
  {
    path: 'dashboard/default',
    page: lazy(() => import('../features/dashboard/pages/dashboard-page')),
  },
  { path: 'search', page: lazy(() => import('../features/search/pages/search-page')) },
  {
    path: 'charts/apex',
    page: lazy(() => import('../features/charts/pages/apex-charts-page')),
  },
  {
    path: 'charts/chartjs',
    page: lazy(() => import('../features/charts/pages/chartjs-charts-page')),
  },
  {
    path: 'content-collector',
    page: lazy(() => import('../features/collector/pages/content-collector-page')),
  },
  { path: 'favourites', page: lazy(() => import('../features/collector/pages/favourites-page')) },
  { path: 'contact', page: lazy(() => import('../features/contact/pages/contact-page')) },
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
  // Any signed-in reader (searchable content too): no edit, no actions (issue #4).
  {
    path: 'read-only/details',
    page: lazy(() => import('../features/records/pages/read-only-details-page')),
  },
];

/**
 * Helpdesk-only pages (user_is_hde): hd_ticket, hd_content, content-collector-maintenance, ...
 * Rows are added here with `hdeOnly: true` as their pages are built.
 */
export const hdeRoutes: RouteRow[] = [
  {
    path: 'content-collector-maintenance',
    page: lazy(() => import('../features/collector/pages/maintenance-page')),
    hdeOnly: true,
  },
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
    path: 'sla-policies',
    page: lazy(() => import('../features/sla/pages/sla-policies-page')),
    hdeOnly: true,
  },
  {
    path: 'hd_content/draft',
    page: lazy(() => import('../features/records/pages/hd-content-drafts-page')),
    hdeOnly: true,
  },
  // Macros: canned responses (issue #9).
  {
    path: 'macros',
    page: lazy(() => import('../features/records/pages/macros-page')),
    hdeOnly: true,
  },
  // Mail channels (issue #8).
  {
    path: 'mail-channels',
    page: lazy(() => import('../features/mail-channels/pages/mail-channels-page')),
    hdeOnly: true,
  },
];

/** Main menu rows (sidebar / horizontal menu); hde-only rows are hidden for regular users. */
export const mainMenu: MenuRow[] = [
  { labelKey: 'menu.home', path: '/home' },
  { labelKey: 'menu.dashboard', path: '/dashboard/default' },
  { labelKey: 'menu.whatsNew', path: '/whats-new' },
  { labelKey: 'menu.search', path: '/search' },
  { labelKey: 'menu.profile', path: '/profile' },
  { labelKey: 'menu.raiseTicket', path: '/ticket/input' },
  { labelKey: 'menu.myTickets', path: '/ticket/my_ticket' },
  { labelKey: 'menu.myTicketDrafts', path: '/ticket/my_ticket/draft' },
  { labelKey: 'menu.writeContent', path: '/content-input' },
  { labelKey: 'menu.myContent', path: '/content/my_content' },
  { labelKey: 'menu.myContentDrafts', path: '/content/my_content/draft' },
  { labelKey: 'menu.contentCollector', path: '/content-collector' },
  { labelKey: 'menu.favourites', path: '/favourites' },
  { labelKey: 'menu.chartsApex', path: '/charts/apex' },
  { labelKey: 'menu.chartsChartjs', path: '/charts/chartjs' },
  { labelKey: 'menu.contact', path: '/contact' },
  { labelKey: 'menu.allTickets', path: '/hd_ticket', hdeOnly: true },
  { labelKey: 'menu.allContent', path: '/hd_content', hdeOnly: true },
  { labelKey: 'menu.contentDrafts', path: '/hd_content/draft', hdeOnly: true },
  {
    labelKey: 'menu.collectorMaintenance',
    path: '/content-collector-maintenance',
    hdeOnly: true,
  },
  { labelKey: 'menu.mailChannels', path: '/mail-channels', hdeOnly: true },
  { labelKey: 'menu.slaPolicies', path: '/sla-policies', hdeOnly: true },
  { labelKey: 'menu.macros', path: '/macros', hdeOnly: true },
];
