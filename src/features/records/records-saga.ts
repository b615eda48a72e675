import type { Action, PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { recordActivityHappened } from '../../lib/record-activity';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { ApiResponse } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';
import type { ApiRequest, ApiResult } from '../../lib/call-api';
import { LEAVE_OK, navigateTo } from '../../lib/navigation';
import { notifyMessage, notifySuccess } from '../../lib/notify';
import type { ErrorInfo } from '../../lib/types';
import { LISTS, recordsApi } from './api';
import { loadRecordDetails, recordChanged } from './details-saga';
import type { RecordDetails } from './details-types';
import { CONTENT, TICKET } from './kinds';
import type { Kind } from './kinds';
import { formLoadingSet, recordsHolders } from './records-slice';
import type {
  DeleteRequest,
  DropdownKey,
  ListKey,
  RecordRef,
  SaveRequest,
  UpdateRequest,
} from './records-slice';
import type { HdRecord, ListData, ListQuery, ObjectType } from './types';

const H = recordsHolders;

/** Lists: takeLatest cancels the previous saga, and callApi aborts its request. */
function listWorker(key: ListKey) {
  const { type, scope } = LISTS[key];
  const holder = H[key];
  return function* loadList(action: PayloadAction<ListQuery>): SagaIterator {
    const result: ApiResult<ListData> = yield call(
      callApi<ListData>,
      recordsApi.list(type, scope, action.payload),
      { context: 'errors:context.fetchingData' },
    );
    if (result.ok) yield put(holder.actions.succeeded(result.data));
    else if (!result.cancelled) yield put(holder.actions.failed(result.error));
  };
}

/** GET helpdesk/?object_type= answered whole (its `data`, the desks, and the forms' lookups). */
type HelpdeskWhole = ApiResponse<'/api/helpdesk/', 'get'>;

/**
 * A kind's help desks: the answer also carries its custom fields (and a ticket's default
 * company), which go to the form-lookups holder, so the forms need no call of their own.
 */
function helpdeskWorker(type: ObjectType) {
  const desks = type === 'T' ? H.ticketHelpDesk : H.contentHelpDesk;
  const extras = type === 'T' ? H.ticketFormLookups : H.contentFormLookups;
  return function* loadHelpdesks(): SagaIterator {
    const result: ApiResult<HelpdeskWhole> = yield call(
      callApi<HelpdeskWhole>,
      recordsApi.helpdesksWithForm(type),
      { context: 'errors:context.fetchingData' },
    );
    if (!result.ok) {
      if (!result.cancelled) yield put(desks.actions.failed(result.error));
      return;
    }
    const { data, custom_fields, company_id } = result.data;
    yield put(desks.actions.succeeded(data));
    if (custom_fields) {
      yield put(extras.actions.succeeded({ custom_fields, company_id: company_id ?? null }));
    }
  };
}

const DROPDOWNS: Record<
  Exclude<DropdownKey, 'ticketHelpDesk' | 'contentHelpDesk'>,
  { request: ApiRequest<unknown>; context: string }
> = {
  ticketStatus: { request: recordsApi.statuses('T'), context: 'errors:context.filteringStatus' },
  contentStatus: { request: recordsApi.statuses('C'), context: 'errors:context.filteringStatus' },
  priority: { request: recordsApi.priorities(), context: 'errors:context.fetchingPriority' },
  company: { request: recordsApi.companies(), context: 'errors:context.fetchingData' },
  contentType: {
    request: recordsApi.contentTypes(),
    context: 'errors:context.fetchingContentTypes',
  },
};

/** Dropdowns: loaded on demand; failures are swallowed after the policy's toast. */
function dropdownWorker(key: keyof typeof DROPDOWNS) {
  const { request, context } = DROPDOWNS[key];
  const actions = H[key].actions as unknown as {
    succeeded: (data: unknown) => UnknownAction;
    failed: (error: ErrorInfo) => UnknownAction;
  };
  return function* loadDropdown(): SagaIterator {
    const result: ApiResult<unknown> = yield call(callApi<unknown>, request, { context });
    if (result.ok) yield put(actions.succeeded(result.data));
    else if (!result.cancelled) yield put(actions.failed(result.error));
  };
}

/**
 * One record, through the details call (details-saga.ts), which fills the view's other holders
 * too; a 404 is shown by the page itself (no toast).
 */
function* loadDetail(action: PayloadAction<RecordRef>): SagaIterator {
  const result: ApiResult<RecordDetails> = yield call(loadRecordDetails, action.payload);
  if (!result.ok && !result.cancelled) yield put(H.detailData.actions.failed(result.error));
  yield put(formLoadingSet(false));
}

/** The entry forms: create, or save a draft again; submit goes to details, a draft stays. */
function saveWorker(kind: Kind) {
  const holder = kind.type === 'T' ? H.saveTicketInput : H.saveContentInput;
  const context =
    kind.type === 'T' ? 'errors:context.savingTicketInput' : 'errors:context.savingContentInput';
  return function* save(action: PayloadAction<SaveRequest>): SagaIterator {
    const { id, values } = action.payload;
    const request =
      id === undefined
        ? recordsApi.create(kind.type, values)
        : recordsApi.update(kind.type, id, values);
    const result: ApiResult<HdRecord> = yield call(callApi<HdRecord>, request, {
      context,
      handled: [400, 409],
    });
    if (!result.ok) {
      if (!result.cancelled) yield put(holder.actions.failed(result.error));
      return;
    }
    const record = result.data;
    yield put(holder.actions.succeeded(record));
    if (record.is_draft) {
      yield call(notifySuccess, 'records:toast.draftSaved');
      if (id === undefined) {
        yield call(navigateTo, kind.draftFormUrl(record.id), { replace: true, state: LEAVE_OK });
      }
    } else {
      yield call(notifySuccess, `records:toast.${kind.key}Created`);
      yield call(navigateTo, kind.myDetailsUrl(record.id), { state: LEAVE_OK });
    }
  };
}

/** The information update: a stale version answers 409 with the current record. */
function* updateRecord(action: PayloadAction<UpdateRequest>): SagaIterator {
  const { type, id, values } = action.payload;
  const result: ApiResult<HdRecord> = yield call(
    callApi<HdRecord>,
    recordsApi.update(type, id, values),
    {
      context:
        type === 'T' ? 'errors:context.savingTicketInput' : 'errors:context.savingContentInput',
      handled: [400, 409],
    },
  );
  if (!result.ok) {
    if (result.cancelled) return;
    const { current, ...error } = result.error;
    if (error.status === 409 && current) {
      yield put(H.detailData.actions.succeeded(current as HdRecord));
    } else if (error.status === 409) {
      // Refused, not stale (publishing an article without review): the server's own words.
      yield call(notifyMessage, error.message);
      error.notified = true;
    }
    yield put(H.informationUpdate.actions.failed(error));
    return;
  }
  yield put(H.detailData.actions.succeeded(result.data));
  yield put(H.informationUpdate.actions.succeeded(result.data));
  yield call(notifySuccess, 'records:toast.changesSaved');
}

/** Discarding a draft: afterwards the drafts list; an agent's delete: afterwards the hd list. */
function* deleteRecord(action: PayloadAction<DeleteRequest>): SagaIterator {
  const { type, id, agent } = action.payload;
  const result: ApiResult<{ id: number }> = yield call(
    callApi<{ id: number }>,
    recordsApi.remove(type, id),
    {
      context:
        type === 'T' ? 'errors:context.savingTicketInput' : 'errors:context.savingContentInput',
    },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.deleteRecord.actions.failed(result.error));
    return;
  }
  yield put(H.deleteRecord.actions.succeeded(result.data));
  const kind = type === 'T' ? TICKET : CONTENT;
  if (agent) {
    yield call(notifySuccess, 'records:toast.recordDeleted');
    yield call(navigateTo, kind.hdListUrl, { replace: true, state: LEAVE_OK });
    return;
  }
  yield call(notifySuccess, 'records:toast.draftDiscarded');
  yield call(navigateTo, kind.draftsListUrl, { replace: true, state: LEAVE_OK });
}

export function* recordsSaga(): SagaIterator {
  // The record on screen reloads (one details call) when something changes it.
  let shown: RecordRef | null = null;
  function* open(action: PayloadAction<RecordRef>): SagaIterator {
    shown = action.payload;
    yield call(loadDetail, action);
  }
  function* refresh(action: Action): SagaIterator {
    if (!shown) return;
    const changed = recordActivityHappened.match(action) ? action.payload.recordId : shown.id;
    if (changed === shown.id) yield call(loadRecordDetails, shown);
  }
  const lists = (Object.keys(LISTS) as ListKey[]).map((key) =>
    takeLatest(H[key].actions.requested.type, listWorker(key)),
  );
  const dropdowns = (Object.keys(DROPDOWNS) as (keyof typeof DROPDOWNS)[]).map((key) =>
    takeLatest(H[key].actions.requested.type, dropdownWorker(key)),
  );
  dropdowns.push(
    takeLatest(H.ticketHelpDesk.actions.requested.type, helpdeskWorker('T')),
    takeLatest(H.contentHelpDesk.actions.requested.type, helpdeskWorker('C')),
  );
  yield all([
    ...lists,
    ...dropdowns,
    takeLatest(H.detailData.actions.requested.type, open),
    takeLatest(recordChanged, refresh),
    takeLatest(H.saveTicketInput.actions.requested.type, saveWorker(TICKET)),
    takeLatest(H.saveContentInput.actions.requested.type, saveWorker(CONTENT)),
    takeLatest(H.informationUpdate.actions.requested.type, updateRecord),
    takeLatest(H.deleteRecord.actions.requested.type, deleteRecord),
  ]);
}
