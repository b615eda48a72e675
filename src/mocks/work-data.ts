import type { ObjectType } from '../features/records/types';

/**
 * Attachments, threads, following and the mail log of the mock records (docs/api-working.md).
 * (Rebuilt from its uses after an accidental overwrite; the taxonomy lives in taxonomy-data.ts.)
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

export interface MockMessage {
  id: number;
  record_id: number;
  thread: 'communication' | 'worklog';
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

export interface MockMail {
  id: number;
  record_id: number;
  to_email: string;
  subject: string;
  kind: string;
  sent_at: string;
}

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
