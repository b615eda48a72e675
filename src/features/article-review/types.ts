// Article review and versions as the API gives them (docs/knowledge-review.md).
import type { components } from '../../api/schema';

export type ArticleReview = components['schemas']['ArticleReview'];
export type VersionSummary = components['schemas']['ArticleVersionSummary'];
export type ArticleVersion = components['schemas']['ArticleVersion'];
export interface VersionPair {
  from: ArticleVersion;
  to: ArticleVersion;
}
export interface QueueItem {
  id: number;
  title: string;
  hd_id: number;
  hd_name: string;
  author_id: number;
  author_name: string;
  status_id: number;
  status_name: string;
  is_update: boolean;
  version_id: number;
  version_number: number;
  version_title: string;
  submitted_at: string | null;
  submitted_by_name: string | null;
}

/** One review step on an article. */
export type ReviewStep =
  | { id: number; step: 'submit' }
  | { id: number; step: 'approve'; versionId?: number }
  | { id: number; step: 'sendBack'; comment: string }
  | { id: number; step: 'archive'; successorId: number | null }
  | { id: number; step: 'restore'; versionId: number; note?: string };

export interface CompareRequest {
  id: number;
  from: number;
  to: number;
}

/** An article's language and its translation (docs/help-centre.md "Languages"). */
export type ArticleLanguage = components['schemas']['ArticleLanguage'];
export type Language = ArticleLanguage['language'];

/** One change to an article's language or translation. */
export type TranslationChange =
  | { id: number; change: 'language'; language: Language }
  | { id: number; change: 'link'; translationId: number }
  | { id: number; change: 'unlink' };

/** A search for the content item to link, leaving out the article itself. */
export interface TranslationSearch {
  text: string;
  exclude_id: number;
}
