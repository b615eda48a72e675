import type { components } from '../../api/schema';
import type { ApiBody, ApiData } from '../../lib/api-client';
import type { ObjectType } from '../records/types';

type Schemas = components['schemas'];

/** A message of a record's thread (docs/api-working.md, Threads). */
export type ThreadMessage = Schemas['ThreadMessage'];

export type SendAsOption = Schemas['SendAsOption'];
export type ActionOption = Schemas['ActionOption'];

/** Whether the caller follows a record (GET/PUT .../follow/). */
export type Following = Schemas['FollowState'];

/** A mail sent about the record. */
export type MailLogEntry = ApiData<'/api/ticket/{id}/communication-log/', 'get'>[number];

/** Where a mail sent about the record is: queued, sent, failed (with `error`) or bounced. */
export type MailState = MailLogEntry['state'];

export interface RecordKey {
  type: ObjectType;
  id: number;
}

export type CommunicationBody = ApiBody<'/api/ticket/{id}/communication/', 'post'>;

export type WorkLogBody = ApiBody<'/api/ticket/{id}/worklog/', 'post'>;
