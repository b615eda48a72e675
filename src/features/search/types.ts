import type { RecordAccess } from '../../lib/record-link';

/** Full-text search (docs/api-overview.md): C content (the default) or T tickets. */
export type SearchType = 'C' | 'T';

export interface SearchFilters {
  status_id?: number;
  hd_id?: number;
  category_id?: number;
  created_from?: string;
  created_to?: string;
}

export interface SearchQuery {
  q: string;
  type: SearchType;
  page: number;
  page_size: number;
  filters: SearchFilters;
}

export interface SearchHit {
  id: number;
  object_type: SearchType;
  title: string;
  /** ts_headline text: matches in <mark>, everything else escaped. */
  snippet: string;
  status_name: string;
  hd_name: string;
  created_at: string;
  access: RecordAccess;
}

export interface SearchResults {
  items: SearchHit[];
  total: number;
  total_is_capped?: boolean;
  page: number;
  page_size: number;
}
