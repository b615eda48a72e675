// SQL for organizations (migration 030: `companies` grown into organizations, their domains and
// members). A ticket's `company_id` is its organization.
import type { DatabaseError } from 'pg';
import type { Queryable } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import { LIST_COUNT_CAP } from '../records/kinds.js';

export const MESSAGES = {
  name: 'Name must be 1 to 100 characters.',
  nameTaken: 'An organization with this name already exists.',
  domains: 'Each domain must look like example.com (at most 20 domains).',
  domainTaken: 'This domain belongs to another organization.',
  notes: 'Notes must be at most 5,000 characters.',
  members_see_tickets: "Members see each other's tickets must be true or false.",
  is_primary: 'Primary must be true or false.',
} as const;

export const NOT_FOUND = 'This organization does not exist.';
export const USER_NOT_FOUND = 'This user does not exist.';
export const NOT_A_MEMBER = 'This user is not a member of this organization.';
export const HAS_TICKETS =
  'This organization still has tickets or service-level policies: move them to another company first.';

export interface OrganizationRow {
  id: number;
  name: string;
  domains: string[];
  notes: string;
  members_see_tickets: boolean;
  member_count: number;
  open_ticket_count: number;
  updated_at: Date;
  /** Custom field values (migration 035); the details answer carries them. */
  fields: Record<string, unknown>;
}

export interface MemberRow {
  id: string;
  fullname: string;
  email: string;
  is_primary: boolean;
}

export interface OrgTicketRow {
  id: string;
  title: string;
  status_name: string;
  is_closed: boolean;
  owner_name: string;
  created_at: Date;
}

export interface OrganizationInput {
  name: string;
  domains: string[];
  notes: string;
  members_see_tickets: boolean;
}

// The open-ticket count reads records_hd_company_idx (migration 023) for one company and stops
// one past the lists' cap, so a company with a million tickets costs no more than 10,001 rows:
// the route answers the cap with open_ticket_count_is_capped ("10000+").
const SELECT = `SELECT c.id, c.name, c.notes, c.members_see_tickets, c.updated_at, c.fields,
       coalesce((SELECT array_agg(d.domain ORDER BY d.domain) FROM organization_domains d
                  WHERE d.company_id = c.id), '{}') AS domains,
       (SELECT count(*)::int FROM organization_members m WHERE m.company_id = c.id) AS member_count,
       (SELECT count(*)::int FROM (SELECT 1 FROM records r
         WHERE r.object_type = 'T' AND NOT r.is_draft AND r.company_id = c.id
           AND r.status_id IN (SELECT id FROM statuses WHERE object_type = 'T' AND NOT is_closed)
         LIMIT ${LIST_COUNT_CAP + 1}) capped) AS open_ticket_count
  FROM companies c`;

export async function listOrganizations(q: Queryable): Promise<OrganizationRow[]> {
  const { rows } = await q.query<OrganizationRow>(`${SELECT} ORDER BY lower(c.name), c.id`);
  return rows;
}

export async function getOrganization(
  q: Queryable,
  id: number,
): Promise<OrganizationRow | undefined> {
  const { rows } = await q.query<OrganizationRow>(`${SELECT} WHERE c.id = $1`, [id]);
  return rows[0];
}

export async function members(q: Queryable, id: number): Promise<MemberRow[]> {
  const { rows } = await q.query<MemberRow>(
    `SELECT u.id, u.fullname, u.email, m.is_primary
       FROM organization_members m JOIN users u ON u.id = m.user_id
      WHERE m.company_id = $1 ORDER BY lower(u.fullname), u.id`,
    [id],
  );
  return rows;
}

/** The organization's newest tickets (its page's "recent tickets"), by records_hd_company_idx. */
export async function recentTickets(q: Queryable, id: number): Promise<OrgTicketRow[]> {
  const { rows } = await q.query<OrgTicketRow>(
    `SELECT r.id, r.title, s.name AS status_name, s.is_closed, r.created_at,
            (SELECT fullname FROM users WHERE id = r.owner_id) AS owner_name
       FROM records r JOIN statuses s ON s.id = r.status_id
      WHERE r.object_type = 'T' AND NOT r.is_draft AND r.company_id = $1
      ORDER BY r.created_at DESC, r.id DESC LIMIT 10`,
    [id],
  );
  return rows;
}

/** A unique name or domain taken: 409 naming the field. */
async function uniqueOr409<T>(run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (err) {
    const e = err as DatabaseError;
    if (e.code === '23505' && e.constraint === 'organization_domains_pkey') {
      throw new HttpError(409, MESSAGES.domainTaken, { domains: MESSAGES.domainTaken });
    }
    if (e.code === '23505' && e.constraint === 'companies_name_key') {
      throw new HttpError(409, MESSAGES.nameTaken, { name: MESSAGES.nameTaken });
    }
    throw err;
  }
}

async function writeDomains(q: Queryable, id: number, domains: string[]): Promise<void> {
  await q.query('DELETE FROM organization_domains WHERE company_id = $1', [id]);
  if (domains.length) {
    await uniqueOr409(
      q.query(
        'INSERT INTO organization_domains (domain, company_id) SELECT unnest($2::text[]), $1',
        [id, domains],
      ),
    );
  }
}

export async function insertOrganization(q: Queryable, o: OrganizationInput): Promise<number> {
  const { rows } = await uniqueOr409(
    q.query<{ id: number }>(
      `INSERT INTO companies (name, notes, members_see_tickets) VALUES ($1, $2, $3) RETURNING id`,
      [o.name, o.notes, o.members_see_tickets],
    ),
  );
  await writeDomains(q, rows[0].id, o.domains);
  return rows[0].id;
}

/** False when there is no such organization. */
export async function updateOrganization(
  q: Queryable,
  id: number,
  o: OrganizationInput,
): Promise<boolean> {
  const before = await q.query<{ sharing: boolean }>(
    'SELECT members_see_tickets AS sharing FROM companies WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!before.rows.length) return false;
  await uniqueOr409(
    q.query(
      `UPDATE companies SET name = $2, notes = $3, members_see_tickets = $4, updated_at = now()
        WHERE id = $1`,
      [id, o.name, o.notes, o.members_see_tickets],
    ),
  );
  await writeDomains(q, id, o.domains);
  if (before.rows[0].sharing !== o.members_see_tickets) await announceSight(q, id, null, false);
  return true;
}

/**
 * Members whose sight of the organization's tickets changed (joined or left one that shares
 * them, or its sharing was switched) hear "many records changed, reload": the live stream's
 * `count` event, for them only (live/hub.ts), at commit. `userIds` null: every member. With
 * `ifSharing`, only when the organization shares its tickets (otherwise nothing changed).
 */
export async function announceSight(
  q: Queryable,
  id: number,
  userIds: number[] | null,
  ifSharing: boolean,
): Promise<void> {
  await q.query(
    `SELECT pg_notify('helpdesk_events', json_build_object(
              'kind', 'record', 'op', 'update',
              'count', (SELECT count(*) FROM (SELECT 1 FROM records
                         WHERE object_type = 'T' AND NOT is_draft AND company_id = $1
                         LIMIT ${LIST_COUNT_CAP + 1}) n),
              'user_ids', coalesce($2::bigint[],
                                   ARRAY(SELECT user_id FROM organization_members
                                          WHERE company_id = $1)))::text)
      WHERE NOT $3::boolean
         OR EXISTS (SELECT 1 FROM companies WHERE id = $1 AND members_see_tickets)`,
    [id, userIds, ifSharing],
  );
}

/** 'missing', 'has_tickets' (409: a ticket or an SLA policy names it) or 'deleted'. */
export async function deleteOrganization(
  q: Queryable,
  id: number,
): Promise<'missing' | 'has_tickets' | 'deleted'> {
  const { rows } = await q.query<{ found: boolean; used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM companies WHERE id = $1 FOR UPDATE) AS found,
            (EXISTS (SELECT 1 FROM records WHERE object_type = 'T' AND company_id = $1)
             OR EXISTS (SELECT 1 FROM sla_policies WHERE $1 = ANY (company_ids))) AS used`,
    [id],
  );
  if (!rows[0].found) return 'missing';
  if (rows[0].used) return 'has_tickets';
  await q.query('DELETE FROM companies WHERE id = $1', [id]);
  return 'deleted';
}

/**
 * Adds user `userId` to the organization or changes their primary flag: 'missing' (no such
 * organization), 'no_user' or 'done'. Primary: as asked, else primary when they have no
 * primary organization yet; a new primary takes the flag from their other one.
 */
export async function putMember(
  q: Queryable,
  id: number,
  userId: number,
  isPrimary: boolean | undefined,
): Promise<'missing' | 'no_user' | 'done'> {
  const { rows } = await q.query<{ org: boolean; user: boolean; has_primary: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM companies WHERE id = $1 FOR UPDATE) AS org,
            EXISTS (SELECT 1 FROM users WHERE id = $2) AS user,
            EXISTS (SELECT 1 FROM organization_members
                     WHERE user_id = $2 AND is_primary AND company_id <> $1) AS has_primary`,
    [id, userId],
  );
  if (!rows[0].org) return 'missing';
  if (!rows[0].user) return 'no_user';
  const primary = isPrimary ?? !rows[0].has_primary;
  if (primary) {
    await q.query(
      'UPDATE organization_members SET is_primary = false WHERE user_id = $1 AND is_primary AND company_id <> $2',
      [userId, id],
    );
  }
  const added = await q.query<{ joined: boolean }>(
    `INSERT INTO organization_members (user_id, company_id, is_primary) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, company_id) DO UPDATE SET is_primary = EXCLUDED.is_primary
     RETURNING (xmax = 0) AS joined`,
    [userId, id, primary],
  );
  await q.query('UPDATE companies SET updated_at = now() WHERE id = $1', [id]);
  // A new member (not a primary flag changed) now sees the organization's tickets, if shared.
  if (added.rows[0]?.joined) await announceSight(q, id, [userId], true);
  return 'done';
}

/** False when the user was not a member. */
export async function removeMember(q: Queryable, id: number, userId: number): Promise<boolean> {
  const { rowCount } = await q.query(
    'DELETE FROM organization_members WHERE company_id = $1 AND user_id = $2',
    [id, userId],
  );
  if (rowCount) {
    await q.query('UPDATE companies SET updated_at = now() WHERE id = $1', [id]);
    await announceSight(q, id, [userId], true);
  }
  return !!rowCount;
}

/**
 * Mail in (mail/inbound/import.ts): a contact made for an unknown sender joins the organization
 * that owns their address's domain, as their primary one when they have none.
 */
export async function joinByMailDomain(q: Queryable, userId: number, email: string): Promise<void> {
  await q.query(
    `INSERT INTO organization_members (user_id, company_id, is_primary)
     SELECT $1, d.company_id,
            NOT EXISTS (SELECT 1 FROM organization_members WHERE user_id = $1 AND is_primary)
       FROM organization_domains d WHERE d.domain = lower(split_part($2, '@', 2))
     ON CONFLICT DO NOTHING`,
    [userId, email],
  );
}
