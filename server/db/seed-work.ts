// Demo working data on top of the demo records (seed-records.ts), in the same transaction: a few
// records shared between alice and bob, classification by subject words, relations between
// tickets and the articles that answer them, alice's favourite nodes, a `created` event per
// demo record, and each feature at least once for a newcomer to find: a ticket that came in by
// mail with a mailed follow-up, assigned tickets (with their history), a ticket the agent
// follows, macros and saved views. Set-based statements only, so the first start stays fast.
import type pg from 'pg';

interface Owners {
  alice: number;
  bob: number;
  agent: number;
  agent2: number;
}

/** The demo's macros (docs/api-records.md "Macros"); status ids from migrations/002_records.sql. */
export const DEMO_MACROS = [
  {
    name: 'Ask for details',
    body:
      '<p>Hello {{requester_name}},</p><p>Thank you for ticket #{{ticket_id}}. When did it ' +
      'start, and does it happen on another computer too? A screenshot helps.</p>' +
      '<p>{{agent_name}}</p>',
    status_id: 3,
    priority_id: null,
  },
  {
    name: 'Solved: please confirm',
    body:
      '<p>Hello {{requester_name}},</p><p>This should be fixed now. Reply to this message if ' +
      'it happens again.</p><p>{{agent_name}}</p>',
    status_id: 4,
    priority_id: null,
  },
  { name: 'Urgent: take it now', body: '', status_id: 2, priority_id: 4 },
] as const;

/** The demo's saved views (docs/api-bulk-views.md): one shared with every agent, one personal. */
export const DEMO_VIEWS = [
  {
    name: 'Unassigned open tickets',
    shared: true,
    filters: { status_group: 'open', assignee_id: 'none' },
    sort: 'sla',
    columns: [],
  },
  {
    name: 'My open tickets',
    shared: false,
    filters: { status_group: 'open', assignee_id: 'me' },
    sort: 'sla',
    columns: ['title', 'status', 'priority', 'sla', 'owner', 'assignee', 'updated'],
  },
] as const;

/** The ticket that came in by mail (to support@example.com, the IT Support desk's address). */
export const DEMO_MAIL_TICKET = 'Printer in room 12 prints blank pages';

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
  await seedMailTicket(client, owners);
  await client.query(
    `INSERT INTO record_events (record_id, actor_id, action, details, created_at)
     SELECT id, owner_id, 'created',
            CASE WHEN channel = 'mail' THEN '{"channel": "mail"}'::jsonb ELSE '{}' END, created_at
       FROM records`,
  );
  await seedAssignees(client, owners);
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
  // A mail from an unknown sender at Acme's or Globex's domain makes them a member.
  await client.query(
    `INSERT INTO organization_domains (domain, company_id)
     VALUES ('acme.example', 1), ('globex.example', 2) ON CONFLICT DO NOTHING`,
  );
  await client.query(
    `INSERT INTO favorite_categories (user_id, category_id) VALUES ($1, 14), ($1, 2)
     ON CONFLICT DO NOTHING`,
    [owners.alice],
  );
  // The agent follows alice's newest open ticket (its mails come to them too).
  await client.query(
    `INSERT INTO record_follows (record_id, user_id, following)
     SELECT id, $2, true FROM records
      WHERE owner_id = $1 AND object_type = 'T' AND NOT is_draft AND status_id IN (1, 2)
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [owners.alice, owners.agent],
  );
  await client.query(
    `INSERT INTO macros (name, body, status_id, priority_id, created_by)
     SELECT m.name, m.body, m.status_id, m.priority_id, $5::bigint
       FROM unnest($1::text[], $2::text[], $3::int[], $4::int[])
         AS m (name, body, status_id, priority_id)
     ON CONFLICT DO NOTHING`,
    [
      DEMO_MACROS.map((m) => m.name),
      DEMO_MACROS.map((m) => m.body),
      DEMO_MACROS.map((m) => m.status_id),
      DEMO_MACROS.map((m) => m.priority_id),
      owners.agent,
    ],
  );
  await client.query(
    `INSERT INTO saved_views (owner_id, name, object_type, shared, filters, sort, columns)
     SELECT $1, v.name, 'T', v.shared, v.filters, v.sort, v.columns
       FROM jsonb_to_recordset($2::jsonb)
         AS v (name text, shared boolean, filters jsonb, sort text, columns text[])`,
    [owners.agent, JSON.stringify(DEMO_VIEWS)],
  );
}

/**
 * Bob's mail to support@example.com six days ago, still New (so its first response is overdue
 * once the service levels run), and his mailed follow-up the next day.
 */
async function seedMailTicket(client: pg.PoolClient, owners: Owners): Promise<void> {
  await client.query(
    `WITH r AS (
       INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id,
                            company_id, channel, created_at, updated_at)
       VALUES ('T', $1,
               '<p>Hello,</p><p>Since Monday the printer in room 12 prints blank pages. The ' ||
               'toner is new.</p><p>Bob</p>',
               $2, 1, 1, 2, 1, 'mail', now() - interval '6 days', now() - interval '5 days')
       RETURNING id, created_at),
     m AS (
       INSERT INTO record_messages (record_id, thread, author_id, action, body, channel,
                                    from_email, created_at)
       SELECT id, 'communication', $2, 'reply',
              '<p>It does the same with the printer in room 14 now.</p>', 'mail',
              'bob@example.com', created_at + interval '1 day'
         FROM r
       RETURNING record_id, created_at)
     INSERT INTO record_events (record_id, actor_id, action, details, created_at)
     SELECT record_id, $2, 'message_added', '{"action": "reply", "channel": "mail"}', created_at
       FROM m`,
    [DEMO_MAIL_TICKET, owners.bob],
  );
}

/**
 * Tickets past New are assigned (two in three to the agent, the rest to Agent Two; a few of them
 * left for the unassigned queue), with the history of how they got there: assigned, the status
 * moved on from New, and on some urgent ones the priority raised.
 */
async function seedAssignees(client: pg.PoolClient, owners: Owners): Promise<void> {
  await client.query(
    `WITH a AS (
       UPDATE records SET assignee_id = CASE WHEN id % 3 = 0 THEN $2::bigint ELSE $1::bigint END
        WHERE object_type = 'T' AND NOT is_draft AND status_id <> 1 AND id % 7 <> 0
       RETURNING id, assignee_id, created_at)
     INSERT INTO record_events (record_id, actor_id, action, details, created_at)
     SELECT a.id, $1, 'assigned', jsonb_build_object('to', u.fullname),
            least(now(), a.created_at + interval '1 hour')
       FROM a JOIN users u ON u.id = a.assignee_id`,
    [owners.agent, owners.agent2],
  );
  await client.query(
    `INSERT INTO record_events (record_id, actor_id, action, details, created_at)
     SELECT r.id, coalesce(r.assignee_id, $1), 'status_changed',
            jsonb_build_object('from', 'New', 'to', s.name),
            least(now(), r.created_at + interval '2 hours')
       FROM records r JOIN statuses s ON s.id = r.status_id
      WHERE r.object_type = 'T' AND NOT r.is_draft AND r.status_id <> 1`,
    [owners.agent],
  );
  await client.query(
    `INSERT INTO record_events (record_id, actor_id, action, details, created_at)
     SELECT r.id, $1, 'updated',
            jsonb_build_object('fields', jsonb_build_array('priority_id'),
                               'changes', jsonb_build_object('priority_id',
                                 jsonb_build_object('from', 'Normal', 'to', p.name))),
            least(now(), r.created_at + interval '30 minutes')
       FROM records r JOIN priorities p ON p.id = r.priority_id
      WHERE r.object_type = 'T' AND NOT r.is_draft AND r.priority_id = 4`,
    [owners.agent],
  );
}
