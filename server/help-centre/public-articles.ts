// Which content items the public help centre shows: the ONE rule every help centre query (pages,
// search, sitemap, attachments, votes) uses, so a change of what "public" means is made here.
// An article is public when it is a content item marked public (records.is_public, migration
// 044), not a draft, and published. Any other status (in review, archived, or a state added
// later) keeps it out; archivedArticle() names the one that answers 410 Gone instead of 404.

/** Content status ids (migration 002). */
export const PUBLISHED_STATUS = 7;
export const ARCHIVED_STATUS = 8;

/**
 * SQL condition: record `alias` is in the help centre. Its first three terms are the partial
 * indexes' predicate (migrations 044 and 048), so the planner can use them.
 */
export function publicArticle(alias = 'r'): string {
  return `(${alias}.is_public AND ${alias}.object_type = 'C' AND NOT ${alias}.is_draft
           AND ${alias}.status_id = ${PUBLISHED_STATUS})`;
}

/** SQL condition: record `alias` was public and is archived now (its URL answers 410 Gone). */
export function archivedArticle(alias = 'r'): string {
  return `(${alias}.is_public AND ${alias}.object_type = 'C' AND NOT ${alias}.is_draft
           AND ${alias}.status_id = ${ARCHIVED_STATUS})`;
}
