import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, takeLatest } from 'redux-saga/effects';
import { fillHolder } from '../../lib/holder-saga';
import { chartsApi } from './api';
import { chartsHolders } from './charts-slice';
import type { ChartsData, ChartsQuery } from './types';

const H = chartsHolders.chartsData;

/** A 400 (a bad or too long period) is shown on the page. */
function* loadCharts(action: PayloadAction<ChartsQuery>): SagaIterator {
  yield call(fillHolder<ChartsData>, H.actions, chartsApi.get(action.payload), {
    context: 'errors:context.fetchingData',
    handled: [400],
  });
}

export function* chartsSaga(): SagaIterator {
  yield takeLatest(H.actions.requested.type, loadCharts);
}
