import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { callApi, type ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { webhooksApi } from './api';
import type {
  SendAgain,
  ShownSecret,
  WebhookCreated,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookSave,
} from './types';
import { webhooksHolders } from './webhooks-slice';

const H = webhooksHolders;
const SAVING = 'errors:context.fetchingData';

function* loadEndpoints(): SagaIterator {
  yield call(fillHolder<WebhookEndpoint[]>, H.webhooks.actions, webhooksApi.list());
}

/** A form flow: the failure stays in the holder for the form (400 fields, 404). A new endpoint's secret is shown once. */
function* saveEndpoint(action: PayloadAction<WebhookSave>): SagaIterator {
  const s = action.payload;
  if (s.id === undefined) {
    const result: ApiResult<WebhookCreated> = yield call(
      callApi<WebhookCreated>,
      webhooksApi.create(s),
      { context: SAVING, handled: [400] },
    );
    if (!result.ok) {
      if (!result.cancelled) yield put(H.saveWebhook.actions.failed(result.error));
      return;
    }
    const { endpoint, secret } = result.data;
    yield put(H.webhookSecret.actions.succeeded({ endpointId: endpoint.id, secret }));
    yield put(H.saveWebhook.actions.succeeded(endpoint));
  } else {
    const result: ApiResult<WebhookEndpoint> = yield call(
      callApi<WebhookEndpoint>,
      webhooksApi.update(s.id, s),
      { context: SAVING, handled: [400, 404] },
    );
    if (!result.ok) {
      if (!result.cancelled) yield put(H.saveWebhook.actions.failed(result.error));
      return;
    }
    yield put(H.saveWebhook.actions.succeeded(result.data));
  }
  yield call(notifySuccess, 'webhooks:toast.saved');
  yield put(H.webhooks.actions.requested());
}

function* deleteEndpoint(action: PayloadAction<number>): SagaIterator {
  const result: ApiResult<{ id: number }> = yield call(
    fillHolder<{ id: number }>,
    H.deleteWebhook.actions,
    webhooksApi.remove(action.payload),
    { context: SAVING },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'webhooks:toast.deleted');
  yield put(H.webhooks.actions.requested());
}

function* regenerateSecret(action: PayloadAction<number>): SagaIterator {
  const endpointId = action.payload;
  const result: ApiResult<{ secret: string }> = yield call(
    callApi<{ secret: string }>,
    webhooksApi.regenerate(endpointId),
    { context: SAVING },
  );
  if (result.ok) {
    const shown: ShownSecret = { endpointId, secret: result.data.secret };
    yield put(H.webhookSecret.actions.succeeded(shown));
  } else if (!result.cancelled) yield put(H.webhookSecret.actions.failed(result.error));
}

function* loadDeliveries(action: PayloadAction<number>): SagaIterator {
  yield call(
    fillHolder<WebhookDelivery[]>,
    H.webhookDeliveries.actions,
    webhooksApi.deliveries(action.payload),
  );
}

function* sendAgain(action: PayloadAction<SendAgain>): SagaIterator {
  const result: ApiResult<WebhookDelivery> = yield call(
    fillHolder<WebhookDelivery>,
    H.sendWebhookAgain.actions,
    webhooksApi.sendAgain(action.payload),
    { context: SAVING },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'webhooks:toast.sentAgain');
  yield put(H.webhookDeliveries.actions.requested(action.payload.endpointId));
}

export function* webhooksSaga(): SagaIterator {
  yield all([
    takeLatest(H.webhooks.actions.requested.type, loadEndpoints),
    takeLatest(H.saveWebhook.actions.requested.type, saveEndpoint),
    takeLatest(H.deleteWebhook.actions.requested.type, deleteEndpoint),
    takeLatest(H.webhookSecret.actions.requested.type, regenerateSecret),
    takeLatest(H.webhookDeliveries.actions.requested.type, loadDeliveries),
    takeLatest(H.sendWebhookAgain.actions.requested.type, sendAgain),
  ]);
}
