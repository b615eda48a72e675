import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { articleReviewApi } from './api';
import { articleReviewHolders } from './article-review-slice';
import type { ArticleReview, CompareRequest, QueueItem, ReviewStep, VersionPair } from './types';

const H = articleReviewHolders;
const SAVING = 'errors:context.fetchingData';

function* loadReview(action: PayloadAction<number>): SagaIterator {
  yield call(
    fillHolder<ArticleReview>,
    H.articleReview.actions,
    articleReviewApi.versions(action.payload),
  );
}

function* loadCompare(action: PayloadAction<CompareRequest>): SagaIterator {
  yield call(
    fillHolder<VersionPair>,
    H.versionCompare.actions,
    articleReviewApi.compare(action.payload),
  );
}

function* loadQueue(): SagaIterator {
  yield call(fillHolder<{ items: QueueItem[] }>, H.reviewQueue.actions, articleReviewApi.queue());
}

/** A step's refusal (400 fields, 403, 409) stays in its holder for the panel to show. */
function* runStep(action: PayloadAction<ReviewStep>): SagaIterator {
  const result: ApiResult<ArticleReview> = yield call(
    fillHolder<ArticleReview>,
    H.reviewStep.actions,
    articleReviewApi.step(action.payload),
    { context: SAVING, handled: [400, 403, 404, 409] },
  );
  if (!result.ok) return;
  yield put(H.articleReview.actions.succeeded(result.data));
  yield call(notifySuccess, `articleReview:toast.${action.payload.step}`);
}

export function* articleReviewSaga(): SagaIterator {
  yield all([
    takeLatest(H.articleReview.actions.requested.type, loadReview),
    takeLatest(H.versionCompare.actions.requested.type, loadCompare),
    takeLatest(H.reviewQueue.actions.requested.type, loadQueue),
    takeLatest(H.reviewStep.actions.requested.type, runStep),
  ]);
}
