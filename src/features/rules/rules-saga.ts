import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, debounce, put, takeLatest } from 'redux-saga/effects';
import { callApi, type ApiResult } from '../../lib/call-api';
import { fillHolder } from '../../lib/holder-saga';
import { notifySuccess } from '../../lib/notify';
import { rulesApi } from './api';
import { rulesHolders } from './rules-slice';
import type {
  Automation,
  AutomationPreview,
  AutomationPreviewRequest,
  AutomationSave,
  PreviewRequest,
  RuleTemplate,
  TemplatePreview,
  TemplateSave,
  Trigger,
  TriggerSave,
  TriggerTestResult,
} from './types';

const H = rulesHolders;
const SAVING = 'errors:context.fetchingData';

function* loadTriggers(): SagaIterator {
  yield call(fillHolder<Trigger[]>, H.triggers.actions, rulesApi.triggers());
}

/** A form flow: a 400's field messages stay in the holder for the editor. */
function* saveTrigger(action: PayloadAction<TriggerSave>): SagaIterator {
  const result: ApiResult<Trigger> = yield call(
    fillHolder<Trigger>,
    H.saveTrigger.actions,
    rulesApi.saveTrigger(action.payload),
    { context: SAVING, handled: [400, 404] },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'rules:toast.triggerSaved');
  yield put(H.triggers.actions.requested());
}

function* toggleTrigger(action: PayloadAction<TriggerSave>): SagaIterator {
  const result: ApiResult<Trigger> = yield call(
    fillHolder<Trigger>,
    H.toggleTrigger.actions,
    rulesApi.saveTrigger(action.payload),
    { context: SAVING },
  );
  yield put(H.triggers.actions.requested());
  if (result.ok) yield call(notifySuccess, 'rules:toast.triggerSaved');
}

function* deleteTrigger(action: PayloadAction<{ id: number; name: string }>): SagaIterator {
  const result: ApiResult<{ id: number }> = yield call(
    fillHolder<{ id: number }>,
    H.deleteTrigger.actions,
    rulesApi.deleteTrigger(action.payload.id),
    { context: SAVING },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'rules:toast.triggerDeleted');
  yield put(H.triggers.actions.requested());
}

/** The order route answers the list in its new order. */
function* orderTriggers(action: PayloadAction<number[]>): SagaIterator {
  const result: ApiResult<Trigger[]> = yield call(
    fillHolder<Trigger[]>,
    H.orderTriggers.actions,
    rulesApi.orderTriggers(action.payload),
    { context: SAVING, handled: [400] },
  );
  if (result.ok) yield put(H.triggers.actions.succeeded(result.data));
  else if (!result.cancelled) yield put(H.triggers.actions.requested());
}

function* testTrigger(action: PayloadAction<{ id: number; ticketId: number }>): SagaIterator {
  yield call(
    fillHolder<TriggerTestResult>,
    H.testTrigger.actions,
    rulesApi.testTrigger(action.payload.id, action.payload.ticketId),
    { context: SAVING, handled: [400, 404] },
  );
}

function* loadTemplates(): SagaIterator {
  yield call(fillHolder<RuleTemplate[]>, H.ruleTemplates.actions, rulesApi.templates());
}

function* saveTemplate(action: PayloadAction<TemplateSave>): SagaIterator {
  const result: ApiResult<RuleTemplate> = yield call(
    fillHolder<RuleTemplate>,
    H.saveTemplate.actions,
    rulesApi.saveTemplate(action.payload),
    { context: SAVING, handled: [400, 404] },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'rules:toast.templateSaved');
  yield put(H.ruleTemplates.actions.requested());
}

/** A 409 names the triggers that use the template: the dialog shows it. */
function* deleteTemplate(action: PayloadAction<{ id: number; name: string }>): SagaIterator {
  const result: ApiResult<{ id: number }> = yield call(
    fillHolder<{ id: number }>,
    H.deleteTemplate.actions,
    rulesApi.deleteTemplate(action.payload.id),
    { context: SAVING, handled: [404, 409] },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'rules:toast.templateDeleted');
  yield put(H.ruleTemplates.actions.requested());
}

function* previewTemplate(action: PayloadAction<PreviewRequest>): SagaIterator {
  yield call(
    fillHolder<TemplatePreview>,
    H.previewTemplate.actions,
    rulesApi.preview(action.payload),
    { context: SAVING, handled: [400, 404] },
  );
}

function* loadAutomations(): SagaIterator {
  yield call(fillHolder<Automation[]>, H.automations.actions, rulesApi.automations());
}

/** A form flow: a 400's field messages stay in the holder for the editor. */
function* saveAutomation(action: PayloadAction<AutomationSave>): SagaIterator {
  const result: ApiResult<Automation> = yield call(
    fillHolder<Automation>,
    H.saveAutomation.actions,
    rulesApi.saveAutomation(action.payload),
    { context: SAVING, handled: [400, 404] },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'rules:automations.toast.saved');
  yield put(H.automations.actions.requested());
}

function* toggleAutomation(action: PayloadAction<AutomationSave>): SagaIterator {
  const result: ApiResult<Automation> = yield call(
    fillHolder<Automation>,
    H.toggleAutomation.actions,
    rulesApi.saveAutomation(action.payload),
    { context: SAVING },
  );
  yield put(H.automations.actions.requested());
  if (result.ok) yield call(notifySuccess, 'rules:automations.toast.saved');
}

function* deleteAutomation(action: PayloadAction<{ id: number; name: string }>): SagaIterator {
  const result: ApiResult<{ id: number }> = yield call(
    fillHolder<{ id: number }>,
    H.deleteAutomation.actions,
    rulesApi.deleteAutomation(action.payload.id),
    { context: SAVING },
  );
  if (!result.ok) return;
  yield call(notifySuccess, 'rules:automations.toast.deleted');
  yield put(H.automations.actions.requested());
}

/** A move: the two rules' saves with each other's position, one after the other. */
function* orderAutomations(action: PayloadAction<AutomationSave[]>): SagaIterator {
  const saved: Automation[] = [];
  for (const save of action.payload) {
    const result: ApiResult<Automation> = yield call(
      callApi<Automation>,
      rulesApi.saveAutomation(save),
      { context: SAVING },
    );
    if (!result.ok) {
      if (!result.cancelled) yield put(H.orderAutomations.actions.failed(result.error));
      break;
    }
    saved.push(result.data);
  }
  if (saved.length === action.payload.length)
    yield put(H.orderAutomations.actions.succeeded(saved));
  yield put(H.automations.actions.requested());
}

function* runAutomation(action: PayloadAction<{ id: number; name: string }>): SagaIterator {
  const result: ApiResult<{ id: number }> = yield call(
    fillHolder<{ id: number }>,
    H.runAutomation.actions,
    rulesApi.runAutomation(action.payload.id),
    { context: SAVING },
  );
  if (result.ok) yield call(notifySuccess, 'rules:automations.toast.run');
}

/** How long the conditions stay unchanged before the preview is asked again. */
const PREVIEW_DEBOUNCE_MS = 400;

/** The editor's count of matching tickets; a 400 names the part the server refuses. */
function* previewAutomation(action: PayloadAction<AutomationPreviewRequest>): SagaIterator {
  yield call(
    fillHolder<AutomationPreview>,
    H.previewAutomation.actions,
    rulesApi.previewAutomation(action.payload),
    { context: SAVING, handled: [400] },
  );
}

export function* rulesSaga(): SagaIterator {
  yield all([
    takeLatest(H.triggers.actions.requested.type, loadTriggers),
    takeLatest(H.saveTrigger.actions.requested.type, saveTrigger),
    takeLatest(H.toggleTrigger.actions.requested.type, toggleTrigger),
    takeLatest(H.deleteTrigger.actions.requested.type, deleteTrigger),
    takeLatest(H.orderTriggers.actions.requested.type, orderTriggers),
    takeLatest(H.testTrigger.actions.requested.type, testTrigger),
    takeLatest(H.ruleTemplates.actions.requested.type, loadTemplates),
    takeLatest(H.saveTemplate.actions.requested.type, saveTemplate),
    takeLatest(H.deleteTemplate.actions.requested.type, deleteTemplate),
    takeLatest(H.previewTemplate.actions.requested.type, previewTemplate),
    takeLatest(H.automations.actions.requested.type, loadAutomations),
    takeLatest(H.saveAutomation.actions.requested.type, saveAutomation),
    takeLatest(H.toggleAutomation.actions.requested.type, toggleAutomation),
    takeLatest(H.deleteAutomation.actions.requested.type, deleteAutomation),
    takeLatest(H.orderAutomations.actions.requested.type, orderAutomations),
    takeLatest(H.runAutomation.actions.requested.type, runAutomation),
    // As the editor's conditions change: asked once they stay unchanged for a moment.
    debounce(PREVIEW_DEBOUNCE_MS, H.previewAutomation.actions.requested.type, previewAutomation),
  ]);
}
