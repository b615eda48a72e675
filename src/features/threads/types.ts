import type { ObjectType } from '../records/types';

/** A message of a record's thread (docs/api-working.md, Threads). */
export interface ThreadMessage {
  id: number;
  thread: string;
  author_id: number;
  author_name: string;
  sent_as: string | null;
  sent_as_name: string | null;
  action: string | null;
  body: string;
  forward_to: string | null;
  time_spent_minutes: number | null;
  created_at: string;
}

export interface ChoiceOption {
  value: string;
  label: string;
}

/** A mail sent about the record. */
export interface MailLogEntry {
  id: number;
  to_email: string;
  subject: string;
  kind: string;
  sent_at: string;
}

export interface RecordKey {
  type: ObjectType;
  id: number;
}

export interface CommunicationBody {
  body: string;
  action?: string;
  sent_as?: string;
  forward_to?: string;
}

export interface WorkLogBody {
  body: string;
  time_spent_minutes?: number;
}
