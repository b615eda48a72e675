import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, delay, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { callApi, type ApiResult } from '../../lib/call-api';
import { fillHolder, FETCHING } from '../../lib/holder-saga';
import { suggestionsApi } from './api';
import { suggestionsHolders } from './suggestions-slice';
import type {
  ArticleStats,
  ArticleTotals,
  MarkSent,
  SuggestedArticle,
  ViewedArticle,
  OpenArticle,
  Raised,
  SentArticle,
  Suggestion,
  SuggestQuery,
} from './types';

const H = suggestionsHolders;

/** The pause after the last keystroke before asking (the list shows within 300 ms of it). */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Fewer letters than this suggest nothing. */
export const SUGGEST_MIN_CHARS = 3;

/**
 * Debounced by takeLatest + delay: a keystroke cancels the wait, or the request on its way (its
 * AbortController aborts it), of the one before. A failure leaves the list empty, quietly: the
 * form works without suggestions (429 included).
 */
function* suggest(action: PayloadAction<SuggestQuery>): SagaIterator {
  const text = action.payload.text.trim();
  if ([...text].length < SUGGEST_MIN_CHARS) {
    yield put(H.suggestions.actions.succeeded([]));
    return;
  }
  yield delay(SUGGEST_DEBOUNCE_MS);
  const result: ApiResult<Suggestion[]> = yield call(
    callApi<Suggestion[]>,
    suggestionsApi.suggest(text.slice(0, 200)),
    { context: FETCHING, handled: [400, 429] },
  );
  if (result.ok) yield put(H.suggestions.actions.succeeded(result.data));
  else if (!result.cancelled) yield put(H.suggestions.actions.failed(result.error));
}

function* openArticle(action: PayloadAction<OpenArticle>): SagaIterator {
  const { id, sessionId } = action.payload;
  yield call(
    fillHolder<SuggestedArticle>,
    H.suggestedArticle.actions,
    suggestionsApi.open(id, sessionId),
    {
      context: FETCHING,
      handled: [404, 429],
    },
  );
}

function* raised(action: PayloadAction<Raised>): SagaIterator {
  const { sessionId, ticketId } = action.payload;
  yield call(
    fillHolder<{ attached: number }>,
    H.suggestionsRaised.actions,
    suggestionsApi.raised(sessionId, ticketId),
    {
      context: FETCHING,
      handled: [404],
    },
  );
}

function* markSent(action: PayloadAction<MarkSent>): SagaIterator {
  const { messageId, articleId, recordId } = action.payload;
  const result: ApiResult<SentArticle> = yield call(
    fillHolder<SentArticle>,
    H.markArticleSent.actions,
    suggestionsApi.markSent(messageId, articleId),
  );
  if (result.ok) yield put(H.sentArticles.actions.requested(recordId));
}

/** Block elements end a line; the rest of the markup goes. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(
    html.replace(/<\/(p|div|li|h[1-6]|tr)>|<br\s*\/?>/gi, '$&\n'),
    'text/html',
  );
  return (doc.body.textContent ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

function* searchArticles(action: PayloadAction<SuggestQuery>): SagaIterator {
  yield call(
    fillHolder<Suggestion[]>,
    H.articleSearch.actions,
    suggestionsApi.suggest(action.payload.text.trim().slice(0, 200)),
  );
}

function* articleText(action: PayloadAction<number>): SagaIterator {
  const id = action.payload;
  const result: ApiResult<{ body: string }> = yield call(
    callApi<{ body: string }>,
    suggestionsApi.content(id),
    { context: FETCHING },
  );
  if (result.ok)
    yield put(H.articleText.actions.succeeded({ id, text: htmlToText(result.data.body) }));
  else if (!result.cancelled) yield put(H.articleText.actions.failed(result.error));
}

export function* suggestionsSaga(): SagaIterator {
  yield all([
    takeLatest(H.suggestions.actions.requested.type, suggest),
    takeLatest(H.suggestedArticle.actions.requested.type, openArticle),
    takeEvery(H.suggestionsRaised.actions.requested.type, raised),
    takeLatest(
      H.viewedBeforeRaising.actions.requested.type,
      function* viewed(action: PayloadAction<number>): SagaIterator {
        yield call(
          fillHolder<ViewedArticle[]>,
          H.viewedBeforeRaising.actions,
          suggestionsApi.viewed(action.payload),
        );
      },
    ),
    takeLatest(
      H.sentArticles.actions.requested.type,
      function* sent(action: PayloadAction<number>): SagaIterator {
        yield call(
          fillHolder<SentArticle[]>,
          H.sentArticles.actions,
          suggestionsApi.sent(action.payload),
        );
      },
    ),
    takeEvery(H.markArticleSent.actions.requested.type, markSent),
    takeLatest(H.articleSearch.actions.requested.type, searchArticles),
    takeLatest(H.articleText.actions.requested.type, articleText),
    takeLatest(
      H.articleStats.actions.requested.type,
      function* stats(action: PayloadAction<number>): SagaIterator {
        yield call(
          fillHolder<ArticleStats>,
          H.articleStats.actions,
          suggestionsApi.stats(action.payload),
        );
      },
    ),
    takeLatest(
      H.articleTotals.actions.requested.type,
      function* totals(action: PayloadAction<number>): SagaIterator {
        yield call(
          fillHolder<ArticleTotals>,
          H.articleTotals.actions,
          suggestionsApi.totals(action.payload),
        );
      },
    ),
  ]);
}
