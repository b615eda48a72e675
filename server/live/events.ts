// The shapes that travel: what the database triggers NOTIFY (migrations 013, 019, 020), what
// the presence call NOTIFYs, and what a browser receives (docs/api-live.md).

export const EVENTS_CHANNEL = 'helpdesk_events';
export const PRESENCE_CHANNEL = 'helpdesk_presence';

export type ChangeKind = 'record' | 'message' | 'event' | 'share' | 'follow' | 'attachment';
export type ChangeOp = 'insert' | 'update' | 'delete';

/** One row changed (migration 013's live_notify payload). */
export interface RecordChange {
  kind: ChangeKind;
  op: ChangeOp;
  record_id: number;
  owner_id: number;
  object_type: 'T' | 'C';
  is_draft: boolean;
  version: number | null;
  actor_id: number | null;
  /** The tab whose request made it (X-Helpdesk-Tab), if it named one. */
  actor_tab: string | null;
  type: string | null;
  internal: boolean;
}

/** One statement changed more rows than are worth sending one by one. */
export interface ManyChanges {
  kind: ChangeKind;
  op: ChangeOp;
  count: number;
}

export type PresenceState = 'viewing' | 'typing' | 'left';

export interface PresenceNote {
  record_id: number;
  owner_id: number;
  user_id: number;
  fullname: string;
  state: PresenceState;
}

export interface PresencePerson {
  id: number;
  fullname: string;
}

/** The `presence` event: everyone on the record, and those of them typing a reply. */
export interface PresenceEvent {
  record_id: number;
  viewing: PresencePerson[];
  typing: PresencePerson[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A notification's payload, or undefined when it is not one of ours. */
export function parseChange(payload: string): RecordChange | ManyChanges | undefined {
  try {
    const v: unknown = JSON.parse(payload);
    if (!isObject(v) || typeof v.kind !== 'string' || typeof v.op !== 'string') return undefined;
    if (typeof v.count === 'number') return v as unknown as ManyChanges;
    if (typeof v.record_id !== 'number' || typeof v.owner_id !== 'number') return undefined;
    return v as unknown as RecordChange;
  } catch {
    return undefined;
  }
}

export function parsePresence(payload: string): PresenceNote | undefined {
  try {
    const v: unknown = JSON.parse(payload);
    if (!isObject(v) || typeof v.record_id !== 'number' || typeof v.user_id !== 'number') {
      return undefined;
    }
    return v as unknown as PresenceNote;
  } catch {
    return undefined;
  }
}
