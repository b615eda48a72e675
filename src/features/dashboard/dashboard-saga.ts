import type { SagaIterator } from 'redux-saga';
import { call, takeLatest } from 'redux-saga/effects';
import { fillHolder } from '../../lib/holder-saga';
import { dashboardApi } from './api';
import { dashboardHolders } from './dashboard-slice';
import type { DashboardData } from './types';

const H = dashboardHolders.dashboard;

function* loadDashboard(): SagaIterator {
  yield call(fillHolder<DashboardData>, H.actions, dashboardApi.get());
}

export function* dashboardSaga(): SagaIterator {
  yield takeLatest(H.actions.requested.type, loadDashboard);
}
