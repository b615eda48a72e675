import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { attachmentsSagaTriggers } from '../features/attachments/attachments-slice';
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
import { threadsSagaTriggers } from '../features/threads/threads-slice';
import { lazySaga } from '../lib/lazy-saga';
import { preLoginSaga } from '../lib/pre-login';

export function* rootSaga(): SagaIterator {
  yield all([
    fork(preLoginSaga),
    fork(authSaga),
    fork(layoutSaga),
    fork(profileSaga),
    fork(recordsSaga),
    fork(workSaga),
    fork(
      lazySaga(attachmentsSagaTriggers, () =>
        import('../features/attachments/attachments-saga').then((m) => m.attachmentsSaga),
      ),
    ),
    fork(
      lazySaga(threadsSagaTriggers, () =>
        import('../features/threads/threads-saga').then((m) => m.threadsSaga),
      ),
    ),
    fork(searchSaga),
    fork(homeSaga),
    fork(dashboardSaga),
    fork(chartsSaga),
    fork(collectorSaga),
    fork(contactSaga),
  ]);
}
