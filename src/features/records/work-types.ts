import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** Working a record (docs/api-working.md): the shapes of sharing, taxonomy, relations, history. */
export type Person = Schemas['Person'] & Partial<Pick<Schemas['PersonMatch'], 'email'>>;

/** A classification node; the roots (GET classification/) carry their `children`. */
export type TaxonomyNode = Schemas['TaxonomyNode'] & { children?: Schemas['TaxonomyNode'][] };

export type RelatedRecord = Schemas['RelatedRecord'];

export type TicketHit = Schemas['TicketMatch'];

export type ContentHit = Schemas['ContentMatch'];

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

/** One event; `action` is one of HistoryAction (newer servers may add more). */
export type HistoryEntry = Schemas['HistoryEvent'];
