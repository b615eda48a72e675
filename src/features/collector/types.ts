/** The content collector (docs/api-overview.md): classification nodes with their counts. */
export interface CollectorNode {
  category_id: number;
  category_name: string;
  /** Readable, non-draft content under the node and its descendants. */
  content_count: number;
  has_children: boolean;
  parent_id?: number | null;
  path?: string;
}

/** Loaded nodes by parent id; 0 holds the roots. */
export type NodesByParent = Record<number, CollectorNode[]>;

export const ROOT = 0;

export interface ContentQuery {
  category_id: number;
  page: number;
  page_size: number;
}

export interface CategoryWrite {
  category_name?: string;
  parent_id?: number | null;
}

export interface CategoryChange extends CategoryWrite {
  /** Absent when adding. */
  category_id?: number;
}

/** A maintenance node as the classification calls answer it. */
export interface CategoryNode {
  category_id: number;
  category_name: string;
  has_children?: boolean;
  path?: string;
}
