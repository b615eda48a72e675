// The record's history: every change writes one event, in the same transaction as the change
// (pass the transaction's client). GET {kind}/{id}/history/ reads them back as a timeline.
import type { Queryable } from '../../db/transaction.js';

/**
 * Every kind of event the product records, with the detail fields each writes (the SPA words
 * each one as a sentence: src/features/records/history-sentence.ts, whose test walks them all).
 * An action missing here does not compile where it is recorded.
 */
export const HISTORY_DETAILS = {
  /** `channel: 'mail'` for a ticket that came in by mail. */
  created: ['channel'],
  /** API field names; `changes`: what a field was and became, by name (not for the body). */
  updated: ['fields', 'changes'],
  status_changed: ['from', 'to'],
  shared: ['names'],
  classified: ['names'],
  /** `link`: how the other record is linked, seen from this one (routes/relations/sql.ts LINKS). */
  related: ['title', 'link'],
  unrelated: ['title'],
  attachment_added: ['file_name'],
  attachment_deleted: ['file_name'],
  /**
   * `to`: the assignee's name, null when unassigned. `automatic` when no person did it: the
   * desk's rule assigned a ticket entering it (`desk_rule`), or an agent away too long had it
   * handed back or on (`away`; docs/assignment.md).
   */
  assigned: ['to', 'automatic'],
  moved: ['from', 'to'],
  /** `copy_id` on the original, `source_id` on the copy. */
  duplicated: ['copy_id', 'source_id'],
  searchable_changed: ['searchable'],
  public_changed: ['is_public'],
  /** `action`: reply, note or forward; `channel: 'mail'` for a mailed reply. */
  message_added: ['action', 'channel'],
  /** A mail whose sender is not verified is a work-log note with `sender_verified: false`. */
  worklog_added: ['time_spent_minutes', 'channel', 'sender_verified'],
  /** `target`: first_response, next_response or resolution. */
  /** On a merge's target: `source_id` and its `title` (routes/merge). */
  merged: ['source_id', 'title'],
  /** On a merged source: the `target_id` it went into and its `title`. */
  merged_into: ['target_id', 'title'],
  /** On a split's original: the `new_id` and `title` of the ticket made, `count` messages moved. */
  split_out: ['new_id', 'title', 'count'],
  /** On the ticket a split made: the `source_id` and `title` it came from, `count` messages. */
  split_from: ['source_id', 'title', 'count'],
  sla_warning: ['target', 'due_at'],
  sla_breach: ['target', 'due_at'],
  /** A tag added to or taken off the record (docs/api-working.md "Tags"). */
  tagged: ['name'],
  untagged: ['name'],
  /** An administrator merged tag `from` into `to`. */
  tag_merged: ['from', 'to'],
  /** A trigger mailed its `template` to `to` (the addresses; agents only, docs/rules.md). */
  mailed: ['template', 'to'],
  /** Article review (docs/knowledge-review.md): the version `number` concerned. */
  submitted_for_review: ['number'],
  approved: ['number'],
  /** `comment`: the reviewer's word to the author. */
  sent_back: ['number', 'comment'],
  /** `successor_id` / `successor_title`: the article that replaces it, or null. */
  archived: ['successor_id', 'successor_title'],
  /** Version `from` restored as the new version `number`. */
  version_restored: ['number', 'from'],
  /** An article's language (`en` or `es`) changed (docs/help-centre.md "Languages"). */
  language_changed: ['from', 'to'],
  /** Linked as translations: on each article, the other's `id`, `title` and `language`. */
  translation_linked: ['id', 'title', 'language'],
  /** No longer translations: on each article, the other's `id` and `title`. */
  translation_unlinked: ['id', 'title'],
  /** The requester rated solve `solve` `good` or `bad`, with a `comment` or null (docs/satisfaction.md). */
  rated: ['rating', 'comment', 'solve'],
} as const;

export type HistoryAction = keyof typeof HISTORY_DETAILS;
export const HISTORY_ACTIONS = Object.keys(HISTORY_DETAILS) as HistoryAction[];

export interface RecordEvent {
  recordId: number;
  actorId: number | null;
  action: HistoryAction;
  /** What changed, for the timeline (names, not just ids, so it reads well later). */
  details?: Record<string, unknown>;
  /** Only helpdesk agents see it (work-log entries). */
  internal?: boolean;
}

export async function recordEvent(q: Queryable, e: RecordEvent): Promise<void> {
  await q.query(
    `INSERT INTO record_events (record_id, actor_id, action, details, internal)
     VALUES ($1, $2, $3, $4, $5)`,
    [e.recordId, e.actorId, e.action, JSON.stringify(e.details ?? {}), e.internal ?? false],
  );
}
