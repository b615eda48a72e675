import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, delay, put, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../lib/call-api';
import type { ApiResult } from '../../lib/call-api';
import { FETCHING, fillHolder } from '../../lib/holder-saga';
import { notifyMessage, notifySuccess } from '../../lib/notify';
import { organizationsApi } from './api';
import { organizationsHolders } from './organizations-slice';
import type { Person } from '../records/work-types';
import type { CustomFieldSet } from '../custom-fields/types';
import type {
  MemberChange,
  Organization,
  OrganizationDetails,
  OrganizationFieldsSave,
  OrganizationSave,
} from './types';

const H = organizationsHolders;
const SAVING = 'errors:context.fetchingData';

function* loadList(): SagaIterator {
  yield call(fillHolder<Organization[]>, H.organizations.actions, organizationsApi.list());
}

function* loadOne(action: PayloadAction<{ id: number }>): SagaIterator {
  // A missing organization is the page's own "not found", not a toast.
  yield call(
    fillHolder<OrganizationDetails>,
    H.organization.actions,
    organizationsApi.get(action.payload.id),
    { context: FETCHING, handled: [404] },
  );
}

/** A form flow: the failure stays in the holder for the form (400 fields, 409 taken). */
function* save(action: PayloadAction<OrganizationSave>): SagaIterator {
  const result: ApiResult<OrganizationDetails> = yield call(
    callApi<OrganizationDetails>,
    organizationsApi.save(action.payload),
    { context: SAVING, handled: [400, 404, 409] },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.saveOrganization.actions.failed(result.error));
    return;
  }
  yield put(H.saveOrganization.actions.succeeded(result.data));
  yield put(H.organization.actions.succeeded(result.data));
  yield call(notifySuccess, 'organizations:toast.saved');
  yield put(H.organizations.actions.requested());
}

/** A custom fields save: a failure stays for the section (400 under the fields, 409 stale). */
function* saveFields(action: PayloadAction<OrganizationFieldsSave>): SagaIterator {
  const result: ApiResult<OrganizationDetails> = yield call(
    callApi<OrganizationDetails>,
    organizationsApi.saveFields(action.payload),
    { context: SAVING, handled: [400, 404, 409] },
  );
  if (!result.ok) {
    if (result.cancelled) return;
    yield put(H.organizationFields.actions.failed(result.error));
    // Stale definitions: the section shows the new ones, keeping what was typed.
    if (result.error.status === 409) yield put(H.organizationFieldSet.actions.requested());
    return;
  }
  yield put(H.organizationFields.actions.succeeded(result.data));
  yield put(H.organization.actions.succeeded(result.data));
  yield call(notifySuccess, 'organizations:toast.saved');
}

function* remove(action: PayloadAction<{ id: number }>): SagaIterator {
  const result: ApiResult<{ id: number }> = yield call(
    fillHolder<{ id: number }>,
    H.deleteOrganization.actions,
    organizationsApi.remove(action.payload.id),
    { context: SAVING, handled: [404, 409] },
  );
  // "Still has tickets" (409) or gone already (404): the server's words, as a toast.
  if (!result.ok) {
    if (!result.cancelled) yield call(notifyMessage, result.error.message);
    return;
  }
  yield call(notifySuccess, 'organizations:toast.deleted');
  yield put(H.organizations.actions.requested());
}

function* member(action: PayloadAction<MemberChange & { remove?: boolean }>): SagaIterator {
  const { remove: removing, ...change } = action.payload;
  const result: ApiResult<OrganizationDetails> = yield call(
    fillHolder<OrganizationDetails>,
    H.organizationMember.actions,
    removing ? organizationsApi.removeMember(change) : organizationsApi.putMember(change),
    { context: SAVING, handled: [404] },
  );
  if (result.ok) yield put(H.organization.actions.succeeded(result.data));
  else if (!result.cancelled) yield call(notifyMessage, result.error.message);
}

/** The people to add, as the agent types (after a short pause; the newest text wins). */
function* findPeople(action: PayloadAction<{ text: string }>): SagaIterator {
  const text = action.payload.text.trim();
  if (!text) {
    yield put(H.memberSearch.actions.succeeded([]));
    return;
  }
  yield delay(200);
  yield call(fillHolder<Person[]>, H.memberSearch.actions, organizationsApi.findPeople(text));
}

export function* organizationsSaga(): SagaIterator {
  yield all([
    takeLatest(H.organizations.actions.requested.type, loadList),
    takeLatest(H.organization.actions.requested.type, loadOne),
    takeLatest(
      H.organizationFieldSet.actions.requested.type,
      function* loadFieldSet(): SagaIterator {
        yield call(
          fillHolder<CustomFieldSet>,
          H.organizationFieldSet.actions,
          organizationsApi.fieldSet(),
        );
      },
    ),
    takeLatest(H.organizationFields.actions.requested.type, saveFields),
    takeLatest(H.saveOrganization.actions.requested.type, save),
    takeLatest(H.deleteOrganization.actions.requested.type, remove),
    takeLatest(H.organizationMember.actions.requested.type, member),
    takeLatest(H.memberSearch.actions.requested.type, findPeople),
  ]);
}
