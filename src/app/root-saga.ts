import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { attachmentsSaga } from '../features/attachments/attachments-saga';
import { authSaga } from '../features/auth/auth-saga';
import { layoutSaga } from '../features/layout/layout-saga';
import { profileSaga } from '../features/profile/profile-saga';
import { recordsSaga } from '../features/records/records-saga';
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
  ]);
}
