// Articles suggested while a ticket is typed, the views and deflections they earn, the articles a
// requester viewed before raising a ticket and the article an agent sent in a message.
// docs/suggestions.md.
import type { Db } from '../../db/pool.js';
import { publicArticle } from '../../help-centre/public-articles.js';
import { articleStats, type ArticleStats } from '../../help-centre/sql.js';
import { Params, changeableBy, readableBy, visibleTo, type Viewer } from '../records/visibility.js';
import { tsQuery } from '../search/sql.js';

/** At most this many suggestions. */
export const SUGGESTIONS_MAX = 5;

/**
 * The newest matching articles ranked (a common word's older matches are never ranked, as the
 * search's rank window): keeps a suggestion's cost bounded at 100,000 public articles.
 */
const SUGGESTION_WINDOW = 200;

/**
 * SQL: article `alias` is one the caller may be suggested and open: public (the help centre's
 * one rule, public-articles.ts), or (signed in) one
 * they may read (visibility.ts readableBy: their own, shared, searchable, an agent's desks').
 */
function suggestible(p: Params, viewer: Viewer | undefined, alias = 'r'): string {
  if (!viewer) return publicArticle(alias);
  return `(${publicArticle(alias)} OR (${alias}.object_type = 'C' AND NOT ${alias}.is_draft AND ${readableBy(p, viewer, alias)}))`;
}

export interface SuggestionRow {
  id: string;
  title: string;
  public: boolean;
  snippet: string;
}

/**
 * Up to five articles matching `q`, best first; none when the text has no words. A requester
 * writes a sentence ("I cannot reset my password"), not search terms: an article matching any of
 * its words is suggested, those matching all of them first, then by rank.
 */
export async function suggest(
  db: Db,
  viewer: Viewer | undefined,
  q: string,
  language: 'en' | 'es',
): Promise<SuggestionRow[]> {
  const p = new Params();
  // An anonymous caller's query never matches weight D (agents' custom fields); a signed-in
  // one's is the search's own rule.
  const agent = viewer?.user_is_hde ?? false;
  const all = tsQuery(p, q, agent, 'all');
  const any = tsQuery(p, q, agent, 'any');
  if (!all || !any) return [];
  const cfg = language === 'es' ? 'helpdesk_es' : 'helpdesk_en';
  // The window holds the newest articles matching every word as well as the newest matching
  // any: a common word's many partial matches never push a whole match out of it.
  const newest = (words: string) =>
    `(SELECT r.id, r.updated_at FROM records r
       WHERE r.search_vector @@ ${words} AND r.object_type = 'C' AND NOT r.is_draft
         AND ${suggestible(p, viewer)}
       ORDER BY r.updated_at DESC, r.id DESC
       LIMIT ${SUGGESTION_WINDOW})`;
  const { rows } = await db.query<SuggestionRow>(
    `WITH newest AS (${newest(all)} UNION ${newest(any)}),
     hits AS (
       SELECT n.id, r.search_vector @@ ${all} AS whole,
              ts_rank_cd(r.search_vector, ${any}) AS rank, n.updated_at
         FROM newest n JOIN records r ON r.id = n.id
        ORDER BY whole DESC, rank DESC, n.updated_at DESC, n.id DESC
        LIMIT ${SUGGESTIONS_MAX})
     SELECT r.id, r.title, ${publicArticle('r')} AS public,
            ts_headline('${cfg}', html_escape(html_to_text(r.body)), ${any},
                        'StartSel=<mark>, StopSel=</mark>, MaxWords=20, MinWords=8,
                         MaxFragments=1') AS snippet
       FROM hits JOIN records r ON r.id = hits.id
      ORDER BY hits.whole DESC, hits.rank DESC, hits.updated_at DESC, hits.id DESC`,
    p.values,
  );
  return rows;
}

export interface ArticleRow {
  id: string;
  title: string;
  body: string;
  public: boolean;
  updated_at: Date;
}

/** An article the caller may be suggested, for the side panel; undefined otherwise (404). */
export async function article(
  db: Db,
  viewer: Viewer | undefined,
  id: number,
): Promise<ArticleRow | undefined> {
  const p = new Params([id]);
  const { rows } = await db.query<ArticleRow>(
    `SELECT r.id, r.title, r.body, ${publicArticle('r')} AS public, r.updated_at
       FROM records r WHERE r.id = $1 AND ${suggestible(p, viewer)}`,
    p.values,
  );
  return rows[0];
}

/** Notes that session `session` opened article `recordId`; true when it is the first time. */
export async function recordView(db: Db, session: string, recordId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO suggestion_views (session_id, record_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING`,
    [session, recordId],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * The session ended without a ticket: its viewed articles not yet attached or counted are
 * marked deflected, once. Answers the articles to count.
 */
export async function deflect(db: Db, session: string): Promise<number[]> {
  const { rows } = await db.query<{ record_id: string }>(
    `UPDATE suggestion_views SET deflected = true
      WHERE session_id = $1 AND ticket_id IS NULL AND NOT deflected
      RETURNING record_id`,
    [session],
  );
  return rows.map((r) => Number(r.record_id));
}

/**
 * Attaches the session's viewed articles to ticket `ticketId`, which the caller may change (its
 * requester, or an agent raising it). undefined when the ticket is not theirs (404); otherwise
 * how many articles were attached.
 */
export async function attachToTicket(
  db: Db,
  viewer: Viewer,
  session: string,
  ticketId: number,
): Promise<number | undefined> {
  const p = new Params([ticketId, session]);
  const { rows } = await db.query<{ found: boolean; attached: number }>(
    `WITH ticket AS (
       SELECT r.id FROM records r
        WHERE r.id = $1 AND r.object_type = 'T' AND ${changeableBy(p, viewer)}),
     attached AS (
       UPDATE suggestion_views sv SET ticket_id = (SELECT id FROM ticket)
        WHERE sv.session_id = $2 AND sv.ticket_id IS NULL AND NOT sv.deflected
          AND EXISTS (SELECT 1 FROM ticket)
        RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM ticket) AS found, (SELECT count(*) FROM attached)::int AS attached`,
    p.values,
  );
  return rows[0].found ? rows[0].attached : undefined;
}

export interface ViewedRow {
  id: string;
  title: string;
  viewed_at: Date;
}

/**
 * The articles viewed before ticket `ticketId` was raised, for an agent who may see the ticket;
 * undefined when they may not (404).
 */
export async function viewedBeforeRaising(
  db: Db,
  agent: Viewer,
  ticketId: number,
): Promise<ViewedRow[] | undefined> {
  const p = new Params([ticketId]);
  const { rows } = await db.query<{ found: boolean; items: ViewedRow[] | null }>(
    `SELECT EXISTS (SELECT 1 FROM records r WHERE r.id = $1 AND r.object_type = 'T'
                      AND ${visibleTo(p, agent)}) AS found,
            (SELECT json_agg(json_build_object('id', a.id, 'title', a.title,
                                               'viewed_at', sv.viewed_at)
                             ORDER BY sv.viewed_at, a.id)
               FROM suggestion_views sv JOIN records a ON a.id = sv.record_id
              WHERE sv.ticket_id = $1) AS items`,
    p.values,
  );
  if (!rows[0].found) return undefined;
  return rows[0].items ?? [];
}

/**
 * Records that message `messageId` sent article `articleId`. The message must be in a record the
 * agent may see and the article one they may read; answers the article's title, or undefined
 * otherwise (404).
 */
export async function recordSentArticle(
  db: Db,
  agent: Viewer,
  messageId: number,
  articleId: number,
): Promise<string | undefined> {
  const p = new Params([messageId, articleId]);
  const messageVisible = visibleTo(p, agent, 'r');
  const articleReadable = readableBy(p, agent, 'a');
  const { rows } = await db.query<{ title: string; written: number }>(
    `WITH allowed AS (
       SELECT m.id AS message_id, a.id AS record_id, a.title
         FROM record_messages m JOIN records r ON r.id = m.record_id, records a
        WHERE m.id = $1 AND a.id = $2 AND a.object_type = 'C'
          AND ${messageVisible} AND ${articleReadable}),
     written AS (
       INSERT INTO message_articles (message_id, record_id)
       SELECT message_id, record_id FROM allowed
       ON CONFLICT (message_id) DO UPDATE SET record_id = EXCLUDED.record_id
       RETURNING 1)
     SELECT title, (SELECT count(*) FROM written)::int AS written FROM allowed`,
    p.values,
  );
  return rows[0]?.title;
}

export interface SentRow {
  message_id: string;
  article_id: string;
  title: string;
}

/** The articles sent in the messages of record `recordId`; undefined when not visible (404). */
export async function sentArticles(
  db: Db,
  agent: Viewer,
  recordId: number,
): Promise<SentRow[] | undefined> {
  const p = new Params([recordId]);
  const { rows } = await db.query<{ found: boolean; items: SentRow[] | null }>(
    `SELECT EXISTS (SELECT 1 FROM records r WHERE r.id = $1 AND ${visibleTo(p, agent)}) AS found,
            (SELECT json_agg(json_build_object('message_id', m.id, 'article_id', a.id,
                                               'title', a.title) ORDER BY m.id)
               FROM record_messages m
               JOIN message_articles ma ON ma.message_id = m.id
               JOIN records a ON a.id = ma.record_id
              WHERE m.record_id = $1) AS items`,
    p.values,
  );
  if (!rows[0].found) return undefined;
  return rows[0].items ?? [];
}

export interface StatsDay {
  day: string;
  views: number;
  helpful: number;
  unhelpful: number;
  deflections: number;
}

export interface StatsArticle {
  id: string;
  title: string;
  views: number;
  helpful: number;
  unhelpful: number;
  deflections: number;
}

/**
 * The last `days` days of article_daily_stats (today included): the totals per day, and the ten
 * articles with the most views and deflections, for articles the agent may read.
 */
export async function stats(
  db: Db,
  agent: Viewer,
  days: number,
): Promise<{ days: StatsDay[]; articles: StatsArticle[] }> {
  const p = new Params([days]);
  const readable = readableBy(p, agent, 'a');
  const inRange = `s.day > current_date - $1::int`;
  const [perDay, perArticle] = await Promise.all([
    db.query<StatsDay>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
              coalesce(sum(s.views), 0)::int AS views,
              coalesce(sum(s.helpful), 0)::int AS helpful,
              coalesce(sum(s.unhelpful), 0)::int AS unhelpful,
              coalesce(sum(s.deflections), 0)::int AS deflections
         FROM generate_series(current_date - $1::int + 1, current_date, '1 day') AS d(day)
         LEFT JOIN (article_daily_stats s JOIN records a ON a.id = s.record_id AND ${readable})
           ON s.day = d.day
        GROUP BY d.day ORDER BY d.day`,
      p.values,
    ),
    db.query<StatsArticle>(
      `SELECT a.id, a.title, sum(s.views)::int AS views, sum(s.helpful)::int AS helpful,
              sum(s.unhelpful)::int AS unhelpful, sum(s.deflections)::int AS deflections
         FROM article_daily_stats s JOIN records a ON a.id = s.record_id
        WHERE ${inRange} AND ${readable}
        GROUP BY a.id, a.title
        ORDER BY sum(s.views) + sum(s.deflections) DESC, a.id
        LIMIT 10`,
      p.values,
    ),
  ]);
  return { days: perDay.rows, articles: perArticle.rows };
}

/** Adds counts to today's rows of article_daily_stats, one statement for the batch. */
export async function addDailyCounts(
  db: Db,
  counts: { recordId: number; views: number; deflections: number }[],
): Promise<void> {
  if (!counts.length) return;
  await db.query(
    `INSERT INTO article_daily_stats (record_id, day, views, deflections)
     SELECT c.record_id, current_date, c.views, c.deflections
       FROM unnest($1::bigint[], $2::int[], $3::int[]) AS c(record_id, views, deflections)
      WHERE EXISTS (SELECT 1 FROM records r WHERE r.id = c.record_id)
     ON CONFLICT (record_id, day) DO UPDATE
       SET views = article_daily_stats.views + EXCLUDED.views,
           deflections = article_daily_stats.deflections + EXCLUDED.deflections`,
    [counts.map((c) => c.recordId), counts.map((c) => c.views), counts.map((c) => c.deflections)],
  );
}

/**
 * Content item `id`'s totals over all days (the help centre's articleStats()) and whether it is
 * public now, for an agent who may see it; undefined otherwise (404).
 */
export async function articleTotals(
  db: Db,
  agent: Viewer,
  id: number,
): Promise<(ArticleStats & { public: boolean }) | undefined> {
  const p = new Params([id]);
  const { rows } = await db.query<{ public: boolean }>(
    `SELECT ${publicArticle('r')} AS public FROM records r
      WHERE r.id = $1 AND r.object_type = 'C' AND ${visibleTo(p, agent)}`,
    p.values,
  );
  if (!rows[0]) return undefined;
  return { public: rows[0].public, ...(await articleStats(db, id)) };
}
