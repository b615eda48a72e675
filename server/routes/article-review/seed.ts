// Demo data for article review (docs/knowledge-review.md): every demo content item gets its
// first version, as migration 050 gives the items that existed before it, and one published
// article has a second version waiting in "To review". Idempotent: items with versions are skipped.
import type { Db } from '../../db/pool.js';

export async function seedArticleVersions(db: Db, authorId: number): Promise<void> {
  await db.query(
    `INSERT INTO article_versions (record_id, number, title, body, author_id, created_at, state,
                                   submitted_at)
     SELECT r.id, 1, r.title, r.body, r.owner_id, r.updated_at,
            CASE WHEN r.is_draft THEN 'draft'
                 WHEN s.code = 'in_review' THEN 'in_review'
                 ELSE 'published' END,
            CASE WHEN NOT r.is_draft THEN r.updated_at END
       FROM records r JOIN statuses s ON s.id = r.status_id
      WHERE r.object_type = 'C'
        AND NOT EXISTS (SELECT 1 FROM article_versions v WHERE v.record_id = r.id)`,
  );
  // A published article that is not in the help centre, with a reworded version in review.
  await db.query(
    `INSERT INTO article_versions (record_id, number, title, body, note, author_id, state,
                                   submitted_at)
     SELECT r.id, 2, r.title, r.body || '<p>Updated: the steps now cover the new sign-in page.</p>',
            'Covers the new sign-in page', $1, 'in_review', now()
       FROM records r JOIN statuses s ON s.id = r.status_id AND s.code = 'published'
      WHERE r.object_type = 'C' AND NOT r.is_draft AND NOT r.is_public
        AND NOT EXISTS (SELECT 1 FROM article_versions v WHERE v.state = 'in_review')
        AND (SELECT count(*) FROM article_versions v WHERE v.record_id = r.id) = 1
      ORDER BY r.id LIMIT 1`,
    [authorId],
  );
}
