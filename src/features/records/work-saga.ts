import type { Action, PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../lib/call-api';
import type { ApiRequest, ApiResult } from '../../lib/call-api';
import { LEAVE_OK, navigateTo } from '../../lib/navigation';
import { notifySuccess } from '../../lib/notify';
import { recordActivityHappened } from '../../lib/record-activity';
import type { ErrorInfo } from '../../lib/types';
import { kindOf } from './kinds';
import { recordsHolders } from './records-slice';
import type { RecordRef } from './records-slice';
import type { HdRecord } from './types';
import { workApi } from './work-api';
import { selectChildNodes, selectFavoriteTaxonomy, workHolders } from './work-slice';
import type {
  AssignRequest,
  ClassificationRequest,
  MoveRequest,
  SearchableRequest,
  PublicRequest,
  SharingRequest,
  TextQuery,
} from './work-slice';
import type { HistoryEntry, Person, RelatedRecord, TaxonomyNode } from './work-types';

const W = workHolders;
const FETCHING = 'errors:context.fetchingData';
const saving = (type: 'T' | 'C') =>
  type === 'T' ? 'errors:context.savingTicketInput' : 'errors:context.savingContentInput';

interface HolderActions<T> {
  succeeded: (data: T) => UnknownAction;
  failed: (error: ErrorInfo) => UnknownAction;
}

/** Calls, then fills the holder; a failure is swallowed after the policy told the user. */
function* fill<T>(holder: HolderActions<T>, request: ApiRequest<T>, context: string): SagaIterator {
  const result: ApiResult<T> = yield call(callApi<T>, request, { context });
  if (result.ok) yield put(holder.succeeded(result.data));
  else if (!result.cancelled) yield put(holder.failed(result.error));
  return result;
}

/** One desk's assignable agents, kept with the desk they are for. */
function* deskAgents(action: PayloadAction<number>): SagaIterator {
  const hdId = action.payload;
  const result: ApiResult<Person[]> = yield call(callApi<Person[]>, workApi.agents(hdId), {
    context: FETCHING,
  });
  if (result.ok) yield put(W.deskAgents.actions.succeeded({ hd_id: hdId, agents: result.data }));
  else if (!result.cancelled) yield put(W.deskAgents.actions.failed(result.error));
}

const historyOf = (ref: RecordRef) =>
  W.recordHistory.actions.requested({ type: ref.type, id: ref.id });

/** As-you-type searches: takeLatest cancels the older saga and callApi aborts its request. */
function searchWorker<T>(
  holder: HolderActions<T[]>,
  request: (query: TextQuery) => ApiRequest<T[]>,
) {
  return function* search(action: PayloadAction<TextQuery>): SagaIterator {
    if (!action.payload.text.trim()) {
      yield put(holder.succeeded([]));
      return;
    }
    yield call(fill<T[]>, holder, request(action.payload), FETCHING);
  };
}

/** A change to the record's own lists (sharing, classification, relations): toast + history. */
function changeWorker<P extends RecordRef, T>(
  holder: HolderActions<T>,
  target: HolderActions<T>,
  request: (payload: P) => ApiRequest<T>,
  toastKey: (payload: P) => string,
) {
  return function* change(action: PayloadAction<P>): SagaIterator {
    const p = action.payload;
    const result: ApiResult<T> = yield call(callApi<T>, request(p), { context: saving(p.type) });
    if (!result.ok) {
      if (!result.cancelled) yield put(holder.failed(result.error));
      return;
    }
    yield put(holder.succeeded(result.data));
    yield put(target.succeeded(result.data));
    yield call(notifySuccess, toastKey(p));
    yield put(historyOf(p));
  };
}

/** An agent action returning the record: a stale version (409) shows the current record. */
function recordActionWorker<P extends RecordRef>(
  holder: HolderActions<HdRecord>,
  request: (payload: P) => ApiRequest<HdRecord>,
  toastKey: string,
) {
  return function* act(action: PayloadAction<P>): SagaIterator {
    const p = action.payload;
    const result: ApiResult<HdRecord> = yield call(callApi<HdRecord>, request(p), {
      context: saving(p.type),
      handled: [400, 409],
    });
    if (!result.ok) {
      if (result.cancelled) return;
      const { current, ...error } = result.error;
      if (error.status === 409 && current) {
        yield put(recordsHolders.detailData.actions.succeeded(current as HdRecord));
      }
      yield put(holder.failed(error));
      return;
    }
    yield put(holder.succeeded(result.data));
    yield put(recordsHolders.detailData.actions.succeeded(result.data));
    yield call(notifySuccess, toastKey);
    yield put(historyOf(p));
  };
}

function* duplicate(action: PayloadAction<RecordRef>): SagaIterator {
  const { type, id } = action.payload;
  const result: ApiResult<HdRecord> = yield call(callApi<HdRecord>, workApi.duplicate(type, id), {
    context: saving(type),
  });
  if (!result.ok) {
    if (!result.cancelled) yield put(W.duplicateRecord.actions.failed(result.error));
    return;
  }
  yield put(W.duplicateRecord.actions.succeeded(result.data));
  yield call(notifySuccess, 'records:toast.recordDuplicated');
  yield call(navigateTo, kindOf(type).hdDetailsUrl(result.data.id), { state: LEAVE_OK });
}

/** Children load when a node opens; they are kept by parent id (several may load at once). */
function* loadChildren(action: PayloadAction<{ category_id: number }>): SagaIterator {
  const parent = action.payload.category_id;
  const result: ApiResult<TaxonomyNode[]> = yield call(
    callApi<TaxonomyNode[]>,
    workApi.childNodes(parent),
    { context: FETCHING },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(W.childNodes.actions.failed(result.error));
    return;
  }
  const known: Record<number, TaxonomyNode[]> | null = yield select(selectChildNodes);
  yield put(W.childNodes.actions.succeeded({ ...(known ?? {}), [parent]: result.data }));
}

function* favourites(): SagaIterator {
  const list: TaxonomyNode[] | null = yield select(selectFavoriteTaxonomy);
  return list ?? [];
}

function* addFavorite(action: PayloadAction<TaxonomyNode>): SagaIterator {
  const node = action.payload;
  const result: ApiResult<TaxonomyNode> = yield call(
    callApi<TaxonomyNode>,
    workApi.addFavorite(node.category_id),
    { context: FETCHING, handled: [409] },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(W.addFavorite.actions.failed(result.error));
    // Already a favourite (409): the list is simply stale.
    if (result.error.status === 409) yield put(W.favoriteTaxonomy.actions.requested());
    return;
  }
  yield put(W.addFavorite.actions.succeeded(result.data));
  const list: TaxonomyNode[] = yield call(favourites);
  const others = list.filter((n) => n.category_id !== result.data.category_id);
  yield put(W.favoriteTaxonomy.actions.succeeded([...others, result.data]));
}

function* removeFavorite(action: PayloadAction<TaxonomyNode>): SagaIterator {
  const result: ApiResult<{ category_id: number }> = yield call(
    callApi<{ category_id: number }>,
    workApi.removeFavorite(action.payload.category_id),
    { context: FETCHING },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(W.removeFavorite.actions.failed(result.error));
    return;
  }
  yield put(W.removeFavorite.actions.succeeded(result.data));
  const list: TaxonomyNode[] = yield call(favourites);
  yield put(
    W.favoriteTaxonomy.actions.succeeded(
      list.filter((n) => n.category_id !== action.payload.category_id),
    ),
  );
}

/**
 * Other changes to the record reload its history too: the information update here, and what the
 * threads and attachments features report through `recordActivityHappened`.
 */
const otherChanges = (action: Action) =>
  action.type === recordsHolders.informationUpdate.actions.succeeded.type ||
  recordActivityHappened.match(action);

export function* workSaga(): SagaIterator {
  let shown: RecordRef | null = null;
  function* loadHistory(action: PayloadAction<RecordRef>): SagaIterator {
    shown = action.payload;
    yield call(
      fill<HistoryEntry[]>,
      W.recordHistory.actions,
      workApi.history(shown.type, shown.id),
      FETCHING,
    );
  }
  function* otherChange(action: Action): SagaIterator {
    if (!shown) return;
    const changed = recordActivityHappened.match(action) ? action.payload.recordId : shown.id;
    if (changed === shown.id) yield put(historyOf(shown));
  }
  yield all([
    takeLatest(
      W.shareWithSearch.actions.requested.type,
      searchWorker<Person>(W.shareWithSearch.actions, (q) => workApi.searchPeople(q.text.trim())),
    ),
    takeLatest(W.sharedWith.actions.requested.type, (a: PayloadAction<RecordRef>) =>
      fill(W.sharedWith.actions, workApi.sharedWith(a.payload.type, a.payload.id), FETCHING),
    ),
    takeLatest(
      W.editSharedWith.actions.requested.type,
      changeWorker(
        W.editSharedWith.actions,
        W.sharedWith.actions,
        (p: SharingRequest) => workApi.saveSharedWith(p.type, p.id, p.user_ids),
        () => 'records:toast.sharingSaved',
      ),
    ),
    takeLatest(W.classificationNodes.actions.requested.type, () =>
      fill(W.classificationNodes.actions, workApi.rootNodes(), FETCHING),
    ),
    takeEvery(W.childNodes.actions.requested.type, loadChildren),
    takeLatest(
      W.taxonomySearch.actions.requested.type,
      searchWorker<TaxonomyNode>(W.taxonomySearch.actions, (q) =>
        workApi.nodesByName(q.text.trim()),
      ),
    ),
    takeLatest(W.favoriteTaxonomy.actions.requested.type, () =>
      fill(W.favoriteTaxonomy.actions, workApi.favorites(), FETCHING),
    ),
    takeEvery(W.addFavorite.actions.requested.type, addFavorite),
    takeEvery(W.removeFavorite.actions.requested.type, removeFavorite),
    takeLatest(W.recordTaxonomy.actions.requested.type, (a: PayloadAction<RecordRef>) =>
      fill(
        W.recordTaxonomy.actions,
        workApi.classification(a.payload.type, a.payload.id),
        FETCHING,
      ),
    ),
    takeLatest(
      W.editTaxonomy.actions.requested.type,
      changeWorker(
        W.editTaxonomy.actions,
        W.recordTaxonomy.actions,
        (p: ClassificationRequest) => workApi.saveClassification(p.type, p.id, p.category_ids),
        () => 'records:toast.classificationSaved',
      ),
    ),
    takeLatest(
      W.relatedTicketSearch.actions.requested.type,
      searchWorker(W.relatedTicketSearch.actions, (q) =>
        workApi.searchTickets(q.text.trim(), q.exclude_id),
      ),
    ),
    takeLatest(
      W.relatedContentSearch.actions.requested.type,
      searchWorker(W.relatedContentSearch.actions, (q) =>
        workApi.searchContent(q.text.trim(), q.exclude_id),
      ),
    ),
    takeLatest(W.relatedData.actions.requested.type, (a: PayloadAction<RecordRef>) =>
      fill(W.relatedData.actions, workApi.related(a.payload.type, a.payload.id), FETCHING),
    ),
    takeEvery(
      W.addRelatedData.actions.requested.type,
      changeWorker<
        RecordRef & { related_id: number; link?: RelatedRecord['link'] },
        RelatedRecord[]
      >(
        W.addRelatedData.actions,
        W.relatedData.actions,
        (p) => workApi.addRelated(p.type, p.id, p.related_id, p.link),
        () => 'records:toast.relationAdded',
      ),
    ),
    takeEvery(
      W.removeRelatedData.actions.requested.type,
      changeWorker<RecordRef & { related_id: number }, RelatedRecord[]>(
        W.removeRelatedData.actions,
        W.relatedData.actions,
        (p) => workApi.removeRelated(p.type, p.id, p.related_id),
        () => 'records:toast.relationRemoved',
      ),
    ),
    takeLatest(W.agents.actions.requested.type, () =>
      fill(W.agents.actions, workApi.agents(), FETCHING),
    ),
    takeLatest(W.deskAgents.actions.requested.type, deskAgents),
    takeLatest(
      W.assignTo.actions.requested.type,
      recordActionWorker<AssignRequest>(
        W.assignTo.actions,
        (p) => workApi.assign(p.type, p.id, p.assignee_id, p.version),
        'records:toast.recordAssigned',
      ),
    ),
    takeLatest(
      W.moveRecord.actions.requested.type,
      recordActionWorker<MoveRequest>(
        W.moveRecord.actions,
        (p) => workApi.move(p.type, p.id, p.hd_id, p.version),
        'records:toast.recordMoved',
      ),
    ),
    takeLatest(
      W.searchableUpdate.actions.requested.type,
      recordActionWorker<SearchableRequest>(
        W.searchableUpdate.actions,
        (p) => workApi.searchable(p.id, p.searchable, p.version),
        'records:toast.searchableSaved',
      ),
    ),
    takeLatest(
      W.publicUpdate.actions.requested.type,
      recordActionWorker<PublicRequest>(
        W.publicUpdate.actions,
        (p) => workApi.isPublic(p.id, p.is_public, p.version),
        'records:toast.publicSaved',
      ),
    ),
    takeLatest(W.duplicateRecord.actions.requested.type, duplicate),
    takeLatest(W.recordHistory.actions.requested.type, loadHistory),
    takeEvery(otherChanges, otherChange),
  ]);
}
