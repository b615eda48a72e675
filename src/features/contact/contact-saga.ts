import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../lib/call-api';
import type { ApiResult } from '../../lib/call-api';
import type { ApiResponse } from '../../lib/api-client';
import { FETCHING } from '../../lib/holder-saga';
import { navigateTo } from '../../lib/navigation';
import { notifySuccess } from '../../lib/notify';
import type { Ticket } from '../records/types';
import { contactApi } from './api';
import { contactHolders } from './contact-slice';
import type { ContactMessage } from './types';

/** GET contact/ answered whole: the desks and the tickets' custom fields. */
type ContactWhole = ApiResponse<'/api/contact/', 'get'>;

const H = contactHolders;
/** Priority 2 is Normal (docs/api-records.md). */
const NORMAL = 2;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The contact form raises a ticket (POST ticket/), then the user lands on their tickets. */
function* raiseTicket(action: PayloadAction<ContactMessage>): SagaIterator {
  const { subject, message, hd_id, fields, fields_version } = action.payload;
  const result: ApiResult<Ticket> = yield call(
    callApi<Ticket>,
    contactApi.raise({
      subject: subject.trim(),
      description: `<p>${escapeHtml(message.trim())}</p>`,
      priority_id: NORMAL,
      ...(hd_id ? { hd_id } : {}),
      ...(fields ? { fields, fields_version } : {}),
      is_draft: false,
    }),
    { context: 'errors:context.savingTicketInput', handled: [400, 409] },
  );
  if (!result.ok) {
    if (!result.cancelled) yield put(H.contactTicket.actions.failed(result.error));
    return;
  }
  yield put(H.contactTicket.actions.succeeded(result.data));
  yield call(notifySuccess, 'contact:ticketCreated');
  yield call(navigateTo, '/ticket/my_ticket');
}

export function* contactSaga(): SagaIterator {
  yield all([
    takeLatest(H.contactDesks.actions.requested.type, function* loadDesks(): SagaIterator {
      const result: ApiResult<ContactWhole> = yield call(
        callApi<ContactWhole>,
        contactApi.desksWithFields(),
        { context: FETCHING },
      );
      if (!result.ok) {
        if (!result.cancelled) yield put(H.contactDesks.actions.failed(result.error));
        return;
      }
      yield put(H.contactDesks.actions.succeeded(result.data.data));
      yield put(H.contactFields.actions.succeeded(result.data.custom_fields));
    }),
    takeLatest(H.contactTicket.actions.requested.type, raiseTicket),
  ]);
}
