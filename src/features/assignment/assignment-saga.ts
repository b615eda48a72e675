import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { assignmentApi } from './api';
import { assignmentHolders } from './assignment-slice';
import type { AgentAvailability, AssignmentDesk, AssignmentSettings, DeskRule } from './types';

const H = assignmentHolders;
const SAVING = 'errors:context.fetchingData';

function* loadSettings(): SagaIterator {
  yield call(
    fillHolder<AssignmentSettings>,
    H.assignmentSettings.actions,
    assignmentApi.settings(),
  );
}

/** A form flow: 400 (field messages) and 404 stay in the holder for the form. */
function* saveDesk(action: PayloadAction<{ id: number; rule: DeskRule }>): SagaIterator {
  const result: ApiResult<AssignmentDesk> = yield call(
    fillHolder<AssignmentDesk>,
    H.saveAssignmentDesk.actions,
    assignmentApi.saveDesk(action.payload.id, action.payload.rule),
    { context: SAVING, handled: [400, 404] },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'assignment:desks.saved');
  yield put(H.assignmentSettings.actions.requested());
}

function* loadMine(): SagaIterator {
  yield call(fillHolder<AgentAvailability>, H.myAvailability.actions, assignmentApi.mine());
}

function* setMine(action: PayloadAction<{ away: boolean }>): SagaIterator {
  const result: ApiResult<AgentAvailability> = yield call(
    fillHolder<AgentAvailability>,
    H.setMyAvailability.actions,
    assignmentApi.setMine(action.payload.away),
    { context: SAVING },
  );
  if (!result.ok) return;
  yield put(H.myAvailability.actions.succeeded(result.data));
  yield call(
    notifySuccess,
    result.data.away ? 'assignment:availability.nowAway' : 'assignment:availability.nowBack',
  );
}

export function* assignmentSaga(): SagaIterator {
  yield all([
    takeLatest(H.assignmentSettings.actions.requested.type, loadSettings),
    takeLatest(H.saveAssignmentDesk.actions.requested.type, saveDesk),
    takeLatest(H.myAvailability.actions.requested.type, loadMine),
    takeLatest(H.setMyAvailability.actions.requested.type, setMine),
  ]);
}
