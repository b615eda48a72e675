// The demo's organization whose members see each other's tickets (docs/api-working.md
// "Organizations"): Northwind Traders, its domain northwind.example, and two people there who
// each raised a ticket, one answered by the other. Its own organization and people, so alice,
// bob and the agents see exactly what they saw before (the browser journeys rely on it).
// Idempotent: the organization and its tickets are made once, with the organization.
import type { PasswordHasher } from '../lib/passwords.js';
import type { Db } from './pool.js';

export const DEMO_ORGANIZATION = 'Northwind Traders';

export const DEMO_ORGANIZATION_ACCOUNTS = [
  { email: 'carol@northwind.example', fullname: 'Carol Northwind' },
  { email: 'dan@northwind.example', fullname: 'Dan Northwind' },
] as const;

/** The organization's tickets: [requester's index, subject, description, days ago]. */
const TICKETS = [
  [
    0,
    'Label printer at Northwind prints half labels',
    '<p>The label printer in the warehouse cuts every label in half since this morning.</p>',
    3,
  ],
  [
    1,
    'Northwind shared mailbox is not syncing',
    '<p>The orders@ mailbox stopped showing new mail on my laptop.</p>',
    2,
  ],
] as const;

const REPLY = '<p>Same here on the second printer: I switched to the office one meanwhile.</p>';

/** Returns the emails it created (empty when all existed already). */
export async function seedDemoOrganization(
  db: Db,
  hasher: PasswordHasher,
  password: string,
): Promise<string[]> {
  const created: string[] = [];
  for (const a of DEMO_ORGANIZATION_ACCOUNTS) {
    const result = await db.query(
      `INSERT INTO users (fullname, email, password_hash, confirmed_at)
       VALUES ($1, $2, $3, now())
       ON CONFLICT ((lower(email))) DO NOTHING`,
      [a.fullname, a.email, await hasher.hash(password)],
    );
    if (result.rowCount === 1) created.push(a.email);
  }
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const org = await client.query<{ id: number }>(
      `INSERT INTO companies (name, notes, members_see_tickets)
       VALUES ($1, 'Demo: its members see each other''s tickets.', true)
       ON CONFLICT (name) DO NOTHING RETURNING id`,
      [DEMO_ORGANIZATION],
    );
    if (org.rowCount !== 1) {
      await client.query('ROLLBACK');
      return created;
    }
    const orgId = org.rows[0].id;
    const { rows: people } = await client.query<{ id: string; email: string }>(
      `SELECT id, lower(email) AS email FROM users WHERE lower(email) = ANY ($1)`,
      [DEMO_ORGANIZATION_ACCOUNTS.map((a) => a.email)],
    );
    const ids = DEMO_ORGANIZATION_ACCOUNTS.map((a) => people.find((p) => p.email === a.email)?.id);
    await client.query(
      `INSERT INTO organization_domains (domain, company_id) VALUES ('northwind.example', $1)
       ON CONFLICT DO NOTHING`,
      [orgId],
    );
    await client.query(
      `INSERT INTO organization_members (user_id, company_id, is_primary)
       SELECT u, $1, NOT EXISTS (SELECT 1 FROM organization_members m
                                  WHERE m.user_id = u AND m.is_primary)
         FROM unnest($2::bigint[]) AS u
       ON CONFLICT DO NOTHING`,
      [orgId, ids],
    );
    // Each ticket in IT Support (desk 1), New, normal priority, with its `created` event.
    const ticketIds: string[] = [];
    for (const [who, subject, body, daysAgo] of TICKETS) {
      const { rows } = await client.query<{ id: string }>(
        `WITH r AS (
           INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id,
                                company_id, created_at, updated_at)
           VALUES ('T', $1, $2, $3, 1, 1, 2, $4, now() - make_interval(days => $5),
                   now() - make_interval(days => $5))
           RETURNING id, owner_id, created_at),
         e AS (
           INSERT INTO record_events (record_id, actor_id, action, details, created_at)
           SELECT id, owner_id, 'created', '{}', created_at FROM r)
         SELECT id FROM r`,
        [subject, body, ids[who], orgId, daysAgo],
      );
      ticketIds.push(rows[0].id);
    }
    // Dan answers Carol's ticket: a colleague's reply, as a member may.
    await client.query(
      `WITH m AS (
         INSERT INTO record_messages (record_id, thread, author_id, action, body, created_at)
         SELECT id, 'communication', $2, 'reply', $3, created_at + interval '2 hours'
           FROM records WHERE id = $1
         RETURNING record_id, created_at)
       INSERT INTO record_events (record_id, actor_id, action, details, created_at)
       SELECT record_id, $2, 'message_added', '{"action": "reply"}', created_at FROM m`,
      [ticketIds[0], ids[1], REPLY],
    );
    await client.query('COMMIT');
    return created;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export function demoOrganizationText(): string {
  const lines = DEMO_ORGANIZATION_ACCOUNTS.map(
    (a) => `  ${a.email.padEnd(24)} regular user, member of ${DEMO_ORGANIZATION}`,
  );
  return [`${DEMO_ORGANIZATION}'s members see each other's tickets:`, ...lines].join('\n');
}
