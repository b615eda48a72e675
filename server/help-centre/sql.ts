// The help centre's SQL. Every query that shows or serves an article goes through
// publicArticle() (public-articles.ts): nothing else decides what an anonymous visitor sees.
import type { Db } from '../db/pool.js';
import { withTransaction, type Queryable } from '../db/transaction.js';
import { prepared } from '../db/prepared.js';
import { queryTerms } from '../routes/search/sql.js';
import type { Language } from '../lib/i18n.js';
import { archivedArticle, publicArticle } from './public-articles.js';

const PUBLIC = publicArticle('r');

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  sort_order: number;
  /** Public articles filed directly under it (either language). */
  direct: number;
  /** The newest change of those articles; null when it has none. */
  last_change: Date | null;
}

/** Every category with its count of public articles (the tree is built in categories.ts). */
export async function categoryRows(q: Queryable): Promise<CategoryRow[]> {
  const { rows } = await q.query<CategoryRow>(
    prepared(
      `SELECT c.id, c.parent_id, c.name, c.sort_order,
              coalesce(n.direct, 0)::int AS direct, n.last_change
         FROM categories c
         LEFT JOIN (SELECT rc.category_id, count(*) AS direct, max(r.updated_at) AS last_change
                      FROM record_categories rc JOIN records r ON r.id = rc.record_id
                     WHERE ${PUBLIC}
                     GROUP BY rc.category_id) n ON n.category_id = c.id
        ORDER BY c.sort_order, c.name, c.id`,
      [],
    ),
  );
  return rows;
}

export interface ArticleListRow {
  id: string;
  title: string;
  language: Language;
  content_type_name: string | null;
  updated_at: Date;
}

const LIST_COLUMNS = `r.id, r.title, r.language,
  (SELECT name FROM content_types WHERE id = r.content_type_id) AS content_type_name, r.updated_at`;

/** The most viewed public articles of the last 30 days in `language`, newest to fill up. */
export async function mostViewed(
  q: Queryable,
  language: Language,
  limit: number,
): Promise<ArticleListRow[]> {
  const { rows } = await q.query<ArticleListRow>(
    prepared(
      `WITH viewed AS (
         SELECT s.record_id, sum(s.views) AS views
           FROM article_daily_stats s
          WHERE s.day >= current_date - 30 AND s.views > 0
          GROUP BY s.record_id)
       SELECT ${LIST_COLUMNS} FROM (
         (SELECT r.id, v.views FROM viewed v JOIN records r ON r.id = v.record_id
           WHERE ${PUBLIC} AND r.language = $1
           ORDER BY v.views DESC, r.id DESC LIMIT $2)
         UNION ALL
         (SELECT r.id, 0 FROM records r WHERE ${PUBLIC} AND r.language = $1
           ORDER BY r.updated_at DESC, r.id DESC LIMIT $2)) t(id, views)
         JOIN records r ON r.id = t.id
        GROUP BY r.id
        ORDER BY max(t.views) DESC, r.updated_at DESC, r.id DESC
        LIMIT $2`,
      [language, limit],
    ),
  );
  return rows;
}

/** A category's own public articles, in `language` first, then by title. */
export async function categoryArticles(
  q: Queryable,
  categoryId: number,
  language: Language,
  limit: number,
): Promise<ArticleListRow[]> {
  const { rows } = await q.query<ArticleListRow>(
    prepared(
      `SELECT ${LIST_COLUMNS}
         FROM record_categories rc JOIN records r ON r.id = rc.record_id
        WHERE rc.category_id = $1 AND ${PUBLIC}
        ORDER BY (r.language = $2) DESC, r.title, r.id
        LIMIT $3`,
      [categoryId, language, limit],
    ),
  );
  return rows;
}

export interface ArticleRow {
  id: string;
  title: string;
  body: string;
  language: Language;
  content_type_name: string | null;
  updated_at: Date;
  /** The first category it is filed under (the page's category path). */
  category_id: number | null;
  /** Its public translations. */
  translations: { id: string; title: string; language: Language }[];
  /** 'public', or 'archived' for a formerly public article (410). */
  state: 'public' | 'archived';
}

/** A public (or archived, formerly public) article; undefined for anything else. */
export async function findArticle(q: Queryable, id: number): Promise<ArticleRow | undefined> {
  const { rows } = await q.query<ArticleRow>(
    prepared(
      `SELECT r.id, r.title, r.body, r.language, r.updated_at,
              (SELECT name FROM content_types WHERE id = r.content_type_id) AS content_type_name,
              (SELECT min(rc.category_id) FROM record_categories rc
                WHERE rc.record_id = r.id) AS category_id,
              CASE WHEN r.translation_group IS NULL THEN '[]'::json ELSE coalesce(
                (SELECT json_agg(json_build_object('id', t.id::text, 'title', t.title,
                                                   'language', t.language) ORDER BY t.language)
                   FROM records t
                  WHERE t.translation_group = r.translation_group AND t.id <> r.id
                    AND t.language <> r.language AND ${publicArticle('t')}), '[]'::json)
              END AS translations,
              CASE WHEN ${PUBLIC} THEN 'public' ELSE 'archived' END AS state
         FROM records r
        WHERE r.id = $1 AND (${PUBLIC} OR ${archivedArticle('r')})`,
      [id],
    ),
  );
  return rows[0];
}

/**
 * Other public articles in the article's categories and its language, newest first. It reads
 * the article's language itself, so the page sends it with findArticle() in one round trip.
 */
export async function relatedArticles(
  q: Queryable,
  id: number,
  limit: number,
): Promise<ArticleListRow[]> {
  const { rows } = await q.query<ArticleListRow>(
    prepared(
      `SELECT ${LIST_COLUMNS}
         FROM records r
        WHERE r.id IN (SELECT o.record_id FROM record_categories mine
                         JOIN record_categories o ON o.category_id = mine.category_id
                        WHERE mine.record_id = $1 AND o.record_id <> $1)
          AND ${PUBLIC} AND r.language = (SELECT m.language FROM records m WHERE m.id = $1)
        ORDER BY r.updated_at DESC, r.id DESC
        LIMIT $2`,
      [id, limit],
    ),
  );
  return rows;
}

export interface PublicAttachmentRow {
  id: string;
  file_name: string;
  stored_name: string;
  detected_type: string | null;
  size: string;
  created_at: Date;
}

/** A public article's files (none for any other record). */
export async function articleAttachments(
  q: Queryable,
  recordId: number,
): Promise<PublicAttachmentRow[]> {
  const { rows } = await q.query<PublicAttachmentRow>(
    prepared(
      `SELECT a.id, a.file_name, a.stored_name, a.detected_type, a.size, a.created_at
         FROM attachments a JOIN records r ON r.id = a.record_id
        WHERE a.record_id = $1 AND ${PUBLIC}
        ORDER BY a.created_at, a.id`,
      [recordId],
    ),
  );
  return rows;
}

/** One file, only when its record is a public article. */
export async function publicAttachment(
  q: Queryable,
  id: number,
): Promise<PublicAttachmentRow | undefined> {
  const { rows } = await q.query<PublicAttachmentRow>(
    prepared(
      `SELECT a.id, a.file_name, a.stored_name, a.detected_type, a.size, a.created_at
         FROM attachments a JOIN records r ON r.id = a.record_id
        WHERE a.id = $1 AND ${PUBLIC}`,
      [id],
    ),
  );
  return rows[0];
}

export interface SearchHit extends ArticleListRow {
  snippet: string;
}

/**
 * The tsquery for both languages, as the signed-in search builds it (routes/search/sql.ts): full
 * words through plainto_tsquery, the last word as a prefix while it is being typed, English and
 * Spanish stemming together, and only weights A to C (D holds agent-only custom field values).
 */
function tsQuery(values: unknown[], text: string): string | undefined {
  const { words, prefix } = queryTerms(text);
  if (!words.length && !prefix) return undefined;
  const add = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const full = words.length ? add(words.join(' ')) : undefined;
  const pre = prefix ? add(`${prefix}:*`) : undefined;
  const per = (cfg: string) => {
    const query = [
      full ? `plainto_tsquery('${cfg}', ${full})` : undefined,
      pre ? `to_tsquery('${cfg}', ${pre})` : undefined,
    ]
      .filter(Boolean)
      .join(' && ');
    return `regexp_replace((${query})::text, '''((?:[^'']|'''')*)''(:(\\*))?', '''\\1'':\\3ABC', 'g')::tsquery`;
  };
  const en = `(${per('helpdesk_en')})`;
  const es = `(${per('helpdesk_es')})`;
  return `(CASE WHEN ${en} = ${es} THEN ${en} ELSE ${en} || ${es} END)`;
}

/** Least word similarity of a title to the query for the typo-tolerant matches. */
const TRIGRAM_THRESHOLD = 0.45;

/** The newest matches ranked (as the signed-in search's window). */
const RANK_WINDOW = 2000;

/**
 * Full-text search over public articles, ranked as the signed-in search (ts_rank_cd over the
 * newest matches), with a snippet of the matched words in the visitor's language. Titles that
 * are close to the query by trigram similarity (a typo, a short query) fill up a short answer.
 */
export async function searchArticles(
  db: Db,
  text: string,
  language: Language,
  limit: number,
): Promise<SearchHit[]> {
  const values: unknown[] = [];
  const query = tsQuery(values, text);
  const cfg = language === 'es' ? 'helpdesk_es' : 'helpdesk_en';
  let hits: SearchHit[] = [];
  if (query) {
    const lim = `$${values.push(limit)}`;
    const { rows } = await db.query<SearchHit>(
      `WITH tsq AS MATERIALIZED (SELECT ${query} AS q),
            newest AS (
              SELECT r.id, r.updated_at, r.search_vector AS words
                FROM records r
               WHERE r.search_vector @@ ${query} AND ${PUBLIC}
               ORDER BY r.updated_at DESC, r.id DESC LIMIT ${RANK_WINDOW}),
            hits AS (
              SELECT n.id, ts_rank_cd(n.words, tsq.q) AS rank FROM newest n, tsq
               ORDER BY rank DESC, n.updated_at DESC, n.id DESC LIMIT ${lim})
       SELECT ${LIST_COLUMNS},
              ts_headline('${cfg}', html_escape(html_to_text(r.body)), tsq.q,
                          'StartSel=<mark>, StopSel=</mark>, MaxWords=30, MinWords=12,
                           MaxFragments=2, FragmentDelimiter=" … "') AS snippet
         FROM hits JOIN records r ON r.id = hits.id, tsq
        ORDER BY hits.rank DESC, r.updated_at DESC, r.id DESC`,
      values,
    );
    hits = rows;
  }
  if (hits.length >= limit) return hits;
  const words = text.trim().slice(0, 100);
  if (words.length < 3) return hits;
  // Typo tolerance: titles whose words are similar to the query (pg_trgm's <% over the
  // unaccented lower-cased title, migration 048's partial index). pg_trgm's default threshold
  // (0.6) misses a word with one letter left out ("wirless": 0.55), so this statement lowers it.
  const rows = await withTransaction(db, async (tx) => {
    await tx.query(`SET LOCAL pg_trgm.word_similarity_threshold = ${TRIGRAM_THRESHOLD}`);
    return (
      await tx.query<SearchHit>(
        `SELECT ${LIST_COLUMNS}, html_escape(left(html_to_text(r.body), 200)) AS snippet
       FROM records r
      WHERE records_search_text($1) <% records_search_text(r.title) AND ${PUBLIC}
        AND NOT r.id = ANY ($2::bigint[])
      ORDER BY word_similarity(records_search_text($1), records_search_text(r.title)) DESC,
               r.id DESC
      LIMIT $3`,
        [words, hits.map((h) => h.id), limit - hits.length],
      )
    ).rows;
  });
  return [...hits, ...rows];
}

export interface SitemapArticle {
  id: string;
  title: string;
  language: Language;
  updated_at: Date;
  translations: { id: string; title: string; language: Language }[];
}

/** Every public article for the sitemap (with its public translations for hreflang). */
export async function sitemapArticles(q: Queryable, limit: number): Promise<SitemapArticle[]> {
  const { rows } = await q.query<SitemapArticle>(
    `SELECT r.id, r.title, r.language, r.updated_at,
            CASE WHEN r.translation_group IS NULL THEN '[]'::json ELSE coalesce(
              (SELECT json_agg(json_build_object('id', t.id::text, 'title', t.title,
                                                 'language', t.language))
                 FROM records t
                WHERE t.translation_group = r.translation_group AND t.id <> r.id
                  AND t.language <> r.language AND ${publicArticle('t')}), '[]'::json)
            END AS translations
       FROM records r WHERE ${PUBLIC}
      ORDER BY r.id LIMIT $1`,
    [limit],
  );
  return rows;
}

/**
 * A "Was this helpful?" vote: one per browser (its hashed cookie id) and article; a repeat is
 * ignored. Counted in the day's article_daily_stats row in the same statement. False when the
 * article is not public or the browser voted already.
 */
export async function recordVote(
  q: Queryable,
  recordId: number,
  voterHash: Buffer,
  helpful: boolean,
): Promise<boolean> {
  const { rows } = await q.query<{ record_id: string }>(
    `WITH vote AS (
       INSERT INTO article_votes (record_id, voter_hash, helpful)
       SELECT r.id, $2, $3 FROM records r WHERE r.id = $1 AND ${PUBLIC}
       ON CONFLICT (record_id, voter_hash) DO NOTHING
       RETURNING record_id)
     INSERT INTO article_daily_stats (record_id, day, helpful, unhelpful)
     SELECT record_id, current_date, CASE WHEN $3 THEN 1 ELSE 0 END,
            CASE WHEN $3 THEN 0 ELSE 1 END FROM vote
     ON CONFLICT (record_id, day) DO UPDATE
       SET helpful = article_daily_stats.helpful + EXCLUDED.helpful,
           unhelpful = article_daily_stats.unhelpful + EXCLUDED.unhelpful
     RETURNING record_id`,
    [recordId, voterHash, helpful],
  );
  return rows.length === 1;
}

/** Adds buffered page views to each article's day (view-counter.ts). */
export async function addViews(q: Queryable, day: string, counts: Map<number, number>) {
  if (!counts.size) return;
  await q.query(
    `INSERT INTO article_daily_stats (record_id, day, views)
     SELECT v.id, $1::date, v.n FROM unnest($2::bigint[], $3::int[]) AS v(id, n)
      WHERE EXISTS (SELECT 1 FROM records r WHERE r.id = v.id)
     ON CONFLICT (record_id, day) DO UPDATE
       SET views = article_daily_stats.views + EXCLUDED.views`,
    [day, [...counts.keys()], [...counts.values()]],
  );
}

export interface ArticleStats {
  views: number;
  helpful: number;
  unhelpful: number;
  deflections: number;
}

/** An article's totals over all days (shown to agents on the article). */
export async function articleStats(q: Queryable, recordId: number): Promise<ArticleStats> {
  const { rows } = await q.query<ArticleStats>(
    `SELECT coalesce(sum(views), 0)::int AS views, coalesce(sum(helpful), 0)::int AS helpful,
            coalesce(sum(unhelpful), 0)::int AS unhelpful,
            coalesce(sum(deflections), 0)::int AS deflections
       FROM article_daily_stats WHERE record_id = $1`,
    [recordId],
  );
  return rows[0];
}
