import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { attachmentsSaga } from '../features/attachments/attachments-saga';
import { authSaga } from '../features/auth/auth-saga';
import { chartsSaga } from '../features/charts/charts-saga';
import { collectorSaga } from '../features/collector/collector-saga';
import { contactSaga } from '../features/contact/contact-saga';
import { dashboardSaga } from '../features/dashboard/dashboard-saga';
import { homeSaga } from '../features/home/home-saga';
import { layoutSaga } from '../features/layout/layout-saga';
import { profileSaga } from '../features/profile/profile-saga';
import { recordsSaga } from '../features/records/records-saga';
import { searchSaga } from '../features/search/search-saga';
import { workSaga } from '../features/records/work-saga';
import { threadsSaga } from '../features/threads/threads-saga';
import { preLoginSaga } from '../lib/pre-login';

export function* rootSaga(): SagaIterator {
  yield all([
    fork(preLoginSaga),
    fork(authSaga),
    fork(layoutSaga),
    fork(profileSaga),
    fork(recordsSaga),
    fork(workSaga),
    fork(attachmentsSaga),
    fork(threadsSaga),
    fork(searchSaga),
    fork(homeSaga),
    fork(dashboardSaga),
    fork(chartsSaga),
    fork(collectorSaga),
    fork(contactSaga),
  ]);
}
