import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** Working a record (docs/api-working.md): the shapes of sharing, taxonomy, relations, history. */
export type Person = Schemas['Person'] & Partial<Pick<Schemas['PersonMatch'], 'email'>>;

/** The agents who may work on one desk (GET agents/?hd_id=), with the desk they are for. */
export interface DeskAgents {
  hd_id: number;
  agents: Person[];
}

/** A classification node; the roots (GET classification/) carry their `children`. */
export type TaxonomyNode = Schemas['TaxonomyNode'] & { children?: Schemas['TaxonomyNode'][] };

export type RelatedRecord = Schemas['RelatedRecord'];

export type TicketHit = Schemas['TicketMatch'];

export type ContentHit = Schemas['ContentMatch'];

/** Every kind of history event (the server's list: routes/records/history.ts). */
export type HistoryAction = Schemas['HistoryEvent']['action'];

/** One event. */
export type HistoryEntry = Schemas['HistoryEvent'];
