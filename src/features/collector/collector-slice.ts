import { createRequestHolder } from '../../lib/request-holder';
import type { ListData } from '../records/types';
import type { CategoryChange, CategoryNode, ContentQuery, NodesByParent } from './types';
import type { RootState } from '../../app/root-reducer';

/** The collector's and maintenance's response holders: one line each. */
export const collectorHolders = {
  // Nodes by parent (0: roots), merged as branches open; payload: the parent (null: roots).
  collectorNodes: createRequestHolder<NodesByParent, { parent_id: number | null }>(
    'collectorNodes',
  ),
  collectorContent: createRequestHolder<ListData, ContentQuery>('collectorContent'),
  // The favourites page: each favourite node's content, by node id.
  favoriteContent: createRequestHolder<Record<number, ListData>, ContentQuery>('favoriteContent'),
  // Maintenance.
  addCategory: createRequestHolder<CategoryNode, CategoryChange>('addCategory'),
  renameCategory: createRequestHolder<CategoryNode, CategoryChange>('renameCategory'),
  moveCategory: createRequestHolder<CategoryNode, CategoryChange>('moveCategory'),
  deleteCategory: createRequestHolder<{ category_id: number }, CategoryChange>('deleteCategory'),
};

export const selectCollectorNodes = (state: RootState) => state.holders.collectorNodes.data;
export const selectFavoriteContent = (state: RootState) => state.holders.favoriteContent.data;
