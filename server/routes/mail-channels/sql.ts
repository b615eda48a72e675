// SQL for the mail channels page: every help desk with its channel (if any).
import type { DatabaseError } from 'pg';
import type { Queryable } from '../../db/transaction.js';

export interface ChannelRow {
  hd_id: number;
  hd_name: string;
  object_type: 'T' | 'C';
  address: string | null;
  imap_host: string | null;
  imap_port: number | null;
  imap_tls: boolean | null;
  imap_user: string | null;
  /** Ciphertext (server/mail/secret.ts); never leaves the server. */
  imap_password: string | null;
  imap_folder: string | null;
  last_poll_at: Date | null;
  last_error: string | null;
}

const SELECT = `SELECT h.id AS hd_id, h.name AS hd_name, h.object_type, c.address,
       c.imap_host, c.imap_port, c.imap_tls, c.imap_user, c.imap_password, c.imap_folder,
       c.last_poll_at, c.last_error
  FROM helpdesks h LEFT JOIN mail_channels c ON c.hd_id = h.id`;

export async function listChannels(q: Queryable): Promise<ChannelRow[]> {
  const { rows } = await q.query<ChannelRow>(
    `${SELECT} ORDER BY h.object_type DESC, h.sort_order, h.name, h.id`,
  );
  return rows;
}

export async function getChannel(q: Queryable, hdId: number): Promise<ChannelRow | undefined> {
  const { rows } = await q.query<ChannelRow>(`${SELECT} WHERE h.id = $1`, [hdId]);
  return rows[0];
}

export interface ChannelWrite {
  address: string | null;
  imap: {
    host: string;
    port: number;
    tls: boolean;
    user: string;
    /** Sealed password; undefined keeps the stored one. */
    password: string | null | undefined;
    folder: string;
  } | null;
}

/**
 * Saves a desk's channel. Without a mailbox the poll state is cleared. Answers false when another
 * desk has the address (the unique index on lower(address) decides, so two saves cannot race).
 */
export async function saveChannel(q: Queryable, hdId: number, w: ChannelWrite): Promise<boolean> {
  const i = w.imap;
  try {
    await q.query(
      `INSERT INTO mail_channels AS c (hd_id, address, imap_host, imap_port, imap_tls, imap_user,
                                       imap_password, imap_folder)
       VALUES ($1, $2, $3, $4, coalesce($5, true), $6, $7, coalesce($8, 'INBOX'))
       ON CONFLICT (hd_id) DO UPDATE SET
         address = EXCLUDED.address,
         imap_host = EXCLUDED.imap_host,
         imap_port = EXCLUDED.imap_port,
         imap_tls = EXCLUDED.imap_tls,
         imap_user = EXCLUDED.imap_user,
         imap_password = CASE WHEN $9 THEN c.imap_password ELSE EXCLUDED.imap_password END,
         imap_folder = EXCLUDED.imap_folder,
         last_poll_at = CASE WHEN EXCLUDED.imap_host IS NULL THEN NULL ELSE c.last_poll_at END,
         last_error = CASE WHEN EXCLUDED.imap_host IS NULL THEN NULL ELSE c.last_error END,
         updated_at = now()`,
      [
        hdId,
        w.address,
        i?.host ?? null,
        i?.port ?? null,
        i?.tls ?? null,
        i?.user ?? null,
        i?.password ?? null,
        i?.folder ?? null,
        // Keep the stored password: a mailbox given without one.
        i !== null && i.password === undefined,
      ],
    );
    return true;
  } catch (err) {
    if ((err as DatabaseError).constraint === 'mail_channels_address_key') return false;
    throw err;
  }
}

/** The desk that already has `address`, other than `hdId`. */
export async function deskWithAddress(
  q: Queryable,
  address: string,
  hdId: number,
): Promise<string | undefined> {
  const { rows } = await q.query<{ name: string }>(
    `SELECT h.name FROM mail_channels c JOIN helpdesks h ON h.id = c.hd_id
      WHERE lower(c.address) = lower($1) AND c.hd_id <> $2`,
    [address, hdId],
  );
  return rows[0]?.name;
}
