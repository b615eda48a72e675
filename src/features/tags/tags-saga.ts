import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { RootState } from '../../app/root-reducer';
import { callApi, type ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { recordsHolders } from '../records/records-slice';
import type { HdRecord } from '../records/types';
import { tagsApi } from './api';
import { tagsHolders } from './tags-slice';
import type { RecordTagAdd, RecordTagRemove, Tag, TagQuery, TagUsage } from './types';

const H = tagsHolders;
const SAVING = 'tags:context.saving';

const openRecord = (state: RootState) => state.holders.detailData.data;

/** The open record shows its new tags (the record view's one call is not made again). */
function* showOnRecord(type: HdRecord['object_type'], id: number, tags: Tag[]): SagaIterator {
  const record: HdRecord | null = yield select(openRecord);
  if (record && record.id === id && record.object_type === type) {
    yield put(recordsHolders.detailData.actions.succeeded({ ...record, tags } as HdRecord));
  }
}

function* addToRecord(action: PayloadAction<RecordTagAdd>): SagaIterator {
  const { type, id, name, tag_id } = action.payload;
  const body = name !== undefined ? { name } : { tag_id };
  // A 400 (a name too long, a line break) is shown under the type-ahead.
  const result: ApiResult<Tag[]> = yield call(callApi<Tag[]>, tagsApi.addToRecord(type, id, body), {
    context: SAVING,
    handled: [400],
  });
  if (!result.ok) {
    if (!result.cancelled) yield put(H.recordTagAdd.actions.failed(result.error));
    return;
  }
  yield put(H.recordTagAdd.actions.succeeded({ type, id, tags: result.data }));
  yield call(showOnRecord, type, id, result.data);
}

function* removeFromRecord(action: PayloadAction<RecordTagRemove>): SagaIterator {
  const { type, id, tag } = action.payload;
  const result: ApiResult<Tag[]> = yield call(
    callApi<Tag[]>,
    tagsApi.removeFromRecord(type, id, tag.id),
    { context: SAVING },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.recordTagRemove.actions.failed(result.error));
    return;
  }
  yield put(H.recordTagRemove.actions.succeeded({ type, id, tags: result.data }));
  yield call(showOnRecord, type, id, result.data);
}

/** An administrator's change: the page's figures are read again. */
function* adminChange<T>(
  holder: { succeeded: (data: T) => { type: string }; failed: typeof H.tagCreate.actions.failed },
  request: Parameters<typeof callApi<T>>[0],
  handled: number[],
  done: string,
  values?: Record<string, string>,
): SagaIterator {
  const result: ApiResult<T> = yield call(callApi<T>, request, { context: SAVING, handled });
  if (!result.ok) {
    if (!result.cancelled) yield put(holder.failed(result.error));
    return;
  }
  yield put(holder.succeeded(result.data));
  yield put(H.tagUsage.actions.requested());
  yield call(notifySuccess, done, values);
}

export function* tagsSaga(): SagaIterator {
  yield all([
    takeLatest(
      H.tagSuggestions.actions.requested.type,
      function* suggest(a: PayloadAction<TagQuery>): SagaIterator {
        yield call(fillHolder<Tag[]>, H.tagSuggestions.actions, tagsApi.find(a.payload));
      },
    ),
    takeLatest(
      H.tagChoices.actions.requested.type,
      function* choices(a: PayloadAction<TagQuery>): SagaIterator {
        yield call(fillHolder<Tag[]>, H.tagChoices.actions, tagsApi.find(a.payload));
      },
    ),
    takeLatest(
      H.tagOptions.actions.requested.type,
      function* options(a: PayloadAction<TagQuery>): SagaIterator {
        yield call(fillHolder<Tag[]>, H.tagOptions.actions, tagsApi.find(a.payload));
      },
    ),
    takeEvery(H.recordTagAdd.actions.requested.type, addToRecord),
    takeEvery(H.recordTagRemove.actions.requested.type, removeFromRecord),
    takeLatest(H.tagUsage.actions.requested.type, function* usage(): SagaIterator {
      yield call(fillHolder<TagUsage[]>, H.tagUsage.actions, tagsApi.usage());
    }),
    takeLatest(
      H.tagCreate.actions.requested.type,
      function* create(a: PayloadAction<{ name: string }>): SagaIterator {
        yield call(
          adminChange<Tag>,
          H.tagCreate.actions,
          tagsApi.create(a.payload.name),
          [400, 409],
          'tags:admin.created',
          { name: a.payload.name.trim() },
        );
      },
    ),
    takeLatest(
      H.tagRename.actions.requested.type,
      function* rename(a: PayloadAction<{ id: number; name: string }>): SagaIterator {
        const { id, name } = a.payload;
        yield call(
          adminChange<Tag>,
          H.tagRename.actions,
          tagsApi.rename(id, name),
          [400, 404, 409],
          'tags:admin.renamed',
          { name: name.trim() },
        );
      },
    ),
    takeLatest(
      H.tagMerge.actions.requested.type,
      function* merge(a: PayloadAction<{ id: number; into: Tag; from: string }>): SagaIterator {
        const { id, into, from } = a.payload;
        yield call(
          adminChange<{ records: number }>,
          H.tagMerge.actions,
          tagsApi.merge(id, into.id),
          [400, 404],
          'tags:admin.merged',
          { from, into: into.name },
        );
      },
    ),
    takeLatest(
      H.tagDelete.actions.requested.type,
      function* remove(a: PayloadAction<{ id: number; name: string }>): SagaIterator {
        yield call(
          adminChange<{ records: number }>,
          H.tagDelete.actions,
          tagsApi.remove(a.payload.id),
          [404],
          'tags:admin.deleted',
          { name: a.payload.name },
        );
      },
    ),
  ]);
}
