import type { MailLogEntry, ThreadMessage } from '../features/threads/types';
import type { ObjectType } from '../features/records/types';

/**
 * Attachments, threads, following and the mail log of the mock records (docs/api-working.md).
 */
export interface MockAttachment {
  id: number;
  record_id: number;
  object_type: ObjectType;
  file_name: string;
  content_type: string;
  size: number;
  is_image: boolean;
  uploaded_by_id: number;
  uploaded_by_name: string;
  created_at: string;
  /** The stored bytes (an ArrayBuffer: what the interceptor's Response accepts in tests too). */
  content: ArrayBuffer;
}

/** A thread message as the API answers it, and the record it belongs to. */
export type MockMessage = ThreadMessage & { record_id: number };

/** A mail sent about a record as the log answers it, and the record it is about. */
export type MockMail = MailLogEntry & { record_id: number };

export interface WorkData {
  attachments: MockAttachment[];
  messages: MockMessage[];
  mails: MockMail[];
  /** `${userId}:${recordId}` → following (absent: the owner follows, others do not). */
  follows: Map<string, boolean>;
  /** The attachment size limit (ATTACHMENT_MAX_MB, default 25). */
  maxMb: number;
  nextId: number;
}

export function freshWorkData(): WorkData {
  return { attachments: [], messages: [], mails: [], follows: new Map(), maxMb: 25, nextId: 1 };
}
