// SQL for an article's language and its translation (migration 048's `records.language` and
// `translation_group`): the English and the Spanish version of an article share a group, so a
// group holds at most one article per language.
import type { Queryable } from '../../db/transaction.js';
import { Params, readableBy, type Viewer } from '../records/visibility.js';

export type Language = 'en' | 'es';

export interface TranslationRow {
  id: string;
  title: string;
  language: Language;
  translation_group: string | null;
}

/** The article's language and group; `lock` takes its row for this transaction's change. */
export async function readArticle(
  q: Queryable,
  id: number,
  lock = false,
): Promise<TranslationRow | undefined> {
  const { rows } = await q.query<TranslationRow>(
    `SELECT id, title, language, translation_group FROM records
      WHERE id = $1 AND object_type = 'C' ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

/**
 * The other article of `id`'s translation group, if it has one; with `viewer`, only when they
 * may read it (a translation in a desk restricted from them is not named to them).
 */
export async function translationOf(
  q: Queryable,
  id: number,
  viewer?: Viewer,
): Promise<TranslationRow | undefined> {
  const p = new Params([id]);
  const readable = viewer ? `AND ${readableBy(p, viewer, 't')}` : '';
  const { rows } = await q.query<TranslationRow>(
    `SELECT t.id, t.title, t.language, t.translation_group
       FROM records r JOIN records t
         ON t.translation_group = r.translation_group AND t.id <> r.id AND t.object_type = 'C'
      WHERE r.id = $1 AND r.translation_group IS NOT NULL ${readable}
      ORDER BY t.id LIMIT 1`,
    p.values,
  );
  return rows[0];
}

/** Language and group changes bump `updated_at`: the help centre's pages and sitemap show them. */
export async function setLanguage(q: Queryable, id: number, language: Language): Promise<void> {
  await q.query('UPDATE records SET language = $2, updated_at = now() WHERE id = $1', [
    id,
    language,
  ]);
}

/** The two articles become one group, named by the smaller id (as the demo seed does). */
export async function link(q: Queryable, a: number, b: number): Promise<void> {
  await q.query(
    `UPDATE records SET translation_group = least($1::bigint, $2::bigint), updated_at = now()
      WHERE id IN ($1, $2)`,
    [a, b],
  );
}

/** Every article of `id`'s group leaves it. */
export async function unlink(q: Queryable, id: number): Promise<void> {
  await q.query(
    `UPDATE records SET translation_group = NULL, updated_at = now()
      WHERE translation_group = (SELECT translation_group FROM records WHERE id = $1)`,
    [id],
  );
}
