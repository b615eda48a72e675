import { createRequestHolder } from '../../lib/request-holder';
import type { RecordRef } from './records-slice';
import type { HdRecord } from './types';
import type {
  ContentHit,
  HistoryEntry,
  Person,
  RelatedRecord,
  TaxonomyNode,
  TicketHit,
} from './work-types';
import type { RootState } from '../../app/root-reducer';

export interface TextQuery {
  text: string;
  exclude_id?: number;
}

/** A versioned agent action: the version the action is based on (409 when stale). */
export interface MoveRequest extends RecordRef {
  hd_id: number;
  version: number;
}
export interface AssignRequest extends RecordRef {
  assignee_id: number | null;
  version: number;
}
export interface SearchableRequest extends RecordRef {
  searchable: boolean;
  version: number;
}

/** Working a record: one line per response holder (seed section 3). */
export const workHolders = {
  // Sharing.
  shareWithSearch: createRequestHolder<Person[], TextQuery>('shareWithSearch'),
  sharedWith: createRequestHolder<Person[], RecordRef>('sharedWith'),
  editSharedWith: createRequestHolder<Person[], RecordRef & { user_ids: number[] }>(
    'editSharedWith',
  ),
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
  editTaxonomy: createRequestHolder<TaxonomyNode[], RecordRef & { category_ids: number[] }>(
    'editTaxonomy',
  ),
  // Relations.
  relatedTicketSearch: createRequestHolder<TicketHit[], TextQuery>('relatedTicketSearch'),
  relatedContentSearch: createRequestHolder<ContentHit[], TextQuery>('relatedContentSearch'),
  relatedData: createRequestHolder<RelatedRecord[], RecordRef>('relatedData'),
  addRelatedData: createRequestHolder<RelatedRecord[], RecordRef & { related_id: number }>(
    'addRelatedData',
  ),
  removeRelatedData: createRequestHolder<RelatedRecord[], RecordRef & { related_id: number }>(
    'removeRelatedData',
  ),
  // Agent actions (the delete is the records feature's deleteRecord holder, `agent: true`).
  agents: createRequestHolder<Person[]>('agents'),
  assignTo: createRequestHolder<HdRecord, AssignRequest>('assignTo'),
  moveRecord: createRequestHolder<HdRecord, MoveRequest>('moveRecord'),
  duplicateRecord: createRequestHolder<HdRecord, RecordRef>('duplicateRecord'),
  searchableUpdate: createRequestHolder<HdRecord, SearchableRequest>('searchableUpdate'),
  // History.
  recordHistory: createRequestHolder<HistoryEntry[], RecordRef>('recordHistory'),
};

export const selectChildNodes = (state: RootState) => state.holders.childNodes.data;
export const selectFavoriteTaxonomy = (state: RootState) => state.holders.favoriteTaxonomy.data;
