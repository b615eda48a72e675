import { createRequestHolder } from '../../lib/request-holder';
import type { ArticleReview, CompareRequest, QueueItem, ReviewStep, VersionPair } from './types';

/** Article review's response holders: one line each. */
export const articleReviewHolders = {
  articleReview: createRequestHolder<ArticleReview, number>('articleReview'),
  reviewStep: createRequestHolder<ArticleReview, ReviewStep>('reviewStep'),
  versionCompare: createRequestHolder<VersionPair, CompareRequest>('versionCompare'),
  reviewQueue: createRequestHolder<{ items: QueueItem[] }>('reviewQueue'),
};
