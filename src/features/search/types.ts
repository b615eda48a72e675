import type { components } from '../../api/schema';
import type { ApiBody } from '../../lib/api-client';

/** Full-text search (docs/api-overview.md): POST search/query. */
type SearchBody = ApiBody<'/api/search/query', 'post'>;

/** The query as the search page sends it: every part set (the type: C content, T tickets). */
export type SearchQuery = Required<SearchBody>;

export type SearchType = SearchQuery['type'];

export type SearchFilters = SearchQuery['filters'];

/** `snippet`: ts_headline text, matches in <mark>, everything else escaped. */
export type SearchHit = components['schemas']['SearchHit'];

export type SearchResults = components['schemas']['SearchPage'];
