import type { components } from '../../api/schema';
import type { ApiBody } from '../../lib/api-client';

/**
 * The content collector (docs/api-overview.md): classification nodes with their counts
 * (`content_count`: readable, non-draft content under the node and its descendants).
 */
export type CollectorNode = components['schemas']['CollectorNode'];

/** Loaded nodes by parent id; 0 holds the roots. */
export type NodesByParent = Record<number, CollectorNode[]>;

export const ROOT = 0;

export type ContentQuery = ApiBody<'/api/collector/content/', 'post'>;

export type CategoryWrite = ApiBody<'/api/classification/{id}', 'put'>;

export interface CategoryChange extends CategoryWrite {
  /** Absent when adding. */
  category_id?: number;
}

/** A maintenance node as the classification calls answer it. */
export type CategoryNode = components['schemas']['TaxonomyNode'];
