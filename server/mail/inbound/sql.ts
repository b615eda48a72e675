// SQL for inbound mail: the stored raw mails (inbound_mails), the channels they arrive by, and
// the people who send them.
import { organizationShares } from '../../routes/records/organization-visibility.js';
import type { Queryable } from '../../db/transaction.js';

/** The help desk whose channel address is `address` (case-insensitive), or undefined. */
export async function channelForAddress(
  q: Queryable,
  address: string,
): Promise<number | undefined> {
  const { rows } = await q.query<{ hd_id: number }>(
    `SELECT hd_id FROM mail_channels WHERE lower(address) = lower($1)`,
    [address.trim()],
  );
  return rows[0]?.hd_id;
}

export interface NewInboundMail {
  hdId: number;
  messageKey: string;
  source: 'smtp' | 'imap';
  envelopeFrom: string | null;
  raw: Buffer;
}

/**
 * Stores received mails in one statement. Returns the new rows; a mail the channel already has
 * (a repeat delivery, also twice in one batch) gets none.
 */
export async function insertInboundMails(
  q: Queryable,
  mails: NewInboundMail[],
): Promise<Array<{ id: number; hdId: number; messageKey: string }>> {
  if (!mails.length) return [];
  const values: unknown[] = [];
  const tuples = mails.map((m) => {
    const at = values.push(m.hdId, m.messageKey, m.source, m.envelopeFrom, m.raw, m.raw.length);
    return `(${[5, 4, 3, 2, 1, 0].map((back) => `$${at - back}`).join(', ')})`;
  });
  const { rows } = await q.query<{ id: string; hd_id: number; message_key: string }>(
    `INSERT INTO inbound_mails (hd_id, message_key, source, envelope_from, raw, size)
     VALUES ${tuples.join(', ')}
     ON CONFLICT ON CONSTRAINT inbound_mails_once DO NOTHING
     RETURNING id, hd_id, message_key`,
    values,
  );
  return rows.map((r) => ({ id: Number(r.id), hdId: r.hd_id, messageKey: r.message_key }));
}

export interface InboundState {
  id: number;
  state: 'received' | 'ticket' | 'message' | 'ignored' | 'failed';
}

export async function findInboundMail(
  q: Queryable,
  hdId: number,
  messageKey: string,
): Promise<InboundState | undefined> {
  const { rows } = await q.query<{ id: string; state: InboundState['state'] }>(
    `SELECT id, state FROM inbound_mails WHERE hd_id = $1 AND message_key = $2`,
    [hdId, messageKey],
  );
  return rows.length ? { id: Number(rows[0].id), state: rows[0].state } : undefined;
}

export interface ClaimedMail {
  id: string;
  hd_id: number;
  raw: Buffer;
  envelope_from: string | null;
}

/**
 * Locks a mail that is still to be imported. A second importer of the same mail waits here and
 * then finds it done (or, if the first one died, takes it over).
 */
export async function claimInboundMail(q: Queryable, id: number): Promise<ClaimedMail | undefined> {
  // The import's COMMIT need not wait for the disk (synchronous_commit off, for this transaction
  // only): the mail is already durable in inbound_mails, and an import lost in a database crash
  // is lost whole (the row stays `received`) and runs again. Set here, not by a statement of its
  // own, to save a round trip per mail.
  const { rows } = await q.query<ClaimedMail>(
    `SELECT id, hd_id, raw, envelope_from, set_config('synchronous_commit', 'off', true)
       FROM inbound_mails
      WHERE id = $1 AND state = 'received' FOR UPDATE`,
    [id],
  );
  return rows[0];
}

export interface InboundOutcome {
  state: 'ticket' | 'message' | 'ignored' | 'failed';
  reason?: string | null;
  fromEmail?: string | null;
  subject?: string | null;
  recordId?: number | null;
  messageRowId?: number | null;
}

/**
 * Records what became of a mail; the raw bytes go once a ticket or message holds them. A new
 * ticket is marked as come by mail in the same statement (a round trip less per mail; only that
 * column, so the search vector the insert computed is not computed again).
 */
export async function finishInboundMail(
  q: Queryable,
  id: number,
  o: InboundOutcome,
): Promise<void> {
  await q.query(
    `WITH by_mail AS (
       UPDATE records SET channel = 'mail' WHERE id = $6 AND $2 = 'ticket')
     UPDATE inbound_mails
        SET state = $2, reason = $3, from_email = $4, subject = $5, record_id = $6,
            message_row_id = $7, processed_at = now(),
            raw = CASE WHEN $2 IN ('ticket', 'message') THEN NULL ELSE raw END
      WHERE id = $1`,
    [
      id,
      o.state,
      o.reason ?? null,
      o.fromEmail ?? null,
      o.subject ? o.subject.slice(0, 1000) : null,
      o.recordId ?? null,
      o.messageRowId ?? null,
    ],
  );
}

/** Ids of mails still to be imported after id `afterId`, oldest first. */
export async function pendingInboundMails(
  q: Queryable,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM inbound_mails WHERE state = 'received' AND id > $1 ORDER BY id LIMIT $2`,
    [afterId, limit],
  );
  return rows.map((r) => Number(r.id));
}

/** What an import needs to know before it decides, read in one round trip. */
export interface ImportFacts {
  /** Every channel address, lower-cased (the product's own addresses). */
  channelAddresses: string[];
  /** The user with the sender's email (any case), if any. */
  sender: Sender | undefined;
  /** That user's account is deactivated (docs/api-admin.md): their mail is ignored. */
  senderDeactivated: boolean;
  /** Tickets this sender opened by mail in the last hour (the per-sender rate limit). */
  recentTickets: number;
  /** The priority of a new ticket: Normal, else the first. */
  priorityId: number | null;
}

export async function importFacts(q: Queryable, email: string | null): Promise<ImportFacts> {
  const { rows } = await q.query<{
    addresses: string[];
    sender: { id: number; fullname: string; user_is_hde: boolean; deactivated: boolean } | null;
    recent: number;
    priority_id: number | null;
  }>(
    `SELECT ARRAY(SELECT lower(address) FROM mail_channels WHERE address IS NOT NULL) AS addresses,
            (SELECT json_build_object('id', id, 'fullname', fullname, 'user_is_hde', user_is_hde,
                                      'deactivated', deactivated_at IS NOT NULL)
               FROM users WHERE lower(email) = lower($1)) AS sender,
            (SELECT count(*)::int FROM inbound_mails
              WHERE state = 'ticket' AND lower(from_email) = lower($1)
                AND processed_at > now() - interval '1 hour') AS recent,
            (SELECT id FROM priorities WHERE name = 'Normal'
              UNION ALL (SELECT id FROM priorities ORDER BY sort_order LIMIT 1) LIMIT 1)
              AS priority_id`,
    [email],
  );
  const r = rows[0];
  return {
    channelAddresses: r.addresses,
    sender: r.sender
      ? { id: Number(r.sender.id), fullname: r.sender.fullname, user_is_hde: r.sender.user_is_hde }
      : undefined,
    senderDeactivated: r.sender?.deactivated === true,
    recentTickets: r.recent,
    priorityId: r.priority_id,
  };
}

export interface Sender {
  id: number;
  fullname: string;
  user_is_hde: boolean;
}

export async function findSender(q: Queryable, email: string): Promise<Sender | undefined> {
  const { rows } = await q.query<{ id: string; fullname: string; user_is_hde: boolean }>(
    `SELECT id, fullname, user_is_hde FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  const r = rows[0];
  return r ? { id: Number(r.id), fullname: r.fullname, user_is_hde: r.user_is_hde } : undefined;
}

/**
 * A contact account for a sender we do not know: no password (''), so nobody can sign in as
 * them until they set one through "forgot password", which also confirms the address.
 */
export async function createContact(q: Queryable, email: string, name: string): Promise<Sender> {
  const { rows } = await q.query<{ id: string; fullname: string; user_is_hde: boolean }>(
    `WITH made AS (
       INSERT INTO users (fullname, email, password_hash) VALUES ($1, lower($2), '')
       ON CONFLICT ((lower(email))) DO NOTHING
       RETURNING id, fullname, user_is_hde)
     SELECT id, fullname, user_is_hde FROM made
     UNION ALL
     SELECT id, fullname, user_is_hde FROM users WHERE lower(email) = lower($2)
     LIMIT 1`,
    [name, email],
  );
  const r = rows[0];
  if (r) return { id: Number(r.id), fullname: r.fullname, user_is_hde: r.user_is_hde };
  // Made by a transaction that committed after this statement began (so its snapshot missed
  // it): a new statement sees it.
  const sender = await findSender(q, email);
  if (!sender) throw new Error('contact account was not created');
  return sender;
}

export interface ThreadTarget {
  id: string;
  object_type: 'T' | 'C';
  title: string;
  status_id: number;
  status_code: string;
  status_name: string;
  owner_id: string;
  /** Whether the sender may write in its public thread (owner, shared, organization, agent). */
  may_write: boolean;
}

/** A record a reply may belong to, with whether `senderId` may take part in it. */
export async function findThreadTarget(
  q: Queryable,
  recordId: number,
  sender: { id: number; user_is_hde: boolean } | undefined,
): Promise<ThreadTarget | undefined> {
  const { rows } = await q.query<ThreadTarget>(
    `SELECT r.id, r.object_type, r.title, r.status_id, r.owner_id, s.code AS status_code,
            s.name AS status_name,
            coalesce(r.owner_id = $2::bigint OR $3::boolean
                     OR EXISTS (SELECT 1 FROM record_shares sh
                                 WHERE sh.record_id = r.id AND sh.user_id = $2::bigint)
                     OR ${organizationShares('$2')}, false)
              AS may_write
       FROM records r JOIN statuses s ON s.id = r.status_id
      WHERE r.id = $1 AND NOT r.is_draft
      FOR UPDATE OF r`,
    [recordId, sender?.id ?? null, sender?.user_is_hde ?? false],
  );
  return rows[0];
}

/** Reopens a ticket (status `open`); returns the new status (name and id) and its desk. */
export async function reopenRecord(
  q: Queryable,
  recordId: number,
): Promise<{ name: string; status_id: number; hd_id: number }> {
  const { rows } = await q.query<{ name: string; status_id: number; hd_id: number }>(
    `UPDATE records r SET status_id = s.id, version = r.version + 1, updated_at = now()
       FROM statuses s WHERE r.id = $1 AND s.code = 'open'
     RETURNING s.name, s.id AS status_id, r.hd_id`,
    [recordId],
  );
  return rows[0];
}
