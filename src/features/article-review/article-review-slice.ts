import { createRequestHolder } from '../../lib/request-holder';
import type { ContentHit } from '../records/work-types';
import type {
  ArticleLanguage,
  ArticleReview,
  CompareRequest,
  QueueItem,
  ReviewStep,
  TranslationChange,
  TranslationSearch,
  VersionPair,
} from './types';

/** Article review's response holders: one line each. */
export const articleReviewHolders = {
  articleReview: createRequestHolder<ArticleReview, number>('articleReview'),
  reviewStep: createRequestHolder<ArticleReview, ReviewStep>('reviewStep'),
  versionCompare: createRequestHolder<VersionPair, CompareRequest>('versionCompare'),
  reviewQueue: createRequestHolder<{ items: QueueItem[] }>('reviewQueue'),
  // An article's language and translation (agents), a change to them, and the search for one.
  articleTranslation: createRequestHolder<ArticleLanguage, number>('articleTranslation'),
  translationChange: createRequestHolder<ArticleLanguage, TranslationChange>('translationChange'),
  translationSearch: createRequestHolder<ContentHit[], TranslationSearch>('translationSearch'),
};
