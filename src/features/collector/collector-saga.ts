import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../lib/call-api';
import type { ApiRequest, ApiResult } from '../../lib/call-api';
import { fillHolder, FETCHING } from '../../lib/holder-saga';
import type { HolderActions } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { workHolders } from '../records/work-slice';
import type { ListData } from '../records/types';
import { collectorApi } from './api';
import { collectorHolders, selectCollectorNodes, selectFavoriteContent } from './collector-slice';
import { ROOT } from './types';
import type {
  CategoryChange,
  CategoryNode,
  CollectorNode,
  ContentQuery,
  NodesByParent,
} from './types';

const H = collectorHolders;
const SAVING = 'errors:context.fetchingData';

/** One branch (or the roots): merged into what is loaded, so open branches stay open. */
function* loadNodes(action: PayloadAction<{ parent_id: number | null }>): SagaIterator {
  const parent = action.payload.parent_id;
  const result: ApiResult<CollectorNode[]> = yield call(
    callApi<CollectorNode[]>,
    collectorApi.nodes(parent),
    { context: FETCHING, handled: parent === null ? [] : [404] },
  );
  if (!result.ok) {
    if (result.cancelled) return;
    if (result.error.status === 404 && parent !== null) {
      // The branch is gone (deleted elsewhere): forget it.
      const known: NodesByParent | null = yield select(selectCollectorNodes);
      const rest = { ...(known ?? {}) };
      delete rest[parent];
      yield put(H.collectorNodes.actions.succeeded(rest));
      return;
    }
    yield put(H.collectorNodes.actions.failed(result.error));
    return;
  }
  const known: NodesByParent | null = yield select(selectCollectorNodes);
  yield put(
    H.collectorNodes.actions.succeeded({ ...(known ?? {}), [parent ?? ROOT]: result.data }),
  );
}

function* loadContent(action: PayloadAction<ContentQuery>): SagaIterator {
  yield call(
    fillHolder<ListData>,
    H.collectorContent.actions,
    collectorApi.content(action.payload),
  );
}

/** A favourite's content, merged by node id (several load at once). */
function* loadFavoriteContent(action: PayloadAction<ContentQuery>): SagaIterator {
  const result: ApiResult<ListData> = yield call(
    callApi<ListData>,
    collectorApi.content(action.payload),
    { context: FETCHING },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.favoriteContent.actions.failed(result.error));
    return;
  }
  const known: Record<number, ListData> | null = yield select(selectFavoriteContent);
  yield put(
    H.favoriteContent.actions.succeeded({
      ...(known ?? {}),
      [action.payload.category_id]: result.data,
    }),
  );
}

/**
 * After a change every picker shows it at once: the loaded collector branches are fetched again
 * and the taxonomy holders (classification pickers, search by name, favourites) are reset, so
 * whatever shows them loads them afresh.
 */
function* refreshTaxonomy(): SagaIterator {
  const known: NodesByParent | null = yield select(selectCollectorNodes);
  const parents = Object.keys(known ?? { [ROOT]: [] }).map(Number);
  const W = workHolders;
  yield put(W.classificationNodes.actions.reset());
  yield put(W.childNodes.actions.reset());
  yield put(W.taxonomySearch.actions.reset());
  yield put(W.favoriteTaxonomy.actions.reset());
  yield put(H.favoriteContent.actions.reset());
  for (const parent of parents) {
    yield put(H.collectorNodes.actions.requested({ parent_id: parent === ROOT ? null : parent }));
  }
}

function changeWorker<T>(
  actions: HolderActions<T>,
  request: (change: CategoryChange) => ApiRequest<T>,
  toastKey: string,
) {
  return function* change(action: PayloadAction<CategoryChange>): SagaIterator {
    const result: ApiResult<T> = yield call(callApi<T>, request(action.payload), {
      context: SAVING,
      handled: [400, 404, 409],
    });
    if (!result.ok) {
      if (!result.cancelled) yield put(actions.failed(result.error));
      return;
    }
    yield put(actions.succeeded(result.data));
    yield call(notifySuccess, toastKey);
    yield call(refreshTaxonomy);
  };
}

const body = ({ category_name, parent_id }: CategoryChange) => ({
  ...(category_name !== undefined ? { category_name } : {}),
  ...(parent_id !== undefined ? { parent_id } : {}),
});

export function* collectorSaga(): SagaIterator {
  yield all([
    takeEvery(H.collectorNodes.actions.requested.type, loadNodes),
    takeLatest(H.collectorContent.actions.requested.type, loadContent),
    takeEvery(H.favoriteContent.actions.requested.type, loadFavoriteContent),
    takeLatest(
      H.addCategory.actions.requested.type,
      changeWorker<CategoryNode>(
        H.addCategory.actions,
        (c) => collectorApi.addCategory({ ...body(c), category_name: c.category_name ?? '' }),
        'collector:toast.added',
      ),
    ),
    takeLatest(
      H.renameCategory.actions.requested.type,
      changeWorker<CategoryNode>(
        H.renameCategory.actions,
        (c) => collectorApi.updateCategory(c.category_id ?? 0, body(c)),
        'collector:toast.renamed',
      ),
    ),
    takeLatest(
      H.moveCategory.actions.requested.type,
      changeWorker<CategoryNode>(
        H.moveCategory.actions,
        (c) => collectorApi.updateCategory(c.category_id ?? 0, body(c)),
        'collector:toast.moved',
      ),
    ),
    takeLatest(
      H.deleteCategory.actions.requested.type,
      changeWorker<{ category_id: number }>(
        H.deleteCategory.actions,
        (c) => collectorApi.deleteCategory(c.category_id ?? 0),
        'collector:toast.deleted',
      ),
    ),
  ]);
}
