// What the event stream carries (docs/api-live.md).

export type ChangeKind = 'record' | 'message' | 'event' | 'share' | 'follow' | 'attachment';

/** `change`: a row of a record (or of what hangs off it) was inserted, updated or deleted. */
export interface LiveChange {
  kind: ChangeKind;
  op: 'insert' | 'update' | 'delete';
  record_id: number;
  object_type: 'T' | 'C';
  is_draft: boolean;
  version: number | null;
  actor_id: number | null;
  /** The tab whose call made the change (X-Helpdesk-Tab), if it named one. */
  actor_tab: string | null;
  type: string | null;
  internal: boolean;
}

/** `change` for a statement that touched many rows at once (agents only). */
export interface LiveManyChanges {
  kind: ChangeKind;
  op: 'insert' | 'update' | 'delete';
  count: number;
}

export interface PresencePerson {
  id: number;
  fullname: string;
}

/** `presence`: everyone on a record now, and those of them typing a reply. */
export interface LivePresence {
  record_id: number;
  viewing: PresencePerson[];
  typing: PresencePerson[];
}

export type LiveEvent =
  | { event: 'ready'; data: { user_id: number } }
  | { event: 'change'; data: LiveChange | LiveManyChanges }
  | { event: 'presence'; data: LivePresence }
  | { event: 'resync'; data: Record<string, never> };
