import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { attachmentsSagaTriggers } from '../features/attachments/attachments-slice';
import { authActions, authHolders } from '../features/auth/auth-slice';
import { chartsHolders } from '../features/charts/charts-slice';
import { collectorHolders } from '../features/collector/collector-slice';
import { slaHolders } from '../features/sla/sla-slice';
import { customFieldsHolders } from '../features/custom-fields/custom-fields-slice';
import { webhooksHolders } from '../features/webhooks/webhooks-slice';
import { auditHolders } from '../features/audit/audit-slice';
import { articleReviewHolders } from '../features/article-review/article-review-slice';
import { ratingsHolders } from '../features/ratings/ratings-slice';
import { organizationsHolders } from '../features/organizations/organizations-slice';
import { adminHolders } from '../features/admin/admin-slice';
import { assignmentHolders } from '../features/assignment/assignment-slice';
import { contactHolders } from '../features/contact/contact-slice';
import { dashboardHolders } from '../features/dashboard/dashboard-slice';
import { homeHolders } from '../features/home/home-slice';
import { liveStarter } from '../features/live/live-start';
import { mailChannelsHolders } from '../features/mail-channels/mail-channels-slice';
import { tagsHolders } from '../features/tags/tags-slice';
import { profileHolders } from '../features/profile/profile-slice';
import { recordsHolders } from '../features/records/records-slice';
import { workHolders } from '../features/records/work-slice';
import { searchHolders } from '../features/search/search-slice';
import { threadsSagaTriggers } from '../features/threads/threads-slice';
import { bulkViewsHolders } from '../features/records/bulk-views-slice';
import { lazySaga } from '../lib/lazy-saga';
import { preLoginSaga } from '../lib/pre-login';
import { requestedTypes } from '../lib/request-holder';
import { detailsHolders } from '../features/records/details-slice';
import { mergeHolders } from '../features/merge/merge-slice';
import { rulesHolders } from '../features/rules/rules-slice';
import { ssoHolders } from '../features/sso/sso-slice';
import { suggestionsHolders } from '../features/suggestions/suggestions-slice';
import { loadHomeSaga, loadRecordsSaga } from './saga-loaders';

/**
 * Feature sagas that load with their first request (their code stays out of the login page's
 * JS): the action types that wake each one, and where its code is.
 */
const lazyFeatureSagas = [
  // Sign-in, sign-up, logout, password reset: loaded when the form is sent (issue 13). Every
  // action the auth saga takes must be here: one missing does nothing on a freshly loaded page
  // (the passkey button did so until the passkey actions were added).
  lazySaga(
    [
      authActions.login.type,
      authActions.passkeyLogin.type,
      authActions.tokenLogin.type,
      authActions.loginCode.type,
      authActions.loginPasskeyStep.type,
      authActions.signup.type,
      authActions.logout.type,
      authActions.forgotPassword.type,
      authHolders.confirmEmail.actions.requested.type,
      authHolders.resetPassword.actions.requested.type,
    ],
    () => import('../features/auth/auth-saga').then((m) => m.authSaga),
  ),
  lazySaga(requestedTypes(profileHolders), () =>
    import('../features/profile/profile-saga').then((m) => m.profileSaga),
  ),
  lazySaga(requestedTypes(recordsHolders), () => loadRecordsSaga().then((m) => m.recordsSaga)),
  // History reloads after other features' changes only matter once a details page asked for it.
  lazySaga(requestedTypes(workHolders), () =>
    import('../features/records/work-saga').then((m) => m.workSaga),
  ),
  lazySaga(attachmentsSagaTriggers, () =>
    import('../features/attachments/attachments-saga').then((m) => m.attachmentsSaga),
  ),
  lazySaga(threadsSagaTriggers, () =>
    import('../features/threads/threads-saga').then((m) => m.threadsSaga),
  ),
  lazySaga(requestedTypes(searchHolders), () =>
    import('../features/search/search-saga').then((m) => m.searchSaga),
  ),
  lazySaga(requestedTypes(homeHolders), () => loadHomeSaga().then((m) => m.homeSaga)),
  lazySaga(requestedTypes(dashboardHolders), () =>
    import('../features/dashboard/dashboard-saga').then((m) => m.dashboardSaga),
  ),
  lazySaga(requestedTypes(chartsHolders), () =>
    import('../features/charts/charts-saga').then((m) => m.chartsSaga),
  ),
  lazySaga(requestedTypes(collectorHolders), () =>
    import('../features/collector/collector-saga').then((m) => m.collectorSaga),
  ),
  lazySaga(requestedTypes(slaHolders), () =>
    import('../features/sla/sla-saga').then((m) => m.slaSaga),
  ),
  lazySaga(requestedTypes(customFieldsHolders), () =>
    import('../features/custom-fields/custom-fields-saga').then((m) => m.customFieldsSaga),
  ),
  lazySaga(requestedTypes(webhooksHolders), () =>
    import('../features/webhooks/webhooks-saga').then((m) => m.webhooksSaga),
  ),
  lazySaga(requestedTypes(auditHolders), () =>
    import('../features/audit/audit-saga').then((m) => m.auditSaga),
  ),
  lazySaga(requestedTypes(articleReviewHolders), () =>
    import('../features/article-review/article-review-saga').then((m) => m.articleReviewSaga),
  ),
  lazySaga(requestedTypes(ratingsHolders), () =>
    import('../features/ratings/ratings-saga').then((m) => m.ratingsSaga),
  ),
  lazySaga(requestedTypes(adminHolders), () =>
    import('../features/admin/admin-saga').then((m) => m.adminSaga),
  ),
  lazySaga(requestedTypes(assignmentHolders), () =>
    import('../features/assignment/assignment-saga').then((m) => m.assignmentSaga),
  ),
  lazySaga(requestedTypes(detailsHolders), () =>
    import('../features/records/details-saga').then((m) => m.detailsSaga),
  ),
  lazySaga(requestedTypes(mergeHolders), () =>
    import('../features/merge/merge-saga').then((m) => m.mergeSaga),
  ),
  lazySaga(requestedTypes(contactHolders), () =>
    import('../features/contact/contact-saga').then((m) => m.contactSaga),
  ),
  lazySaga(requestedTypes(mailChannelsHolders), () =>
    import('../features/mail-channels/mail-channels-saga').then((m) => m.mailChannelsSaga),
  ),
  lazySaga(requestedTypes(tagsHolders), () =>
    import('../features/tags/tags-saga').then((m) => m.tagsSaga),
  ),
  lazySaga(requestedTypes(bulkViewsHolders), () =>
    import('../features/records/bulk-views-saga').then((m) => m.bulkViewsSaga),
  ),
  lazySaga(requestedTypes(organizationsHolders), () =>
    import('../features/organizations/organizations-saga').then((m) => m.organizationsSaga),
  ),
  lazySaga(requestedTypes(rulesHolders), () =>
    import('../features/rules/rules-saga').then((m) => m.rulesSaga),
  ),
  lazySaga(requestedTypes(ssoHolders), () =>
    import('../features/sso/sso-saga').then((m) => m.ssoSaga),
  ),
  lazySaga(requestedTypes(suggestionsHolders), () =>
    import('../features/suggestions/suggestions-saga').then((m) => m.suggestionsSaga),
  ),
];

export function* rootSaga(): SagaIterator {
  yield all([fork(preLoginSaga), ...lazyFeatureSagas.map((saga) => fork(saga)), fork(liveStarter)]);
}
