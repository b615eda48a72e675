// The store's shape: every feature's reducer and response holders. The store (store.ts) is built
// from it and the selectors type their state with RootState; no saga imports the store.
import { combineReducers } from '@reduxjs/toolkit';
import { attachmentsHolders, attachmentsReducer } from '../features/attachments/attachments-slice';
import { authHolders, authReducer } from '../features/auth/auth-slice';
import { chartsHolders } from '../features/charts/charts-slice';
import { collectorHolders } from '../features/collector/collector-slice';
import { slaHolders } from '../features/sla/sla-slice';
import { customFieldsHolders } from '../features/custom-fields/custom-fields-slice';
import { webhooksHolders } from '../features/webhooks/webhooks-slice';
import { articleReviewHolders } from '../features/article-review/article-review-slice';
import { ratingsHolders } from '../features/ratings/ratings-slice';
import { organizationsHolders } from '../features/organizations/organizations-slice';
import { adminHolders } from '../features/admin/admin-slice';
import { assignmentHolders } from '../features/assignment/assignment-slice';
import { contactHolders } from '../features/contact/contact-slice';
import { dashboardHolders } from '../features/dashboard/dashboard-slice';
import { homeHolders } from '../features/home/home-slice';
import { layoutReducer } from '../features/layout/layout-slice';
import { liveReducer } from '../features/live/live-slice';
import { mailChannelsHolders } from '../features/mail-channels/mail-channels-slice';
import { tagsHolders } from '../features/tags/tags-slice';
import { profileHolders } from '../features/profile/profile-slice';
import { recordsHolders, recordsReducer } from '../features/records/records-slice';
import { searchHolders, searchReducer } from '../features/search/search-slice';
import { workHolders } from '../features/records/work-slice';
import { threadsHolders } from '../features/threads/threads-slice';
import { bulkViewsHolders } from '../features/records/bulk-views-slice';
import { holdersReducer } from '../lib/request-holder';
import { detailsHolders } from '../features/records/details-slice';
import { mergeHolders } from '../features/merge/merge-slice';
import { rulesHolders } from '../features/rules/rules-slice';
import { auditHolders } from '../features/audit/audit-slice';
import { ssoHolders } from '../features/sso/sso-slice';
import { suggestionsHolders } from '../features/suggestions/suggestions-slice';

/** All response holders, by name: a feature adds its table here. */
const holders = holdersReducer({
  ...authHolders,
  ...profileHolders,
  ...recordsHolders,
  ...workHolders,
  ...attachmentsHolders,
  ...threadsHolders,
  ...searchHolders,
  ...homeHolders,
  ...dashboardHolders,
  ...chartsHolders,
  ...collectorHolders,
  ...slaHolders,
  ...customFieldsHolders,
  ...webhooksHolders,
  ...articleReviewHolders,
  ...ratingsHolders,
  ...organizationsHolders,
  ...adminHolders,
  ...assignmentHolders,
  ...contactHolders,
  ...mailChannelsHolders,
  ...tagsHolders,
  ...bulkViewsHolders,
  ...detailsHolders,
  ...mergeHolders,
  ...rulesHolders,
  ...auditHolders,
  ...ssoHolders,
  ...suggestionsHolders,
});

export const rootReducer = combineReducers({
  auth: authReducer,
  layout: layoutReducer,
  records: recordsReducer,
  attachments: attachmentsReducer,
  search: searchReducer,
  holders,
  live: liveReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
