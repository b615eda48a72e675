import { apiClient } from '../../lib/api-client';
import type { ApiSuccess } from '../../lib/types';
import type {
  ChoiceOption,
  CommunicationBody,
  MailLogEntry,
  RecordKey,
  ThreadMessage,
  WorkLogBody,
} from './types';

const base = ({ type, id }: RecordKey) => `${type === 'T' ? 'ticket' : 'content'}/${id}`;

export const threadsApi = {
  communicationFrom: (recordId: number) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<ChoiceOption[]>>('communication-from/', {
      params: { record_id: recordId },
      signal,
    }),
  communicationActions: () => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<ChoiceOption[]>>('communication-actions/', { signal }),
  communication: (record: RecordKey) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<ThreadMessage[]>>(`${base(record)}/communication/`, { signal }),
  sendCommunication: (record: RecordKey, body: CommunicationBody) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<ThreadMessage>>(`${base(record)}/communication/`, body, { signal }),
  workLog: (record: RecordKey) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<ThreadMessage[]>>(`${base(record)}/worklog/`, { signal }),
  addWorkLog: (record: RecordKey, body: WorkLogBody) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<ThreadMessage>>(`${base(record)}/worklog/`, body, { signal }),
  communicationLog: (record: RecordKey) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<MailLogEntry[]>>(`${base(record)}/communication-log/`, { signal }),
  follow: (record: RecordKey) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<{ following: boolean }>>(`${base(record)}/follow/`, { signal }),
  setFollow: (record: RecordKey, following: boolean) => (signal: AbortSignal) =>
    apiClient.put<ApiSuccess<{ following: boolean }>>(
      `${base(record)}/follow/`,
      { following },
      { signal },
    ),
};
