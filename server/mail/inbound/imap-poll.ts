// IMAP polling (imapflow): every unseen mail in a desk's mailbox folder is stored, imported and
// only then flagged \Seen, so a crash at any point means the mail is fetched again next time
// (and the unique key makes that a no-op). One poll per mailbox at a time, across all
// processes: a PostgreSQL advisory lock held for the poll's duration.
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { simpleParser } from 'mailparser';
import type { PoolClient } from 'pg';
import { headerRecipients, importInboundMail, type InboundContext } from './import.js';
import { channelForAddress, findInboundMail } from './sql.js';
import { messageKey, storeInboundMail } from './store.js';

/** First key of the advisory lock "polling the mailbox of desk <hd_id>" (the second). */
const POLL_LOCK = 80009;

export interface ImapChannel {
  hd_id: number;
  imap_host: string;
  imap_port: number;
  imap_tls: boolean;
  imap_user: string;
  imap_folder: string;
  /** The mailbox password in plain text (decrypted by the caller). */
  password: string;
}

export interface PollResult {
  /** false: another process is polling this mailbox right now. */
  polled: boolean;
  /** Mails handled (imported, ignored or already known) and flagged \Seen. */
  handled: number;
}

/** The desks a polled mail belongs to: the ones its headers name, else the mailbox's own desk. */
async function desksFor(ctx: InboundContext, raw: Buffer, ownDesk: number): Promise<number[]> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true });
  const desks = new Set<number>();
  for (const address of headerRecipients(parsed)) {
    const hdId = await channelForAddress(ctx.db, address);
    if (hdId !== undefined) desks.add(hdId);
  }
  return desks.size ? [...desks] : [ownDesk];
}

/** Stores and imports one fetched mail; true when it is done with (and may be flagged seen). */
async function handleMail(ctx: InboundContext, raw: Buffer, hdId: number): Promise<boolean> {
  const desks = await desksFor(ctx, raw, hdId);
  await storeInboundMail(ctx, { hdIds: desks, raw, source: 'imap', envelopeFrom: null });
  const key = messageKey(raw);
  for (const desk of desks) {
    const row = await findInboundMail(ctx.db, desk, key);
    if (!row) return false;
    // Stored before (an earlier poll died before flagging it): import it now if still waiting.
    if (row.state === 'received') await importInboundMail(ctx, row.id);
    const after = await findInboundMail(ctx.db, desk, key);
    if (after?.state === 'received') return false;
  }
  return true;
}

/**
 * Runs `run` holding the lock "polling the mailbox of desk <hdId>" (a pool connection, for the
 * duration); undefined, without running it, when another poll or IDLE drain holds it.
 */
export async function withPollLock<T>(
  ctx: InboundContext,
  hdId: number,
  run: () => Promise<T>,
): Promise<T | undefined> {
  const client: PoolClient = await ctx.db.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1, $2) AS locked',
      [POLL_LOCK, hdId],
    );
    if (!rows[0].locked) return undefined;
    try {
      return await run();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [POLL_LOCK, hdId]);
    }
  } finally {
    client.release();
  }
}

/** imapflow options beyond the mailbox's own (the IDLE watcher keeps its connection open). */
export type ImapTuning = Pick<
  ImapFlowOptions,
  'socketTimeout' | 'autoIdleDelay' | 'maxIdleTime' | 'disableAutoIdle'
>;

/** Connects to a mailbox; throws with the server's words when it cannot. */
export async function connectImap(
  channel: Omit<ImapChannel, 'hd_id'>,
  tuning: ImapTuning = { socketTimeout: 120_000, disableAutoIdle: true },
): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: channel.imap_host,
    port: channel.imap_port,
    secure: channel.imap_tls,
    auth: { user: channel.imap_user, pass: channel.password },
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    ...tuning,
  });
  // A dropped connection is reported as an 'error' event; without a listener it would throw.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/**
 * Stores, imports and then flags \Seen every unseen mail in the channel's folder, on an open
 * connection (a poll's own, or the IDLE watcher's). Returns how many were handled.
 */
export async function importUnseen(
  ctx: InboundContext,
  client: ImapFlow,
  channel: Pick<ImapChannel, 'hd_id' | 'imap_folder'>,
): Promise<number> {
  let handled = 0;
  const lock = await client.getMailboxLock(channel.imap_folder);
  try {
    const uids = (await client.search({ seen: false }, { uid: true })) || [];
    for (const uid of uids) {
      const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
      if (!message || !message.source) continue;
      if (await handleMail(ctx, message.source, channel.hd_id)) {
        await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        handled += 1;
      }
    }
  } finally {
    lock.release();
  }
  return handled;
}

/** Polls one desk's mailbox once. Throws when the mailbox cannot be read. */
export async function pollChannel(ctx: InboundContext, channel: ImapChannel): Promise<PollResult> {
  const result = await withPollLock(ctx, channel.hd_id, async () => {
    const client = await connectImap(channel);
    try {
      return await importUnseen(ctx, client, channel);
    } finally {
      await client.logout().catch(() => client.close());
    }
  });
  return result === undefined ? { polled: false, handled: 0 } : { polled: true, handled: result };
}
