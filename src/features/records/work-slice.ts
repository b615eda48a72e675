import type { ApiBody } from '../../lib/api-client';
import { createRequestHolder } from '../../lib/request-holder';
import type { RecordRef } from './records-slice';
import type { HdRecord } from './types';
import type {
  ContentHit,
  DeskAgents,
  HistoryEntry,
  Person,
  RelatedRecord,
  TaxonomyNode,
  TicketHit,
} from './work-types';
import type { RootState } from '../../app/root-reducer';

/** A search by subject or title (the two calls take the same body). */
export type TextQuery = ApiBody<'/api/search/ticket/by-subject', 'post'>;

/** A versioned agent action: the version the action is based on (409 when stale). */
export type MoveRequest = RecordRef & ApiBody<'/api/ticket/{id}/move/', 'post'>;
export type AssignRequest = RecordRef & ApiBody<'/api/ticket/{id}/assign/', 'put'>;
export type SearchableRequest = RecordRef & ApiBody<'/api/content/{id}/searchable/', 'put'>;
export type PublicRequest = RecordRef & ApiBody<'/api/content/{id}/public/', 'put'>;

/** Who a record is shared with, and its categories: the whole list, as the PUT takes it. */
export type SharingRequest = RecordRef & ApiBody<'/api/ticket/{id}/shared-with/', 'put'>;
export type ClassificationRequest = RecordRef & ApiBody<'/api/ticket/{id}/classification/', 'put'>;

/** Working a record: one line per response holder (seed section 3). */
export const workHolders = {
  // Sharing.
  shareWithSearch: createRequestHolder<Person[], TextQuery>('shareWithSearch'),
  sharedWith: createRequestHolder<Person[], RecordRef>('sharedWith'),
  editSharedWith: createRequestHolder<Person[], SharingRequest>('editSharedWith'),
  // Classification: nodes (roots), child nodes (by parent id), search by name, favourites.
  classificationNodes: createRequestHolder<TaxonomyNode[]>('classificationNodes'),
  childNodes: createRequestHolder<Record<number, TaxonomyNode[]>, { category_id: number }>(
    'childNodes',
  ),
  taxonomySearch: createRequestHolder<TaxonomyNode[], TextQuery>('taxonomySearch'),
  favoriteTaxonomy: createRequestHolder<TaxonomyNode[]>('favoriteTaxonomy'),
  addFavorite: createRequestHolder<TaxonomyNode, TaxonomyNode>('addFavorite'),
  removeFavorite: createRequestHolder<{ category_id: number }, TaxonomyNode>('removeFavorite'),
  recordTaxonomy: createRequestHolder<TaxonomyNode[], RecordRef>('recordTaxonomy'),
  editTaxonomy: createRequestHolder<TaxonomyNode[], ClassificationRequest>('editTaxonomy'),
  // Relations.
  relatedTicketSearch: createRequestHolder<TicketHit[], TextQuery>('relatedTicketSearch'),
  relatedContentSearch: createRequestHolder<ContentHit[], TextQuery>('relatedContentSearch'),
  relatedData: createRequestHolder<RelatedRecord[], RecordRef>('relatedData'),
  addRelatedData: createRequestHolder<
    RelatedRecord[],
    RecordRef & { related_id: number; link?: RelatedRecord['link'] }
  >('addRelatedData'),
  removeRelatedData: createRequestHolder<RelatedRecord[], RecordRef & { related_id: number }>(
    'removeRelatedData',
  ),
  // Agent actions (the delete is the records feature's deleteRecord holder, `agent: true`).
  agents: createRequestHolder<Person[]>('agents'),
  // One desk's assignable agents (its members when it is restricted), for the assign pickers.
  deskAgents: createRequestHolder<DeskAgents, number>('deskAgents'),
  assignTo: createRequestHolder<HdRecord, AssignRequest>('assignTo'),
  moveRecord: createRequestHolder<HdRecord, MoveRequest>('moveRecord'),
  duplicateRecord: createRequestHolder<HdRecord, RecordRef>('duplicateRecord'),
  searchableUpdate: createRequestHolder<HdRecord, SearchableRequest>('searchableUpdate'),
  publicUpdate: createRequestHolder<HdRecord, PublicRequest>('publicUpdate'),
  // History.
  recordHistory: createRequestHolder<HistoryEntry[], RecordRef>('recordHistory'),
};

export const selectChildNodes = (state: RootState) => state.holders.childNodes.data;
export const selectFavoriteTaxonomy = (state: RootState) => state.holders.favoriteTaxonomy.data;
