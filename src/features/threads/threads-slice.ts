import { createRequestHolder } from '../../lib/request-holder';
import type {
  ActionOption,
  SendAsOption,
  CommunicationBody,
  Following,
  MailLogEntry,
  RecordKey,
  ThreadMessage,
  WorkLogBody,
} from './types';

export interface SendRequest {
  record: RecordKey;
  values: CommunicationBody;
}

export interface WorkLogRequest {
  record: RecordKey;
  values: WorkLogBody;
}

/** Follow state of one record: `following` absent reads it, present sets it. */
export interface FollowRequest {
  record: RecordKey;
  following?: boolean;
}

export type FollowState = { recordId: number } & Following;

/** Lists are kept with the record they belong to, so another record never shows them. */
export interface ForRecord<T> {
  recordId: number;
  items: T;
}

/** The response holders of threads: one line each (seed section 3). */
export const threadsHolders = {
  communicationFrom: createRequestHolder<ForRecord<SendAsOption[]>, number>('communicationFrom'),
  communicationActions: createRequestHolder<ActionOption[]>('communicationActions'),
  communicationThreads: createRequestHolder<ForRecord<ThreadMessage[]>, RecordKey>(
    'communicationThreads',
  ),
  workLogThreads: createRequestHolder<ForRecord<ThreadMessage[]>, RecordKey>('workLogThreads'),
  communicationLogThreads: createRequestHolder<ForRecord<MailLogEntry[]>, RecordKey>(
    'communicationLogThreads',
  ),
  insertCommunication: createRequestHolder<ThreadMessage, SendRequest>('insertCommunication'),
  insertWorkLog: createRequestHolder<ThreadMessage, WorkLogRequest>('insertWorkLog'),
  notificationUpdate: createRequestHolder<FollowState, FollowRequest>('notificationUpdate'),
};

/** The actions the threads saga answers (it loads with the first: lib/lazy-saga.ts). */
export const threadsSagaTriggers = Object.values(threadsHolders).map(
  (holder) => holder.actions.requested.type,
);
