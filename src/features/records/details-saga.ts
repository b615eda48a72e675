import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { RootState } from '../../app/root-reducer';
import { callApi } from '../../lib/call-api';
import type { ApiResult } from '../../lib/call-api';
import { notifySuccess } from '../../lib/notify';
import { recordActivityHappened } from '../../lib/record-activity';
import { attachmentsHolders } from '../attachments/attachments-slice';
import { threadsHolders } from '../threads/threads-slice';
import { detailsApi } from './details-api';
import { detailsHolders } from './details-slice';
import type { FieldsRequest, OlderRequest } from './details-slice';
import type { FieldChanges, Macro, MacroWrite, RecordDetails, RecordView } from './details-types';
import { recordsApi } from './api';
import { recordsHolders } from './records-slice';
import type { RecordRef } from './records-slice';
import type { HdRecord, RecordWrite } from './types';
import { workApi } from './work-api';
import { workHolders } from './work-slice';
import type { TaxonomyNode } from './work-types';

const D = detailsHolders;
const READ = { context: 'errors:context.fetchingData' };

/**
 * Opening a record: ONE call fills every holder the record view reads (the record, its
 * timeline and files, classification, related, shared-with, follow state, send-as choices).
 */
export function* loadRecordDetails(ref: RecordRef): SagaIterator {
  const result: ApiResult<RecordDetails> = yield call(
    callApi<RecordDetails>,
    detailsApi.details(ref.type, ref.id),
    { ...READ, handled: [404] },
  );
  if (!result.ok) return result;
  const d = result.data;
  const recordId = ref.id;
  yield put(
    attachmentsHolders.fileAttachment.actions.succeeded({ recordId, items: d.attachments }),
  );
  yield put(workHolders.sharedWith.actions.succeeded(d.shared_with));
  yield put(workHolders.recordTaxonomy.actions.succeeded(d.classification));
  yield put(workHolders.relatedData.actions.succeeded(d.related));
  // The history panel shows the timeline's events (no history call of its own).
  yield put(
    workHolders.recordHistory.actions.succeeded(
      d.timeline.entries.flatMap((e) => (e.event ? [e.event] : [])),
    ),
  );
  yield put(
    threadsHolders.notificationUpdate.actions.succeeded({ recordId, following: d.following }),
  );
  yield put(threadsHolders.communicationFrom.actions.succeeded({ recordId, items: d.send_as }));
  const view: RecordView = {
    recordId,
    timeline: d.timeline.entries,
    nextCursor: d.timeline.next_cursor,
    attachments: d.attachments,
    permissions: d.permissions,
    ...(d.merged_into ? { mergedInto: d.merged_into.id } : {}),
  };
  yield put(D.recordView.actions.succeeded(view));
  yield put(recordsHolders.detailData.actions.succeeded(d.record as HdRecord));
  return result;
}

/**
 * What changes a shown record: then the view reloads through the details call. Replies, work log
 * entries and attachments report once, through `recordActivityHappened`.
 */
export const recordChanged = (action: Action) =>
  recordActivityHappened.match(action) ||
  [
    recordsHolders.informationUpdate.actions.succeeded,
    workHolders.assignTo.actions.succeeded,
    workHolders.moveRecord.actions.succeeded,
    workHolders.searchableUpdate.actions.succeeded,
    workHolders.publicUpdate.actions.succeeded,
    workHolders.editSharedWith.actions.succeeded,
    workHolders.editTaxonomy.actions.succeeded,
    workHolders.addRelatedData.actions.succeeded,
    workHolders.removeRelatedData.actions.succeeded,
    D.applyFields.actions.succeeded,
  ].some((creator) => creator.match(action));

const selectView = (state: RootState) => state.holders.recordView.data;
const selectRecord = (state: RootState) => state.holders.detailData.data;
const selectTaxonomy = (state: RootState) => state.holders.recordTaxonomy.data;

/** An older timeline page, appended to the shown one. */
function* loadOlder(action: PayloadAction<OlderRequest>): SagaIterator {
  const { type, id, before } = action.payload;
  const result: ApiResult<RecordDetails> = yield call(
    callApi<RecordDetails>,
    detailsApi.details(type, id, before),
    READ,
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(D.recordView.actions.failed(result.error));
    return;
  }
  const view: RecordView | null = yield select(selectView);
  if (!view || view.recordId !== id) return;
  yield put(
    D.recordView.actions.succeeded({
      ...view,
      timeline: [...view.timeline, ...result.data.timeline.entries],
      nextCursor: result.data.timeline.next_cursor,
    }),
  );
}

/**
 * A macro's field changes (or their undo) in one step: the record's fields at its version, then
 * the assignee and the classification; each answer's version is the next one's base.
 */
function* applyFields(action: PayloadAction<FieldsRequest>): SagaIterator {
  const { type, id, changes } = action.payload;
  const context = { context: 'errors:context.savingTicketInput', handled: [400, 409] };
  let record: HdRecord | null = yield select(selectRecord);
  if (!record || record.id !== id) return;
  const fail = (error: Parameters<typeof D.applyFields.actions.failed>[0]) =>
    put(D.applyFields.actions.failed(error));
  const fields: RecordWrite = { version: record.version };
  if (changes.status_id !== undefined && changes.status_id !== record.status_id) {
    fields.status_id = changes.status_id;
  }
  const priority = (record as { priority_id?: number | null }).priority_id;
  if (changes.priority_id !== undefined && changes.priority_id !== priority) {
    fields.priority_id = changes.priority_id;
  }
  if (Object.keys(fields).length > 1) {
    const r: ApiResult<HdRecord> = yield call(
      callApi<HdRecord>,
      recordsApi.update(type, id, fields),
      context,
    );
    if (!r.ok) {
      if (!r.cancelled) yield fail(r.error);
      return;
    }
    record = r.data;
    yield put(recordsHolders.detailData.actions.succeeded(r.data));
  }
  const assignee = (record as { assignee_id?: number | null }).assignee_id ?? null;
  if (changes.assignee_id !== undefined && changes.assignee_id !== assignee) {
    const r: ApiResult<HdRecord> = yield call(
      callApi<HdRecord>,
      workApi.assign(type, id, changes.assignee_id, record.version),
      context,
    );
    if (!r.ok) {
      if (!r.cancelled) yield fail(r.error);
      return;
    }
    yield put(recordsHolders.detailData.actions.succeeded(r.data));
  }
  if (changes.category_ids !== undefined) {
    const nodes: TaxonomyNode[] | null = yield select(selectTaxonomy);
    const now = (nodes ?? []).map((n) => n.category_id).sort();
    const want = [...changes.category_ids].sort();
    if (now.join() !== want.join()) {
      const r: ApiResult<TaxonomyNode[]> = yield call(
        callApi<TaxonomyNode[]>,
        workApi.saveClassification(type, id, want),
        context,
      );
      if (!r.ok) {
        if (!r.cancelled) yield fail(r.error);
        return;
      }
      yield put(workHolders.recordTaxonomy.actions.succeeded(r.data));
    }
  }
  yield put(D.applyFields.actions.succeeded(changes));
}

function* loadMacros(): SagaIterator {
  const r: ApiResult<Macro[]> = yield call(callApi<Macro[]>, detailsApi.macros(), READ);
  if (r.ok) yield put(D.macroList.actions.succeeded(r.data));
  else if (!r.cancelled) yield put(D.macroList.actions.failed(r.error));
}

function* saveMacro(action: PayloadAction<{ id?: number; values: MacroWrite }>): SagaIterator {
  const { id, values } = action.payload;
  const request =
    id === undefined ? detailsApi.createMacro(values) : detailsApi.updateMacro(id, values);
  const r: ApiResult<Macro> = yield call(callApi<Macro>, request, {
    context: 'errors:context.fetchingData',
    handled: [400],
  });
  if (!r.ok) {
    if (!r.cancelled) yield put(D.saveMacro.actions.failed(r.error));
    return;
  }
  yield put(D.saveMacro.actions.succeeded(r.data));
  yield call(notifySuccess, 'workspace:macros.saved');
  yield put(D.macroList.actions.requested());
}

function* removeMacro(action: PayloadAction<{ id: number }>): SagaIterator {
  const r: ApiResult<{ id: number }> = yield call(
    callApi<{ id: number }>,
    detailsApi.deleteMacro(action.payload.id),
    READ,
  );
  if (!r.ok) {
    if (!r.cancelled) yield put(D.removeMacro.actions.failed(r.error));
    return;
  }
  yield put(D.removeMacro.actions.succeeded(r.data));
  yield call(notifySuccess, 'workspace:macros.deleted');
  yield put(D.macroList.actions.requested());
}

export function* detailsSaga(): SagaIterator {
  yield all([
    takeLatest(D.recordView.actions.requested.type, loadOlder),
    takeLatest(D.applyFields.actions.requested.type, applyFields),
    takeLatest(D.macroList.actions.requested.type, loadMacros),
    takeLatest(D.saveMacro.actions.requested.type, saveMacro),
    takeLatest(D.removeMacro.actions.requested.type, removeMacro),
  ]);
}

export type { FieldChanges };
