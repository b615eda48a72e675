import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { ratingsApi } from './api';
import { ratingsHolders } from './ratings-slice';
import type { RateTicket, TicketSatisfaction } from './types';

const H = ratingsHolders;

function* load(action: PayloadAction<number>): SagaIterator {
  yield call(
    fillHolder<TicketSatisfaction>,
    H.ticketSatisfaction.actions,
    ratingsApi.get(action.payload),
  );
}

/** The requester's answer; the card shows the ticket's solves as the server answers them. */
function* rate(action: PayloadAction<RateTicket>): SagaIterator {
  const result: ApiResult<TicketSatisfaction> = yield call(
    fillHolder<TicketSatisfaction>,
    H.rateTicket.actions,
    ratingsApi.rate(action.payload),
    { context: 'errors:context.fetchingData', handled: [400, 409] },
  );
  if (!result.ok) return;
  yield put(H.ticketSatisfaction.actions.succeeded(result.data));
  yield call(notifySuccess, 'ratings:saved');
}

export function* ratingsSaga(): SagaIterator {
  yield all([
    takeLatest(H.ticketSatisfaction.actions.requested.type, load),
    takeLatest(H.rateTicket.actions.requested.type, rate),
  ]);
}
