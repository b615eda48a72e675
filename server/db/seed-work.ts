// Demo working data on top of the demo records (seed-records.ts), in the same transaction: a few
// records shared between alice and bob, classification by subject words, relations between
// tickets and the articles that answer them, alice's favourite nodes, and a `created` event per
// demo record. Set-based statements only, so the first start stays fast.
import type pg from 'pg';

interface Owners {
  alice: number;
  bob: number;
  agent: number;
}

/** Subject / title words → classification node (ids from migrations/004_working.sql). */
const CLASSIFY: [string, number][] = [
  ['%vpn%', 14],
  ['%wi-fi%', 15],
  ['%intranet%', 16],
  ['%printer%', 3],
  ['%laptop%', 2],
  ['%monitor%', 4],
  ['%outlook%', 7],
  ['%excel%', 8],
  ['%password%', 18],
  ['%two-factor%', 18],
  ['%access%', 19],
  ['%new starter%', 20],
  ['%payroll%', 23],
  ['%leave%', 22],
  ['%holiday%', 22],
  ['%parking%', 28],
  ['%kitchen%', 27],
];

export async function seedDemoWork(client: pg.PoolClient, owners: Owners): Promise<void> {
  await client.query(
    `INSERT INTO record_events (record_id, actor_id, action, created_at)
     SELECT id, owner_id, 'created', created_at FROM records`,
  );
  // Alice's three newest submitted tickets are shared with bob, and bob's two with alice.
  await client.query(
    `INSERT INTO record_shares (record_id, user_id)
     SELECT id, $2 FROM (SELECT id FROM records WHERE owner_id = $1 AND object_type = 'T'
                           AND NOT is_draft ORDER BY created_at DESC, id DESC LIMIT 3) a
     UNION ALL
     SELECT id, $1 FROM (SELECT id FROM records WHERE owner_id = $2 AND object_type = 'T'
                           AND NOT is_draft ORDER BY created_at DESC, id DESC LIMIT 2) b`,
    [owners.alice, owners.bob],
  );
  await client.query(
    `INSERT INTO record_categories (record_id, category_id)
     SELECT DISTINCT r.id, w.category_id
       FROM records r
       JOIN unnest($1::text[], $2::int[]) AS w (pattern, category_id)
         ON lower(r.title) LIKE w.pattern
      WHERE NOT r.is_draft`,
    [CLASSIFY.map(([p]) => p), CLASSIFY.map(([, id]) => id)],
  );
  // The five newest tickets about a subject relate to the oldest article on the same node.
  await client.query(
    `WITH article AS (
       SELECT DISTINCT ON (rc.category_id) rc.category_id, r.id
         FROM records r JOIN record_categories rc ON rc.record_id = r.id
        WHERE r.object_type = 'C' AND r.searchable
        ORDER BY rc.category_id, r.created_at, r.id),
     ticket AS (
       SELECT rc.category_id, r.id,
              row_number() OVER (PARTITION BY rc.category_id ORDER BY r.created_at DESC, r.id) AS n
         FROM records r JOIN record_categories rc ON rc.record_id = r.id
        WHERE r.object_type = 'T')
     INSERT INTO record_relations (record_id, related_id, created_by)
     SELECT DISTINCT least(t.id, a.id), greatest(t.id, a.id), $1::bigint
       FROM ticket t JOIN article a ON a.category_id = t.category_id
      WHERE t.n <= 5`,
    [owners.agent],
  );
  await client.query(
    `INSERT INTO favorite_categories (user_id, category_id) VALUES ($1, 14), ($1, 2)
     ON CONFLICT DO NOTHING`,
    [owners.alice],
  );
}
