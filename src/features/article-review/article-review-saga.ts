import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { articleReviewApi } from './api';
import { articleReviewHolders } from './article-review-slice';
import { recordActivityHappened } from '../../lib/record-activity';
import type { ContentHit } from '../records/work-types';
import type {
  ArticleLanguage,
  ArticleReview,
  CompareRequest,
  QueueItem,
  ReviewStep,
  TranslationChange,
  TranslationSearch,
  VersionPair,
} from './types';

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

function* loadTranslation(action: PayloadAction<number>): SagaIterator {
  yield call(
    fillHolder<ArticleLanguage>,
    H.articleTranslation.actions,
    articleReviewApi.translation(action.payload),
  );
}

/** A refusal (400 fields, 404, 409) stays in its holder for the card to show. */
function* changeTranslation(action: PayloadAction<TranslationChange>): SagaIterator {
  const result: ApiResult<ArticleLanguage> = yield call(
    fillHolder<ArticleLanguage>,
    H.translationChange.actions,
    articleReviewApi.changeTranslation(action.payload),
    { context: SAVING, handled: [400, 404, 409] },
  );
  if (!result.ok) return;
  yield put(H.articleTranslation.actions.succeeded(result.data));
  yield put(H.translationSearch.actions.reset());
  // The history has the change now.
  yield put(recordActivityHappened({ type: 'C', recordId: action.payload.id }));
  yield call(notifySuccess, `articleReview:translation.toast.${action.payload.change}`);
}

/** As-you-type: takeLatest cancels the older search and its request. */
function* searchTranslation(action: PayloadAction<TranslationSearch>): SagaIterator {
  if (!action.payload.text.trim()) {
    yield put(H.translationSearch.actions.succeeded([]));
    return;
  }
  yield call(
    fillHolder<ContentHit[]>,
    H.translationSearch.actions,
    articleReviewApi.searchContent(action.payload),
  );
}

export function* articleReviewSaga(): SagaIterator {
  yield all([
    takeLatest(H.articleReview.actions.requested.type, loadReview),
    takeLatest(H.versionCompare.actions.requested.type, loadCompare),
    takeLatest(H.reviewQueue.actions.requested.type, loadQueue),
    takeLatest(H.reviewStep.actions.requested.type, runStep),
    takeLatest(H.articleTranslation.actions.requested.type, loadTranslation),
    takeLatest(H.translationChange.actions.requested.type, changeTranslation),
    takeLatest(H.translationSearch.actions.requested.type, searchTranslation),
  ]);
}
