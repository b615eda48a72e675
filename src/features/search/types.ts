import type { components } from '../../api/schema';

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

/** `snippet`: ts_headline text, matches in <mark>, everything else escaped. */
export type SearchHit = components['schemas']['SearchHit'];

export type SearchResults = components['schemas']['SearchPage'];
