import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import { fillHolder } from '../../lib/holder-saga';
import { searchApi } from './api';
import { loaderSearchSet, searchHolders } from './search-slice';
import type { SearchQuery, SearchResults } from './types';

const H = searchHolders.searchQuery;

/** A 400 (the query's field messages) is shown beside the input, so it is handled here. */
function* runSearch(action: PayloadAction<SearchQuery>): SagaIterator {
  yield put(loaderSearchSet(true));
  yield call(fillHolder<SearchResults>, H.actions, searchApi.query(action.payload), {
    context: 'errors:context.savingTicketInput',
    handled: [400],
  });
}

export function* searchSaga(): SagaIterator {
  yield takeLatest(H.actions.requested.type, runSearch);
}
