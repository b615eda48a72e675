// Bulk data for the records benchmark, generated inside PostgreSQL (generate_series), so a
// million rows take seconds of SQL, not a million round trips. The records table's secondary
// indexes and foreign keys are taken off during the load and put back afterwards exactly as the
// migration defined them (read from the catalog), then VACUUM ANALYZE sets the statistics and
// the visibility map (index-only scans).
import type { PoolClient } from 'pg';
import type { Db } from '../server/db/pool.js';

/** The bench's tags: id, name and the share of tickets carrying it (each drawn on its own). */
export const BENCH_TAGS = [
  { id: 1, name: 'billing', share: 0.2 },
  { id: 2, name: 'vip', share: 0.1 },
  { id: 3, name: 'hardware', share: 0.05 },
  { id: 4, name: 'legal', share: 0.01 },
  { id: 5, name: 'security-incident', share: 0.001 },
] as const;

/**
 * The bench's single-choice ticket field (docs/api-records.md "Custom fields"): each value on
 * its share of the tickets, the rest without a value.
 */
export const BENCH_PRODUCT = {
  key: 'product',
  choices: [
    { value: 'printer', share: 0.2 },
    { value: 'laptop', share: 0.1 },
    { value: 'badge', share: 0.01 },
  ],
} as const;

export interface BenchSize {
  users: number;
  tickets: number;
  content: number;
}

const SUBJECTS = [
  'VPN drops every hour',
  'Printer jams on floor 3',
  'Laptop will not boot',
  'Password reset for the CRM',
  'Outlook asks for password',
  'Wi-Fi slow in meeting room',
  'Second monitor flickers',
  'Access to finance folder',
  'Teams notifications missing',
  'Excel crashes on large files',
  'Update bank details for payroll',
  'Holiday balance looks wrong',
  'Air conditioning too cold',
  'Broken chair in room 204',
  'Parking permit renewal',
  'Docking station not charging',
  'Shared drive not mapping',
  'New starter needs an account',
  'Video calls freeze',
  'Kitchen dishwasher leaking',
];
const TITLES = [
  'How to reset your VPN token',
  'Troubleshooting printer jams',
  'Remote work policy',
  'FAQ: laptop replacement',
  'How to map a shared drive',
  'Expenses policy',
  'Office closed on the bank holiday',
  'How to set up two-factor authentication',
  'Troubleshooting slow video calls',
  'FAQ: payroll dates',
];

// Ticket descriptions: two sentences each, so common words ("printer", "password", "network")
// and rare ones exist for the search bench (bench/search.ts); "kerberos" is in about 0.02%.
const SENTENCES = [
  'The printer on the third floor shows a paper jam error again.',
  'I cannot connect to the network since this morning.',
  'My password expired and the reset link does not arrive.',
  'The laptop restarts while charging through the docking station.',
  'Outlook keeps asking for my password after the update.',
  'Video calls freeze after a few minutes on the office connection.',
  'The shared drive is not mapped after logging in.',
  'Please check the monitor cable, the screen flickers.',
  'The VPN client disconnects when the laptop goes to sleep.',
  'Excel crashes when opening spreadsheets from the finance folder.',
  'The air conditioning in the meeting room is far too cold.',
  'The badge reader at the main entrance rejects my card.',
  'It happens several times a day and blocks my work.',
  'A colleague has the same problem on another floor.',
  'Restarting the computer did not help.',
  'This started after the weekend maintenance window.',
];

const sqlArray = (items: string[]) =>
  `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;

async function timed(log: (s: string) => void, label: string, run: () => Promise<unknown>) {
  const start = Date.now();
  await run();
  log(`  ${label}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

/** Loads users and records; returns the id of the first bench user (an agent). */
export async function seedBench(
  db: Db,
  size: BenchSize,
  passwordHash: string,
  log: (s: string) => void,
  /** Runs after the rows are in and before the indexes come back (the search vectors). */
  beforeIndexes?: (client: PoolClient) => Promise<void>,
): Promise<{ firstUserId: number }> {
  const client = await db.connect();
  try {
    await client.query(`SET maintenance_work_mem = '1GB'`);
    await client.query('SET max_parallel_maintenance_workers = 2');
    const indexes = await client.query<{ name: string; def: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indrelid = 'records'::regclass AND NOT x.indisprimary`,
    );
    const fks = await client.query<{ name: string; def: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS def
         FROM pg_constraint WHERE conrelid = 'records'::regclass AND contype = 'f'`,
    );
    for (const fk of fks.rows) await client.query(`ALTER TABLE records DROP CONSTRAINT ${fk.name}`);
    for (const ix of indexes.rows) await client.query(`DROP INDEX ${ix.name}`);
    // Row triggers (the search vector's) are off during the load; beforeIndexes builds the
    // vectors set-based instead.
    await client.query('ALTER TABLE records DISABLE TRIGGER USER');

    let firstUserId = 0;
    await timed(log, `${size.users.toLocaleString('en')} users`, async () => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO users (fullname, email, password_hash, user_is_hde, items_per_page,
                            confirmed_at)
         SELECT 'Bench User ' || g, 'bench' || g || '@example.com', $1, g <= 10, 25, now()
           FROM generate_series(1, $2::int) g
         RETURNING id`,
        [passwordHash, size.users],
      );
      firstUserId = Math.min(...rows.map((r) => Number(r.id)));
    });

    // Rows arrive in creation order (created_at grows with id, about two years in all), owners
    // and lookups at random; 2% drafts.
    const common = `
      $1::bigint + floor(random() * $2::int)::bigint,
      random() < 0.02,
      now() - ($3::int - g) * (interval '2 years' / $3::int),
      now() - ($3::int - g) * (interval '2 years' / $3::int) + random() * interval '3 days'`;
    await client.query('SELECT setseed(0.42)');
    // A handful of tags (migration 028), each on its share of the tickets (BENCH_TAGS).
    await client.query(
      `INSERT INTO tags (id, name) OVERRIDING SYSTEM VALUE
       SELECT t.id, t.name FROM unnest($1::int[], $2::text[]) AS t(id, name)`,
      [BENCH_TAGS.map((t) => t.id), BENCH_TAGS.map((t) => t.name)],
    );
    await client.query(`SELECT setval(pg_get_serial_sequence('tags', 'id'), $1)`, [
      BENCH_TAGS.length,
    ]);
    // The product field's definition (migration 031) and a value on its share of the tickets.
    await client.query(
      `INSERT INTO custom_fields (object_type, key, type, label_en, label_es, choices)
       VALUES ('T', $1, 'single_choice', 'Product', 'Producto', $2::jsonb)`,
      [
        BENCH_PRODUCT.key,
        JSON.stringify(
          BENCH_PRODUCT.choices.map((c) => ({
            value: c.value,
            label_en: c.value,
            label_es: c.value,
          })),
        ),
      ],
    );
    let lower = 0;
    const productCases = BENCH_PRODUCT.choices.map((c) => {
      const upper = lower + c.share;
      const when = `WHEN p < ${upper} THEN '{"${BENCH_PRODUCT.key}": "${c.value}"}'::jsonb`;
      lower = upper;
      return when;
    });
    const productFields = `(SELECT CASE ${productCases.join(' ')} ELSE '{}'::jsonb END
                              FROM (SELECT random() + g * 0 AS p) draw)`;
    const tagIds = `array_remove(ARRAY[${BENCH_TAGS.map(
      (t) => `CASE WHEN random() < ${t.share} THEN ${t.id} END`,
    ).join(', ')}], NULL)`;
    await timed(log, `${size.tickets.toLocaleString('en')} tickets`, () =>
      client.query(
        `INSERT INTO records (object_type, title, body, hd_id, status_id, priority_id, company_id,
                              owner_id, is_draft, created_at, updated_at, assignee_id, tag_ids,
                              fields)
         SELECT 'T', (${sqlArray(SUBJECTS)})[1 + floor(random() * ${SUBJECTS.length})::int] || ' #' || g,
                '<p>' || (${sqlArray(SENTENCES)})[1 + floor(random() * ${SENTENCES.length})::int]
                  || ' ' || (${sqlArray(SENTENCES)})[1 + floor(random() * ${SENTENCES.length})::int]
                  || CASE WHEN random() < 0.0002 THEN ' The kerberos ticket is rejected.' ELSE '' END
                  || ' (bench ticket ' || g || ')</p>',
                (ARRAY[1, 2, 3, 4, 6])[1 + floor(random() * 5)::int],
                1 + floor(random() * 5)::int, 1 + floor(random() * 4)::int,
                CASE WHEN random() < 0.1 THEN NULL ELSE 1 + floor(random() * 5)::int END,
                ${common},
                -- Six in ten assigned, to one of the ten agents (the assignee sort's case).
                CASE WHEN random() < 0.6 THEN $1::bigint + floor(random() * 10)::bigint END,
                ${tagIds},
                ${productFields}
           FROM generate_series(1, $3::int) g`,
        [firstUserId, size.users, size.tickets],
      ),
    );
    await timed(log, `${size.content.toLocaleString('en')} content items`, () =>
      client.query(
        `INSERT INTO records (object_type, title, body, hd_id, status_id, content_type_id,
                              searchable, owner_id, is_draft, created_at, updated_at)
         SELECT 'C', (${sqlArray(TITLES)})[1 + floor(random() * ${TITLES.length})::int] || ' #' || g,
                '<h2>Steps</h2><ol><li>Open the portal.</li><li>Follow the prompts.</li></ol>',
                (ARRAY[5, 7, 8, 9])[1 + floor(random() * 4)::int],
                6 + floor(random() * 3)::int, 1 + floor(random() * 5)::int, random() < 0.5,
                ${common}
           FROM generate_series(1, $3::int) g`,
        [firstUserId, size.users, size.content],
      ),
    );
    await timed(log, 'SLA due times (open tickets)', () => seedBenchSla(client));
    await timed(log, 'satisfaction ratings (closed tickets)', () => seedBenchRatings(client));
    await client.query('ALTER TABLE records ENABLE TRIGGER USER');
    if (beforeIndexes) await beforeIndexes(client);
    await timed(log, `${indexes.rows.length} indexes`, async () => {
      for (const ix of indexes.rows) await client.query(ix.def);
    });
    await timed(log, `${fks.rows.length} foreign keys`, async () => {
      for (const fk of fks.rows) {
        await client.query(`ALTER TABLE records ADD CONSTRAINT ${fk.name} ${fk.def}`);
      }
    });
    await timed(log, 'VACUUM ANALYZE', () => client.query('VACUUM ANALYZE records, users'));
    return { firstUserId };
  } finally {
    client.release();
  }
}

/**
 * Satisfaction (docs/satisfaction.md): one closed submitted ticket in ten has a latest rating,
 * one in four of them bad, as records.satisfaction holds it (the partial index takes only these).
 */
async function seedBenchRatings(client: PoolClient): Promise<void> {
  await client.query(
    `UPDATE records
        SET satisfaction = CASE WHEN id % 40 = 0 THEN 'bad' ELSE 'good' END
      WHERE object_type = 'T' AND NOT is_draft AND status_id IN (4, 5) AND id % 10 = 0`,
  );
}

/**
 * Service levels (docs/sla.md): one 24x7 policy; each open (New/Open) submitted ticket gets a
 * due time between 10 days ago and 1 day ahead, so about 9 in 10 of them are overdue (the
 * worst case for the overdue list) and a few hundred fall due within the hour.
 */
async function seedBenchSla(client: PoolClient): Promise<void> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO sla_policies (name, sort_order, first_response_minutes, time_zone, hours)
     VALUES ('Bench 24x7', 1, 240, 'UTC',
             (SELECT jsonb_agg(jsonb_build_object('start', '00:00', 'end', '24:00'))
                FROM generate_series(1, 7)))
     RETURNING id`,
  );
  await client.query(
    `UPDATE records r
        SET sla_policy_id = $1, sla_started_at = r.created_at,
            first_response_due_at = x.due, sla_due_at = x.due
       FROM (SELECT id, now() - interval '10 days' + random() * interval '11 days' AS due
               FROM records
              WHERE object_type = 'T' AND NOT is_draft AND status_id IN (1, 2)) x
      WHERE r.id = x.id`,
    [rows[0].id],
  );
}
