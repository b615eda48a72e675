import { loadHomeSaga, loadRecordsSaga } from '../app/saga-loaders';
import type { ListKey } from '../features/records/records-slice';
import { getStoredUser } from '../lib/storage';
import { lazyPage } from '../lib/lazy-page';
import type { MenuRow, RouteRow } from './route-types';

// A first screen's data, started as the app starts (app/router.tsx, preloadFirstScreen).
const firstData = () => import('../features/records/first-data');
const recordDetails = (type: 'T' | 'C', idParam: string) => (search: URLSearchParams) =>
  firstData().then((m) => m.startDetails(type, search, idParam));
const recordList = (listKey: ListKey) => (search: URLSearchParams) =>
  firstData().then((m) => m.startList(listKey, search, getStoredUser()?.items_per_page ?? 10));

/** Signed-in pages, shown inside the vertical (or horizontal) layout. */
export const layoutRoutes: RouteRow[] = [
  {
    path: 'home',
    page: lazyPage(() => import('../features/home/pages/home-page'), loadHomeSaga),
  },
  { path: 'profile', page: lazyPage(() => import('../features/profile/pages/profile-page')) },
  { path: 'editor', page: lazyPage(() => import('../features/profile/pages/editor-page')) },
  // Search, overview pages, charts, collector, contact (issue #5).
  { path: 'whats-new', page: lazyPage(() => import('../features/home/pages/whats-new-page')) },
  {
    path: 'dashboard/default',
    page: lazyPage(() => import('../features/dashboard/pages/dashboard-page')),
  },
  { path: 'search', page: lazyPage(() => import('../features/search/pages/search-page')) },
  {
    path: 'charts/apex',
    page: lazyPage(() => import('../features/charts/pages/apex-charts-page')),
  },
  {
    path: 'charts/chartjs',
    page: lazyPage(() => import('../features/charts/pages/chartjs-charts-page')),
  },
  {
    path: 'content-collector',
    page: lazyPage(() => import('../features/collector/pages/content-collector-page')),
  },
  {
    path: 'favourites',
    page: lazyPage(() => import('../features/collector/pages/favourites-page')),
  },
  { path: 'contact', page: lazyPage(() => import('../features/contact/pages/contact-page')) },
  // Tickets and content (issue #3).
  {
    path: 'ticket/input',
    page: lazyPage(() => import('../features/records/pages/ticket-input-page')),
  },
  {
    path: 'draft',
    page: lazyPage(() => import('../features/records/pages/ticket-draft-page'), loadRecordsSaga),
  },
  {
    path: 'ticket/my_ticket',
    page: lazyPage(() => import('../features/records/pages/my-tickets-page'), loadRecordsSaga),
    firstData: recordList('MYTICKET'),
  },
  {
    path: 'ticket/my_ticket/draft',
    page: lazyPage(
      () => import('../features/records/pages/my-ticket-drafts-page'),
      loadRecordsSaga,
    ),
  },
  {
    path: 'ticket/my_ticket/details',
    page: lazyPage(() => import('../features/records/pages/ticket-details-page'), loadRecordsSaga),
    firstData: recordDetails('T', 'ticketId'),
  },
  // Organizations: the tickets of the requester's organizations that share them.
  {
    path: 'ticket/organization',
    page: lazyPage(
      () => import('../features/organizations/pages/organization-tickets-page'),
      loadRecordsSaga,
    ),
  },
  {
    path: 'content-input',
    page: lazyPage(() => import('../features/records/pages/content-input-page')),
  },
  {
    path: 'content/my_content',
    page: lazyPage(() => import('../features/records/pages/my-content-page'), loadRecordsSaga),
    firstData: recordList('MYCONTENT'),
  },
  {
    path: 'content/my_content/draft',
    page: lazyPage(() => import('../features/records/pages/content-draft-page'), loadRecordsSaga),
  },
  {
    path: 'content/my_content/details',
    page: lazyPage(() => import('../features/records/pages/content-details-page'), loadRecordsSaga),
    firstData: recordDetails('C', 'contentId'),
  },
  // Any signed-in reader (searchable content too): no edit, no actions (issue #4).
  {
    path: 'read-only/details',
    page: lazyPage(
      () => import('../features/records/pages/read-only-details-page'),
      loadRecordsSaga,
    ),
  },
];

/**
 * Helpdesk-only pages (user_is_hde): hd_ticket, hd_content, content-collector-maintenance, ...
 * Rows are added here with `hdeOnly: true` as their pages are built.
 */
export const hdeRoutes: RouteRow[] = [
  {
    path: 'content-collector-maintenance',
    page: lazyPage(() => import('../features/collector/pages/maintenance-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  {
    path: 'hd_ticket',
    page: lazyPage(() => import('../features/records/pages/hd-tickets-page'), loadRecordsSaga),
    hdeOnly: true,
    firstData: recordList('HDTICKET'),
  },
  {
    path: 'hd_ticket/details',
    page: lazyPage(
      () => import('../features/records/pages/hd-ticket-details-page'),
      loadRecordsSaga,
    ),
    hdeOnly: true,
    firstData: recordDetails('T', 'hdTicketId'),
  },
  {
    path: 'hd_ticket/:userId',
    page: lazyPage(() => import('../features/records/pages/hd-user-tickets-page'), loadRecordsSaga),
    hdeOnly: true,
  },
  {
    path: 'hd_content',
    page: lazyPage(() => import('../features/records/pages/hd-content-page'), loadRecordsSaga),
    hdeOnly: true,
    firstData: recordList('HDCONTENT'),
  },
  {
    path: 'hd_content/details',
    page: lazyPage(
      () => import('../features/records/pages/hd-content-details-page'),
      loadRecordsSaga,
    ),
    hdeOnly: true,
    firstData: recordDetails('C', 'hdContentId'),
  },
  {
    path: 'sla-policies',
    page: lazyPage(() => import('../features/sla/pages/sla-policies-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  {
    path: 'hd_content/draft',
    page: lazyPage(
      () => import('../features/records/pages/hd-content-drafts-page'),
      loadRecordsSaga,
    ),
    hdeOnly: true,
  },
  // Macros: canned responses (issue #9).
  {
    path: 'macros',
    page: lazyPage(() => import('../features/records/pages/macros-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  // Roles and desk access: administrators only.
  {
    path: 'admin/helpdesks',
    page: lazyPage(() => import('../features/admin/pages/help-desks-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  {
    path: 'admin/users',
    page: lazyPage(() => import('../features/admin/pages/users-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  // Automatic assignment per desk and the agents' availability: administrators only.
  {
    path: 'admin/assignment',
    page: lazyPage(() => import('../features/assignment/pages/assignment-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  // Custom fields: administrators only.
  {
    path: 'custom-fields',
    page: lazyPage(() => import('../features/custom-fields/pages/custom-fields-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  // Organizations: agents view and edit them; administrators create and delete.
  {
    path: 'organizations',
    page: lazyPage(() => import('../features/organizations/pages/organizations-page')),
    hdeOnly: true,
  },
  {
    path: 'organizations/:id',
    page: lazyPage(() => import('../features/organizations/pages/organization-page')),
    hdeOnly: true,
  },
  // Mail channels (issue #8).
  {
    path: 'mail-channels',
    page: lazyPage(() => import('../features/mail-channels/pages/mail-channels-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  // Article review: the "To review" queue (docs/knowledge-review.md).
  {
    path: 'review',
    page: lazyPage(() => import('../features/article-review/pages/review-queue-page')),
    hdeOnly: true,
  },
  // Webhooks: endpoints, secrets and delivery logs.
  {
    path: 'webhooks',
    page: lazyPage(() => import('../features/webhooks/pages/webhooks-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  // Single sign-on providers: administrators only.
  {
    path: 'sso-providers',
    page: lazyPage(() => import('../features/sso/pages/sso-providers-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  // Tags: rename, merge, delete.
  {
    path: 'tags',
    page: lazyPage(() => import('../features/tags/pages/tags-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  // Triggers and their mail templates: administrators only.
  {
    path: 'triggers',
    page: lazyPage(() => import('../features/rules/pages/triggers-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  {
    path: 'templates',
    page: lazyPage(() => import('../features/rules/pages/templates-page')),
    hdeOnly: true,
    adminOnly: true,
  }, // The audit log: administrators only (docs/audit.md).
  {
    path: 'audit-log',
    page: lazyPage(() => import('../features/audit/pages/audit-page')),
    hdeOnly: true,
    adminOnly: true,
  },
  // Time-based rules: administrators write them, helpdesk agents read them.
  {
    path: 'automations',
    page: lazyPage(() => import('../features/rules/pages/automations-page')),
    hdeOnly: true,
  },
];

/**
 * Main menu rows (sidebar / horizontal menu), in sections: the agent's work, the requester's own,
 * knowledge, insights and administration; hde-only rows are hidden for regular users.
 */
export const mainMenu: MenuRow[] = [
  { labelKey: 'menu.home', path: '/home', group: 'start' },
  { labelKey: 'menu.search', path: '/search', group: 'start' },
  { labelKey: 'menu.allTickets', path: '/hd_ticket', group: 'work', hdeOnly: true },
  { labelKey: 'menu.allContent', path: '/hd_content', group: 'work', hdeOnly: true },
  { labelKey: 'menu.organizations', path: '/organizations', group: 'work', hdeOnly: true },
  { labelKey: 'menu.contentDrafts', path: '/hd_content/draft', group: 'work', hdeOnly: true },
  { labelKey: 'menu.reviewQueue', path: '/review', group: 'work', hdeOnly: true },
  { labelKey: 'menu.raiseTicket', path: '/ticket/input', group: 'mine' },
  { labelKey: 'menu.myTickets', path: '/ticket/my_ticket', group: 'mine' },
  { labelKey: 'menu.myTicketDrafts', path: '/ticket/my_ticket/draft', group: 'mine' },
  { labelKey: 'menu.organizationTickets', path: '/ticket/organization', group: 'mine' },
  { labelKey: 'menu.writeContent', path: '/content-input', group: 'mine' },
  { labelKey: 'menu.myContent', path: '/content/my_content', group: 'mine' },
  { labelKey: 'menu.myContentDrafts', path: '/content/my_content/draft', group: 'mine' },
  { labelKey: 'menu.contentCollector', path: '/content-collector', group: 'knowledge' },
  { labelKey: 'menu.favourites', path: '/favourites', group: 'knowledge' },
  { labelKey: 'menu.dashboard', path: '/dashboard/default', group: 'insights' },
  { labelKey: 'menu.whatsNew', path: '/whats-new', group: 'insights' },
  { labelKey: 'menu.chartsApex', path: '/charts/apex', group: 'insights' },
  { labelKey: 'menu.chartsChartjs', path: '/charts/chartjs', group: 'insights' },
  // Administration: administrators only (user_is_admin).
  { labelKey: 'menu.helpdesks', path: '/admin/helpdesks', group: 'admin', adminOnly: true },
  { labelKey: 'menu.users', path: '/admin/users', group: 'admin', adminOnly: true },
  { labelKey: 'menu.assignment', path: '/admin/assignment', group: 'admin', adminOnly: true },
  {
    labelKey: 'menu.collectorMaintenance',
    path: '/content-collector-maintenance',
    group: 'admin',
    adminOnly: true,
  },
  { labelKey: 'menu.mailChannels', path: '/mail-channels', group: 'admin', adminOnly: true },
  { labelKey: 'menu.slaPolicies', path: '/sla-policies', group: 'admin', adminOnly: true },
  { labelKey: 'menu.macros', path: '/macros', group: 'admin', adminOnly: true },
  { labelKey: 'menu.customFields', path: '/custom-fields', group: 'admin', adminOnly: true },
  { labelKey: 'menu.tags', path: '/tags', group: 'admin', adminOnly: true },
  { labelKey: 'menu.triggers', path: '/triggers', group: 'admin', adminOnly: true },
  { labelKey: 'menu.automations', path: '/automations', group: 'admin', adminOnly: true },
  { labelKey: 'menu.templates', path: '/templates', group: 'admin', adminOnly: true },
  { labelKey: 'menu.webhooks', path: '/webhooks', group: 'admin', adminOnly: true },
  { labelKey: 'menu.auditLog', path: '/audit-log', group: 'admin', adminOnly: true },
  { labelKey: 'menu.ssoProviders', path: '/sso-providers', group: 'admin', adminOnly: true },
  { labelKey: 'menu.profile', path: '/profile', group: 'end' },
  { labelKey: 'menu.contact', path: '/contact', group: 'end' },
];
