// Suggested articles, the side panel's article and the statistics as the API gives them
// (docs/suggestions.md).
import type { components } from '../../api/schema';

export type Suggestion = components['schemas']['Suggestion'];
export type SuggestedArticle = components['schemas']['SuggestedArticle'];
export type ViewedArticle = components['schemas']['ViewedArticle'];
export type SentArticle = components['schemas']['SentArticle'];
export type ArticleStats = components['schemas']['ArticleStats'];
export type ArticleTotals = components['schemas']['ArticleTotals'];

/** The text typed so far, and the suggestion session it belongs to. */
export interface SuggestQuery {
  text: string;
}

export interface OpenArticle {
  sessionId: string;
  id: number;
}

export interface Raised {
  sessionId: string;
  ticketId: number;
}

export interface MarkSent {
  messageId: number;
  articleId: number;
  recordId: number;
}

/** An article's body as plain text, for a reply. */
export interface ArticleText {
  id: number;
  text: string;
}
