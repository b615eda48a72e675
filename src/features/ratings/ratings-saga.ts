import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { RootState } from '../../app/root-reducer';
import type { ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { ratingsApi } from './api';
import { ratingsHolders } from './ratings-slice';
import type {
  DeskSurvey,
  DeskSurveyChange,
  RateTicket,
  SatisfactionFigures,
  SatisfactionPeriod,
  TicketSatisfaction,
} from './types';

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

function* loadSurveys(): SagaIterator {
  yield call(fillHolder<{ desks: DeskSurvey[] }>, H.deskSurveys.actions, ratingsApi.surveys());
}

/** A desk's switch: the list shows the desk as the server answers it (a desk gone: reload). */
function* setSurvey(action: PayloadAction<DeskSurveyChange>): SagaIterator {
  const result: ApiResult<DeskSurvey> = yield call(
    fillHolder<DeskSurvey>,
    H.setDeskSurvey.actions,
    ratingsApi.setSurvey(action.payload),
    { context: 'errors:context.fetchingData', handled: [404] },
  );
  if (!result.ok) {
    if (!result.cancelled && result.error.status === 404) {
      yield put(H.deskSurveys.actions.requested());
    }
    return;
  }
  const list: { desks: DeskSurvey[] } | null = yield select(
    (state: RootState) => state.holders.deskSurveys.data,
  );
  if (list) {
    yield put(
      H.deskSurveys.actions.succeeded({
        desks: list.desks.map((d) => (d.id === result.data.id ? result.data : d)),
      }),
    );
  }
  yield call(notifySuccess, 'ratings:surveys.saved');
}

function* loadFigures(action: PayloadAction<SatisfactionPeriod>): SagaIterator {
  yield call(
    fillHolder<SatisfactionFigures>,
    H.satisfactionFigures.actions,
    ratingsApi.figures(action.payload),
    { context: 'errors:context.fetchingData', handled: [400] },
  );
}

export function* ratingsSaga(): SagaIterator {
  yield all([
    takeLatest(H.ticketSatisfaction.actions.requested.type, load),
    takeLatest(H.rateTicket.actions.requested.type, rate),
    takeLatest(H.deskSurveys.actions.requested.type, loadSurveys),
    takeEvery(H.setDeskSurvey.actions.requested.type, setSurvey),
    takeLatest(H.satisfactionFigures.actions.requested.type, loadFigures),
  ]);
}
