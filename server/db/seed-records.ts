// Demo tickets and content items for the demo accounts: a few hundred of each kind, spread over
// the users, help desks, statuses, priorities, companies and content types, with a few drafts.
// Deterministic (a fixed pseudo-random sequence) and loaded once: a marker row in app_settings,
// written in the same transaction, makes a second run a no-op. One INSERT per kind.
import type { Db } from './pool.js';
import { seedDemoWork } from './seed-work.js';

export const DEMO_TICKETS = 300;
export const DEMO_CONTENT = 120;

/** Help desk ids per subject group (migrations/002_records.sql). */
const TICKET_SUBJECTS: [number, string[]][] = [
  [
    2,
    [
      'Laptop will not boot after update',
      'Second monitor flickers',
      'Keyboard keys sticking',
      'Printer on floor 3 jams every morning',
      'Docking station not charging laptop',
      'Request a new headset',
      'Battery drains in two hours',
      'Mouse stopped working',
    ],
  ],
  [
    3,
    [
      'VPN drops every hour',
      'Wi-Fi is slow in meeting room B',
      'Cannot reach the intranet from home',
      'Shared drive not mapping',
      'Video calls freeze',
      'Guest Wi-Fi password request',
    ],
  ],
  [
    1,
    [
      'Password reset for the CRM',
      'Outlook keeps asking for my password',
      'Install the statistics package',
      'Access to the finance reports folder',
      'Two-factor app lost with old phone',
      'Excel crashes when opening large files',
      'Teams notifications not showing',
      'New starter needs an account',
    ],
  ],
  [
    4,
    [
      'Update my bank details for payroll',
      'Question about parental leave',
      'Holiday balance looks wrong',
      'Request an employment letter',
      'Change my home address',
    ],
  ],
  [
    6,
    [
      'Air conditioning too cold on floor 2',
      'Broken chair in room 204',
      'Parking permit renewal',
      'Light out in the stairwell',
      'Kitchen dishwasher leaking',
    ],
  ],
];

const CONTENT_TITLES: [number, number, string[]][] = [
  [
    7,
    1,
    [
      'How to reset your VPN token',
      'How to connect to the office Wi-Fi',
      'How to set up two-factor authentication',
      'How to map a shared drive',
      'How to book a meeting room display',
    ],
  ],
  [
    7,
    3,
    [
      'Troubleshooting printer jams',
      'Troubleshooting slow video calls',
      'Troubleshooting Outlook password prompts',
      'Troubleshooting laptop battery drain',
    ],
  ],
  [7, 2, ['FAQ: software requests', 'FAQ: laptop replacement', 'FAQ: remote access']],
  [8, 5, ['Parental leave policy', 'Remote work policy', 'Expenses policy', 'Travel policy']],
  [8, 2, ['FAQ: payroll dates', 'FAQ: holiday allowance']],
  [9, 4, ['Office closed on the bank holiday', 'New parking rules', 'Kitchen refurbishment']],
  [5, 4, ['Welcome to the knowledge base', 'What is new this month']],
];

const BODIES = [
  '<p>It started this week and happens several times a day.</p><ul><li>Restarted: yes</li><li>Other people affected: not sure</li></ul>',
  '<p>Steps so far:</p><ol><li>Logged out and in again</li><li>Tried another network</li></ol><p>No change.</p>',
  '<p>This blocks my work. <strong>Please help soon.</strong></p>',
  '<p>See the error message below.</p><pre><code>Error 0x80070005: access denied</code></pre>',
  '<p>Not urgent, but it would be good to have it fixed this month.</p>',
];

const ARTICLE_BODIES = [
  '<h2>Before you start</h2><p>You need your laptop and your phone.</p><h2>Steps</h2><ol><li>Open the portal.</li><li>Follow the prompts.</li><li>Sign in again.</li></ol>',
  '<p>This article answers the questions we hear most often.</p><h3>Who does this apply to?</h3><p>Everyone in the company.</p>',
  '<blockquote>Summary: what changes and when.</blockquote><p>Details follow below. Questions? <a href="https://intranet.example.com" target="_blank" rel="noopener noreferrer">Ask on the intranet</a>.</p>',
];

/** A small deterministic generator (mulberry32), so every demo database looks the same. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Owners {
  alice: number;
  bob: number;
  agent: number;
  agent2: number;
}

export async function seedDemoRecords(db: Db, owners: Owners): Promise<boolean> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const marker = await client.query(
      `INSERT INTO app_settings (key, value) VALUES ('demo_records_seeded', now()::text)
       ON CONFLICT (key) DO NOTHING`,
    );
    if (marker.rowCount !== 1) {
      await client.query('ROLLBACK');
      return false;
    }
    const rnd = random(20261121);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
    const now = Date.now();
    const day = 86_400_000;

    const cols = {
      type: [] as string[],
      title: [] as string[],
      body: [] as string[],
      owner: [] as number[],
      hd: [] as number[],
      status: [] as number[],
      priority: [] as (number | null)[],
      company: [] as (number | null)[],
      contentType: [] as (number | null)[],
      searchable: [] as boolean[],
      draft: [] as boolean[],
      created: [] as string[],
      updated: [] as string[],
    };
    const add = (r: {
      type: 'T' | 'C';
      title: string;
      body: string;
      owner: number;
      hd: number;
      status: number;
      priority: number | null;
      company: number | null;
      contentType: number | null;
      searchable: boolean;
      draft: boolean;
      ageDays: number;
    }) => {
      const created = now - r.ageDays * day - Math.floor(rnd() * day);
      const updated = Math.min(now, created + Math.floor(rnd() * 10 * day));
      cols.type.push(r.type);
      cols.title.push(r.title);
      cols.body.push(r.body);
      cols.owner.push(r.owner);
      cols.hd.push(r.hd);
      cols.status.push(r.status);
      cols.priority.push(r.priority);
      cols.company.push(r.company);
      cols.contentType.push(r.contentType);
      cols.searchable.push(r.searchable);
      cols.draft.push(r.draft);
      cols.created.push(new Date(created).toISOString());
      cols.updated.push(new Date(r.draft ? created : updated).toISOString());
    };

    // Tickets: alice 45%, bob 40%, agent 15%; older ones are further along the workflow.
    for (let i = 0; i < DEMO_TICKETS; i++) {
      const x = rnd();
      const owner = x < 0.45 ? owners.alice : x < 0.85 ? owners.bob : owners.agent;
      const [hd, subjects] = pick(TICKET_SUBJECTS);
      const ageDays = Math.floor(rnd() * 120);
      const status =
        ageDays > 60 ? pick([4, 5, 5]) : ageDays > 14 ? pick([2, 3, 4, 5]) : pick([1, 1, 2, 3]);
      add({
        type: 'T',
        title: pick(subjects),
        body: pick(BODIES),
        owner,
        hd,
        status,
        priority: pick([1, 2, 2, 2, 3, 3, 4]),
        company: rnd() < 0.15 ? null : 1 + Math.floor(rnd() * 5),
        contentType: null,
        searchable: false,
        draft: false,
        ageDays,
      });
    }
    // Content: alice 40%, bob 20%, agent 40%.
    for (let i = 0; i < DEMO_CONTENT; i++) {
      const x = rnd();
      const owner = x < 0.4 ? owners.alice : x < 0.6 ? owners.bob : owners.agent;
      const [hd, contentType, titles] = pick(CONTENT_TITLES);
      const status = pick([6, 7, 7, 7, 8]);
      add({
        type: 'C',
        title: pick(titles),
        body: pick(ARTICLE_BODIES),
        owner,
        hd,
        status,
        priority: null,
        company: null,
        contentType,
        searchable: status === 7,
        draft: false,
        ageDays: Math.floor(rnd() * 365),
      });
    }
    // A few drafts each for alice and bob.
    for (const [owner, who] of [
      [owners.alice, 'alice'],
      [owners.bob, 'bob'],
    ] as const) {
      for (const title of ['Monitor arm request', 'Software licence renewal', 'Desk move']) {
        add({
          type: 'T',
          title: who === 'alice' ? title : `${title} (team)`,
          body: '',
          owner,
          hd: 1,
          status: 1,
          priority: null,
          company: null,
          contentType: null,
          searchable: false,
          draft: true,
          ageDays: Math.floor(rnd() * 5),
        });
      }
      for (const title of ['Notes on the new expenses tool', 'Onboarding checklist']) {
        add({
          type: 'C',
          title,
          body: '<p>Work in progress.</p>',
          owner,
          hd: 5,
          status: 6,
          priority: null,
          company: null,
          contentType: 1,
          searchable: false,
          draft: true,
          ageDays: Math.floor(rnd() * 5),
        });
      }
    }

    await client.query(
      `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id,
                            company_id, content_type_id, searchable, is_draft, created_at,
                            updated_at)
       SELECT * FROM unnest($1::char(1)[], $2::text[], $3::text[], $4::bigint[], $5::int[],
                            $6::int[], $7::int[], $8::int[], $9::int[], $10::boolean[],
                            $11::boolean[], $12::timestamptz[], $13::timestamptz[])
       ORDER BY 12`,
      [
        cols.type,
        cols.title,
        cols.body,
        cols.owner,
        cols.hd,
        cols.status,
        cols.priority,
        cols.company,
        cols.contentType,
        cols.searchable,
        cols.draft,
        cols.created,
        cols.updated,
      ],
    );
    await seedDemoWork(client, owners);
    await client.query('COMMIT');
    return true;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
