import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, takeLatest } from 'redux-saga/effects';
import { fillHolder } from '../../lib/holder-saga';
import type { ContentListItem, ListData } from '../records/types';
import { homeApi } from './api';
import type { PageQuery } from './api';
import { homeHolders } from './home-slice';
import type { HomeData } from './types';

const H = homeHolders;

export function* homeSaga(): SagaIterator {
  yield all([
    takeLatest(H.homeData.actions.requested.type, function* loadHome(): SagaIterator {
      yield call(fillHolder<HomeData>, H.homeData.actions, homeApi.home());
    }),
    takeLatest(
      H.whatsNew.actions.requested.type,
      function* loadNews(action: PayloadAction<PageQuery>): SagaIterator {
        yield call(
          fillHolder<ListData<ContentListItem>>,
          H.whatsNew.actions,
          homeApi.whatsNew(action.payload),
        );
      },
    ),
  ]);
}
