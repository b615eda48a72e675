// The event stream's code (live-saga.ts) loads once someone is signed in, so it stays out of the
// login page's JS. Which query each list last asked for is tracked from the start.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, select, take, takeEvery } from 'redux-saga/effects';
import type { RootState } from '../../app/root-reducer';
import { recordsHolders } from '../records/records-slice';
import type { ListQuery } from '../records/types';
import { LIST_KEYS, SIGNED_IN, type LastQueries } from './live-lists';

export function* liveStarter(): SagaIterator {
  const lastQuery: LastQueries = {};
  yield takeEvery(
    LIST_KEYS.map((key) => recordsHolders[key].actions.requested.type),
    (action: PayloadAction<ListQuery>) => {
      const key = LIST_KEYS.find((k) => recordsHolders[k].actions.requested.match(action));
      if (key) lastQuery[key] = action.payload;
    },
  );
  const user: RootState['auth']['user'] = yield select((s: RootState) => s.auth.user);
  if (!user) yield take(SIGNED_IN);
  const { liveSaga }: typeof import('./live-saga') = yield call(() => import('./live-saga'));
  yield call(liveSaga, lastQuery);
}
