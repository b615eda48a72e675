import { createRequestHolder } from '../../lib/request-holder';
import type {
  ArticleStats,
  ArticleTotals,
  ArticleText,
  MarkSent,
  OpenArticle,
  Raised,
  SentArticle,
  SuggestedArticle,
  Suggestion,
  SuggestQuery,
  ViewedArticle,
} from './types';

/** The suggestions' response holders: one line each. */
export const suggestionsHolders = {
  /** The articles matching what is typed (debounced and cancelled by the saga). */
  suggestions: createRequestHolder<Suggestion[], SuggestQuery>('suggestions'),
  /** The article open in the side panel (opening it counts a view). */
  suggestedArticle: createRequestHolder<SuggestedArticle, OpenArticle>('suggestedArticle'),
  /** The ticket raised from a form with a suggestion session: its viewed articles go with it. */
  suggestionsRaised: createRequestHolder<{ attached: number }, Raised>('suggestionsRaised'),
  viewedBeforeRaising: createRequestHolder<ViewedArticle[], number>('viewedBeforeRaising'),
  /** The articles sent in the messages of a record (by record id). */
  sentArticles: createRequestHolder<SentArticle[], number>('sentArticles'),
  markArticleSent: createRequestHolder<SentArticle, MarkSent>('markArticleSent'),
  articleStats: createRequestHolder<ArticleStats, number>('articleStats'),
  /** A content item's help centre views and votes (agents, on the record page). */
  articleTotals: createRequestHolder<ArticleTotals, number>('articleTotals'),
  /** The reply box's article search (no debounce: the agent presses Search). */
  articleSearch: createRequestHolder<Suggestion[], SuggestQuery>('articleSearch'),
  /** An article's text (its body reduced to plain text), to insert into a reply. */
  articleText: createRequestHolder<ArticleText, number>('articleText'),
};
