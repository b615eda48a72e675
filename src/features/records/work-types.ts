import type { ObjectType } from './types';

/** Working a record (docs/api-working.md): the shapes of sharing, taxonomy, relations, history. */
export interface Person {
  id: number;
  fullname: string;
  email?: string;
}

export interface TaxonomyNode {
  category_id: number;
  category_name: string;
  has_children: boolean;
  path: string;
  children?: TaxonomyNode[];
}

export interface RelatedRecord {
  id: number;
  object_type: ObjectType;
  title: string;
  status_name: string;
}

export interface TicketHit {
  id: number;
  subject: string;
}

export interface ContentHit {
  id: number;
  title: string;
}

export type HistoryAction =
  | 'created'
  | 'updated'
  | 'status_changed'
  | 'shared'
  | 'classified'
  | 'related'
  | 'unrelated'
  | 'attachment_added'
  | 'attachment_deleted'
  | 'assigned'
  | 'moved'
  | 'duplicated'
  | 'searchable_changed'
  | 'message_added'
  | 'worklog_added';

export interface HistoryEntry {
  id: number;
  action: HistoryAction | string;
  actor_id: number | null;
  actor_name: string | null;
  details: Record<string, unknown>;
  created_at: string;
}
