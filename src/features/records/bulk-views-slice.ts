import { createRequestHolder } from '../../lib/request-holder';
import type { BulkBody, BulkResult, SavedView, ViewCount, ViewInput } from './bulk-views-api';
import type { CustomFieldSet } from '../custom-fields/types';

/** Saving a view: a new one, or the caller's own one again (`id`). */
export interface SaveViewRequest {
  id?: number;
  values: ViewInput;
}

/** The response holders of bulk actions and saved views: one line each. */
export const bulkViewsHolders = {
  bulkAction: createRequestHolder<BulkResult, BulkBody>('bulkAction'),
  savedViews: createRequestHolder<SavedView[]>('savedViews'),
  viewCounts: createRequestHolder<ViewCount[]>('viewCounts'),
  saveView: createRequestHolder<SavedView, SaveViewRequest>('saveView'),
  deleteView: createRequestHolder<{ id: number }, { id: number }>('deleteView'),
  /** The custom fields an hd list filters, sorts, shows and bulk-sets by (its kind's set). */
  listFields: createRequestHolder<CustomFieldSet, 'T' | 'C'>('listFields'),
};
