// Demo data: two helpdesk agents (the first an administrator) and two regular users, all confirmed, and their tickets and
// content items (seed-records.ts), an organization whose two members see each other's tickets
// (seed-organization.ts), with every feature shown at least once (seed-work.ts: shares,
// a followed ticket, a ticket that came in by mail, assignees, macros, saved views; service
// levels below, so some tickets are overdue and the pending ones paused). Idempotent: existing
// accounts (matched by email) are left as they are, and the records are loaded once.
import { seedArticleVersions } from '../routes/article-review/seed.js';
import { seedHelpCentre } from '../help-centre/seed.js';
import type { PasswordHasher } from '../lib/passwords.js';
import type { Db } from './pool.js';
import { seedDemoSla } from '../sla/seed.js';
import { demoOrganizationText, seedDemoOrganization } from './seed-organization.js';
import { seedDemoRecords } from './seed-records.js';

export const DEMO_ACCOUNTS = [
  { email: 'agent@example.com', fullname: 'Agent Example', user_is_hde: true, user_is_admin: true },
  {
    email: 'alice@example.com',
    fullname: 'Alice Example',
    user_is_hde: false,
    user_is_admin: false,
  },
  { email: 'bob@example.com', fullname: 'Bob Example', user_is_hde: false, user_is_admin: false },
  // A colleague for the agent: shared views, assigning to someone else (docs/api-bulk-views.md).
  { email: 'agent2@example.com', fullname: 'Agent Two', user_is_hde: true, user_is_admin: false },
] as const;

/** Returns the emails it created (empty when all existed already). */
export async function seedDemo(
  db: Db,
  hasher: PasswordHasher,
  password: string,
): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const hash = await hasher.hash(password);
    const result = await db.query(
      `INSERT INTO users (fullname, email, password_hash, user_is_hde, user_is_admin, confirmed_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT ((lower(email))) DO NOTHING`,
      [account.fullname, account.email, hash, account.user_is_hde, account.user_is_admin],
    );
    if (result.rowCount === 1) created.push(account.email);
  }
  const { rows } = await db.query<{ email: string; id: string }>(
    `SELECT lower(email) AS email, id FROM users WHERE lower(email) = ANY($1)`,
    [DEMO_ACCOUNTS.map((a) => a.email)],
  );
  const idOf = (email: string) => Number(rows.find((r) => r.email === email)?.id);
  await seedDemoRecords(db, {
    alice: idOf('alice@example.com'),
    bob: idOf('bob@example.com'),
    agent: idOf('agent@example.com'),
    agent2: idOf('agent2@example.com'),
  });
  await seedHelpCentre(db, idOf('agent@example.com'));
  await seedArticleVersions(db, idOf('agent2@example.com'));
  created.push(...(await seedDemoOrganization(db, hasher, password)));
  await seedMailChannels(db);
  await seedDemoSla(db);
  return created;
}

/** The demo's desk addresses (docs/mail.md): mail to them becomes a ticket in that desk. */
export const DEMO_MAIL_CHANNELS = [
  { hd_id: 1, address: 'support@example.com' },
  { hd_id: 4, address: 'hr@example.com' },
];

async function seedMailChannels(db: Db): Promise<void> {
  for (const c of DEMO_MAIL_CHANNELS) {
    await db.query(
      `INSERT INTO mail_channels (hd_id, address) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [c.hd_id, c.address],
    );
  }
}

export function demoAccountsText(password: string): string {
  const lines = DEMO_ACCOUNTS.map(
    (a) =>
      `  ${a.email.padEnd(20)} ${a.user_is_admin ? 'administrator and helpdesk agent (user_is_admin)' : a.user_is_hde ? 'helpdesk agent (user_is_hde)' : 'regular user'}`,
  );
  return ['Demo accounts (password: ' + password + '):', ...lines, demoOrganizationText()].join(
    '\n',
  );
}
