import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../lib/call-api';
import type { ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { mailChannelsApi } from './api';
import { mailChannelsHolders, selectMailChannelList } from './mail-channels-slice';
import type {
  ConnectionTest,
  MailChannel,
  MailChannelList,
  SaveRequest,
  TestRequest,
} from './types';

const H = mailChannelsHolders;
const SAVING = 'mailChannels:context.saving';
const TESTING = 'mailChannels:context.testing';

function* saveChannel(action: PayloadAction<SaveRequest>): SagaIterator {
  const { hd_id, values } = action.payload;
  // 400 / 404 / 409 are shown on the form, which keeps what the agent typed.
  const result: ApiResult<MailChannel> = yield call(
    callApi<MailChannel>,
    mailChannelsApi.save(hd_id, values),
    { context: SAVING, handled: [400, 404, 409] },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.mailChannelSave.actions.failed(result.error));
    return;
  }
  const list: MailChannelList | null = yield select(selectMailChannelList);
  if (list) {
    const items = list.items.map((item) => (item.hd_id === hd_id ? result.data : item));
    yield put(H.mailChannels.actions.succeeded({ items }));
  }
  yield put(H.mailChannelSave.actions.succeeded(result.data));
  yield call(notifySuccess, 'mailChannels:saved');
}

function* testConnection(action: PayloadAction<TestRequest>): SagaIterator {
  const { hd_id, imap } = action.payload;
  const result: ApiResult<ConnectionTest> = yield call(
    callApi<ConnectionTest>,
    mailChannelsApi.test(hd_id, imap),
    { context: TESTING, handled: [400, 404] },
  );
  if (result.ok) yield put(H.mailChannelTest.actions.succeeded({ hd_id, ...result.data }));
  else if (!result.cancelled) yield put(H.mailChannelTest.actions.failed(result.error));
}

export function* mailChannelsSaga(): SagaIterator {
  yield all([
    takeLatest(H.mailChannels.actions.requested.type, function* loadChannels(): SagaIterator {
      yield call(fillHolder<MailChannelList>, H.mailChannels.actions, mailChannelsApi.list());
    }),
    takeLatest(H.mailChannelSave.actions.requested.type, saveChannel),
    takeLatest(H.mailChannelTest.actions.requested.type, testConnection),
  ]);
}
