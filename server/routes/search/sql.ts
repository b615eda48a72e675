// Full-text search over records.search_vector (migrations/005_search.sql). The query text never
// reaches to_tsquery raw: full words go through plainto_tsquery, and the last word (matched as a
// prefix while the user types) is reduced to letters and digits before `:*` is appended.
import { runPageAndCount, type PageAndCount } from '../../db/page-and-count.js';
import type { Db } from '../../db/pool.js';
import { prepared, type BuiltQuery } from '../../db/prepared.js';
import type { ObjectType } from '../records/kinds.js';
import { sharingOrganizations } from '../records/organization-visibility.js';
import type { SearchFilters } from './routes.js';
import {
  Params,
  readableBy,
  viewerColumns,
  type Access,
  type Viewer,
} from '../records/visibility.js';

export const SEARCH_COUNT_CAP = 1_000;

export interface SearchRequest {
  q: string;
  type: ObjectType;
  page: number;
  pageSize: number;
  filters: SearchFilters;
  /** Rank only the newest N matches (config SEARCH_RANK_WINDOW). */
  rankWindow: number;
  /** The caller's language: the configuration the snippet's words are matched in. */
  language: 'en' | 'es';
}

export interface SearchRow {
  id: string;
  object_type: ObjectType;
  title: string;
  snippet: string;
  status_name: string;
  hd_name: string;
  created_at: Date;
  access: Access;
}

/**
 * The words of the query: letters and digits only (everything else separates words). When the
 * text does not end in a separator, the last word is still being typed: a prefix.
 */
export function queryTerms(q: string): { words: string[]; prefix: string | undefined } {
  const text = q.normalize('NFC');
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const typing = /[\p{L}\p{N}]$/u.test(text);
  const prefix = typing ? words.pop() : undefined;
  return { words, prefix };
}

/**
 * SQL: the tsquery `query` with every term limited to weights A to C (`'word':ABC`,
 * `'pre':*ABC`): a regular user's search. Weight D holds the values of custom fields only agents
 * see (migration 036), so a requester never finds a record through them. A term's quotes are
 * doubled in the text (unaccent makes `ʼ` a quote: `'d''artagnan'`), so a term is read as a
 * run of non-quotes and doubled quotes.
 */
const requesterWeights = (query: string) =>
  `regexp_replace((${query})::text, '''((?:[^'']|'''')*)''(:(\\*))?', '''\\1'':\\3ABC', 'g')::tsquery`;

/**
 * The tsquery for both languages, or undefined when the text has no words at all. `agent`: every
 * weight is searched; otherwise only those a requester may see. `match`: 'all' words (the
 * search), or 'any' of them (suggestions: a requester's sentence has words no article holds).
 */
export function tsQuery(
  p: Params,
  q: string,
  agent: boolean,
  match: 'all' | 'any' = 'all',
): string | undefined {
  const { words, prefix } = queryTerms(q);
  if (!words.length && !prefix) return undefined;
  // 'any': one value per distinct word, each its own plainto_tsquery (a stop word's is empty,
  // and an empty tsquery ORed with another is that other).
  const full = !words.length
    ? []
    : match === 'all'
      ? [p.add(words.join(' '))]
      : [...new Set(words.map((w) => w.toLowerCase()))].map((w) => p.add(w));
  // Letters and digits only, so `<prefix>:*` is always a single well-formed tsquery term.
  const pre = prefix ? p.add(`${prefix}:*`) : undefined;
  const per = (cfg: string) => {
    const query = [
      ...full.map((w) => `plainto_tsquery('${cfg}', ${w})`),
      pre ? `to_tsquery('${cfg}', ${pre})` : undefined,
    ]
      .filter(Boolean)
      .join(match === 'all' ? ' && ' : ' || ');
    return agent ? query : requesterWeights(query);
  };
  // When both languages make the same query (most English words), it is asked once: ranking
  // 'password' & 'reset' | 'password' & 'reset' cost twice the time of the one (19 against 6 ms
  // for 2,000 tickets). With the words' values known the planner folds this to one tsquery.
  const en = `(${per('helpdesk_en')})`;
  const es = `(${per('helpdesk_es')})`;
  return `(CASE WHEN ${en} = ${es} THEN ${en} ELSE ${en} || ${es} END)`;
}

/**
 * A branch of the readable set: a condition on the records `r`, and for an organization's
 * tickets the SQL array of those organizations (their records are read one organization at a
 * time, newest first, through migration 023's company index: a kept plan given `company_id =
 * ANY (…)` walked every ticket newest first instead, 8 ms at 20,000 tickets for a user of no
 * organization).
 */
interface ReadableSet {
  where: string;
  organizations?: string;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/**
 * What the viewer may read, as conditions whose matches together are the readable set (each one
 * a branch of a UNION). A regular user reads their own records and those shared with them, of
 * tickets also their sharing organizations', and of content also everyone's searchable articles.
 * As separate branches each is a plain scan with
 * its own index (the owner's, the shares', migration 018's partial index over searchable
 * content) instead of one OR that reads every match of a common word, and no branch joins the
 * matches to a set of ids: with stale statistics that join was planned as a nested loop, one
 * pass over the owner's records per match (48 ms for 400 own tickets that all matched). The
 * shares are read once into an array, and their records found by primary key. The branches
 * do not overlap (a record is in the first one it meets), so they are joined with UNION ALL:
 * no pass to drop duplicates, and their newest matches merge in order.
 */
function readableSets(p: Params, viewer: Viewer, type: ObjectType): ReadableSet[] {
  if (viewer.user_is_hde) return [{ where: readableBy(p, viewer) }];
  const me = p.add(viewer.id);
  const own = `r.owner_id = ${me}::bigint`;
  const sharedIds = `ARRAY(SELECT s.record_id FROM record_shares s WHERE s.user_id = ${me}::bigint)`;
  const shared = `r.id = ANY (${sharedIds}) AND r.owner_id <> ${me}::bigint`;
  // The tickets of the organizations whose members see each other's (organization-visibility.ts):
  // none for a user of no such organization.
  const organization = {
    where: `r.owner_id <> ${me}::bigint AND NOT r.id = ANY (${sharedIds})`,
    organizations: `ARRAY(${sharingOrganizations(me)})`,
  };
  if (type === 'T') return [{ where: own }, { where: shared }, organization];
  return [
    { where: 'r.searchable' },
    { where: `${own} AND NOT r.searchable` },
    { where: `${shared} AND NOT r.searchable` },
  ];
}

/**
 * The page and the capped count as SQL (the bench runs them directly too). Only the newest
 * `rankWindow` matches are ranked, so a common word costs a bounded sort; the page's snippets
 * are made for its rows only.
 */
export function buildSearchQueries(viewer: Viewer, req: SearchRequest): PageAndCount | undefined {
  const p = new Params();
  const words = tsQuery(p, req.q, viewer.user_is_hde);
  if (!words) return undefined;
  // A regular user's tickets are their own and those shared with them: every branch starts
  // from the user's records, whatever the words, so one plan fits every search. The statement
  // is named (planned once per connection, db/prepared.ts), and its tsquery is made once (a CTE
  // read as an InitPlan) where a kept plan would otherwise make it again for every row. The
  // other searches (an agent's, any content) read the word's index or a desk's records by how
  // common the word is, so they stay planned with their values.
  const keptPlan = !viewer.user_is_hde && req.type === 'T';
  const query = keptPlan ? '(SELECT q FROM tsq)' : words;
  const withTsq = (...ctes: string[]) => {
    const all = keptPlan ? [`tsq AS MATERIALIZED (SELECT ${words} AS q)`, ...ctes] : ctes;
    return all.length ? `WITH ${all.join(',\n')}\n` : '';
  };
  const built = (text: string, values: unknown[]): BuiltQuery =>
    keptPlan ? prepared(text, values) : { text, values };
  const f = req.filters;
  const where = [
    // In the kept plan the words must not choose the path: `IS TRUE` makes the match a filter on
    // the user's records, never a read of the word's index (a common word's index entries cost
    // 46 ms at a million tickets, the user's own records well under one).
    keptPlan ? `(r.search_vector @@ ${query}) IS TRUE` : `r.search_vector @@ ${query}`,
    `r.object_type = ${p.add(req.type)}`,
    'NOT r.is_draft',
  ];
  if (f.status_id !== undefined) where.push(`r.status_id = ${p.add(f.status_id)}`);
  if (f.hd_id !== undefined) where.push(`r.hd_id = ${p.add(f.hd_id)}`);
  if (f.category_id !== undefined) {
    where.push(`EXISTS (
      WITH RECURSIVE sub AS (
        SELECT id FROM categories WHERE id = ${p.add(f.category_id)}
        UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
      SELECT 1 FROM record_categories rc
       WHERE rc.record_id = r.id AND rc.category_id IN (SELECT id FROM sub))`);
  }
  // Any of these tags (migration 028's index).
  if (f.tag_ids?.length) where.push(`r.tag_ids && ${p.add(f.tag_ids)}::int[]`);
  if (f.created_from) where.push(`r.created_at >= ${p.add(`${f.created_from}T00:00:00Z`)}`);
  if (f.created_to) where.push(`r.created_at < ${p.add(nextDay(f.created_to))}`);
  const sets = readableSets(p, viewer, req.type);
  /**
   * The set's rows: `inner` of the records `r` matching, then `tail` (ORDER BY, LIMIT); of an
   * organization's tickets, `outer` of each organization's rows, `tail` each and then together.
   */
  const rowsOf = (set: ReadableSet, inner: string, outer: string, tail: string) => {
    const cond = [...where, set.where].join(' AND ');
    if (!set.organizations) return `SELECT ${inner} FROM records r WHERE ${cond} ${tail}`;
    return `SELECT ${outer} FROM unnest(${set.organizations}) AS o(company_id)
              CROSS JOIN LATERAL (SELECT ${inner} FROM records r
                                   WHERE ${cond} AND r.company_id = o.company_id ${tail}) r
             ${tail}`;
  };

  // The capped count's LIMIT is the whole's, and for an organization's tickets each one's too
  // (so each is read from the company index, not joined to all records).
  const matches = sets.map((set) =>
    set.organizations
      ? rowsOf(set, 'r.id', 'r.id', `LIMIT ${SEARCH_COUNT_CAP + 1}`)
      : rowsOf(set, 'r.id', 'r.id', ''),
  );
  const count = built(
    `${withTsq()}SELECT count(*)::int AS total
       FROM (${matches.map((m) => `(${m})`).join(' UNION ALL ')} LIMIT ${SEARCH_COUNT_CAP + 1}) capped`,
    [...p.values],
  );
  const window = p.add(req.rankWindow);
  // The window's scan carries each match's vector through its sort, and the rank is computed
  // after the window's LIMIT: a common word's matches past the window are never ranked (with
  // 100,000 articles "policy" ranked 9,829 readable ones to keep 2,000: 35 ms of its 55 ms). With
  // several sets: each one's newest matches, then the newest of those.
  const newestOf = (set: ReadableSet) =>
    rowsOf(
      set,
      'r.id, r.created_at, r.search_vector AS words',
      'r.id, r.created_at, r.words',
      `ORDER BY r.created_at DESC, r.id DESC LIMIT ${window}`,
    );
  const newest =
    sets.length === 1
      ? newestOf(sets[0])
      : `SELECT u.* FROM (${sets.map((set) => `(${newestOf(set)})`).join(' UNION ALL ')}) u
          ORDER BY u.created_at DESC, u.id DESC
          LIMIT ${window}`;
  const limit = p.add(req.pageSize);
  const offset = p.add((req.page - 1) * req.pageSize);
  const cfg = req.language === 'es' ? 'helpdesk_es' : 'helpdesk_en';
  const page = built(
    `${withTsq(
      `newest AS (${newest})`,
      `hits AS (
             SELECT n.id, ts_rank_cd(n.words, ${query}) AS rank, count(*) OVER ()::int AS total
               FROM newest n
              ORDER BY rank DESC, n.created_at DESC, n.id DESC
              LIMIT ${limit} OFFSET ${offset})`,
    )}SELECT r.id, r.object_type, r.title,
                  ts_headline('${cfg}', html_escape(html_to_text(r.body)), ${query},
                              'StartSel=<mark>, StopSel=</mark>, MaxWords=30, MinWords=12,
                               MaxFragments=2, FragmentDelimiter=" … "') AS snippet,
                  (SELECT name FROM statuses WHERE id = r.status_id) AS status_name,
                  (SELECT name FROM helpdesks WHERE id = r.hd_id) AS hd_name,
                  r.created_at, ${viewerColumns(p, viewer)}, hits.total
             FROM hits JOIN records r ON r.id = hits.id
            ORDER BY hits.rank DESC, r.created_at DESC, r.id DESC`,
    p.values,
  );
  // The ranked window holds more matches than the cap, so counting it is counting up to the cap.
  return {
    page,
    count,
    countInPage: req.rankWindow > SEARCH_COUNT_CAP,
    firstPage: req.page === 1,
  };
}

/** The page and the capped count (at most SEARCH_COUNT_CAP + 1). */
export async function searchRecords(
  db: Db,
  viewer: Viewer,
  req: SearchRequest,
): Promise<{ rows: SearchRow[]; total: number }> {
  const q = buildSearchQueries(viewer, req);
  if (!q) return { rows: [], total: 0 };
  const { rows, total } = await runPageAndCount<SearchRow>(db, q);
  return { rows, total: Math.min(total, SEARCH_COUNT_CAP + 1) };
}

/**
 * ts_headline ran over HTML-escaped text, so its output is already escaped; this keeps it so
 * whatever happens: any `<` or `>` that is not part of a `<mark>` / `</mark>` is escaped.
 */
export function safeSnippet(snippet: string): string {
  return snippet
    .split(/(<\/?mark>)/)
    .map((part) =>
      part === '<mark>' || part === '</mark>'
        ? part
        : part.replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    )
    .join('');
}
