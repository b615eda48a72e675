// IMAP IDLE (docs/mail.md "How mail arrives"): a worker process keeps one connection per desk
// mailbox open in IDLE, so the server says at once when a mail arrives (EXISTS); the unseen
// mails are then imported by the poll's own path (importUnseen: stored, imported, then flagged
// \Seen; the Message-ID key makes a repeat a no-op). The `mail.poll` job stays the fallback.
//
// - One process idles per mailbox: it holds the advisory lock "idling on desk <hd_id>" on a
//   connection of its own for as long as it idles. The others try again at every rescan, so
//   when that process dies its locks go with its connection and another one takes over.
// - A dropped IMAP connection is made again with backoff (1 s, doubling, at most a minute).
// - The channels are re-read every rescan: added, changed and removed mailboxes are picked up.
// - A server without IDLE is left to the poll.
import type { ImapFlow } from 'imapflow';
import type { PoolClient } from 'pg';
import type { InboundContext } from './import.js';
import { connectImap, importUnseen, withPollLock, type ImapTuning } from './imap-poll.js';
import { imapErrorText, notePoll, type ChannelRow, type PasswordOpener } from './poll-job.js';

/** First key of the advisory lock "idling on the mailbox of desk <hd_id>" (the second). */
export const IDLE_LOCK = 80010;

/**
 * Starts IDLE soon after each command (imapflow's default waits 15 s, and a mail arriving in
 * that gap would only be told at the next command); restarts it every 4 minutes, well inside
 * the 29 minutes after which RFC 2177 lets a server drop an idle client.
 */
const IDLE_TUNING: ImapTuning = {
  socketTimeout: 10 * 60_000,
  autoIdleDelay: 200,
  maxIdleTime: 4 * 60_000,
};

/** A connection that lived this long was fine: the next drop starts the backoff afresh. */
const HEALTHY_MS = 60_000;

export interface IdleLogger {
  warn: (obj: object, msg: string) => void;
}

export interface IdleOptions {
  /** How often the channels are re-read (and locks held elsewhere tried again). */
  rescanMs?: number;
  /** First reconnect delay; doubled for each further failure, up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** How long a drain waits when a poll holds the mailbox, before it looks again. */
  busyRetryMs?: number;
}

export interface WatchStatus {
  /** IMAP connections made so far (1 + reconnects). */
  connects: number;
  /** In IDLE now: the server will tell of a new mail. */
  idling: boolean;
  /** The server has no IDLE: the poll serves this mailbox. */
  noIdle: boolean;
}

export interface MailboxWatcher {
  /** The desks whose mailbox this process idles on (or is reconnecting to). */
  watching: () => number[];
  status: (hdId: number) => WatchStatus | undefined;
  /** Re-reads the channels now (also runs every rescanMs). */
  rescan: () => Promise<void>;
  /** Closes every IDLE connection and gives up the locks. */
  stop: () => Promise<void>;
}

interface Session {
  row: ChannelRow;
  key: string;
  client: ImapFlow | undefined;
  connectedAt: number;
  connects: number;
  failures: number;
  noIdle: boolean;
  stopped: boolean;
  timer: NodeJS.Timeout | undefined;
  draining: Promise<void> | undefined;
  again: boolean;
}

/** What makes a channel's connection: a change to any of it means connecting anew. */
const keyOf = (r: ChannelRow) =>
  JSON.stringify([
    r.imap_host,
    r.imap_port,
    r.imap_tls,
    r.imap_user,
    r.imap_password,
    r.imap_folder,
  ]);

async function imapChannels(ctx: InboundContext): Promise<ChannelRow[]> {
  const { rows } = await ctx.db.query<ChannelRow>(
    `SELECT hd_id, imap_host, imap_port, imap_tls, imap_user, imap_password, imap_folder
       FROM mail_channels
      WHERE imap_host IS NOT NULL AND imap_user IS NOT NULL
      ORDER BY hd_id`,
  );
  return rows;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startMailboxWatcher(
  ctx: InboundContext,
  openPassword: PasswordOpener,
  log: IdleLogger,
  opts: IdleOptions = {},
): MailboxWatcher {
  const rescanMs = opts.rescanMs ?? 30_000;
  const minBackoff = opts.minBackoffMs ?? 1000;
  const maxBackoff = opts.maxBackoffMs ?? 60_000;
  const busyRetryMs = opts.busyRetryMs ?? 1000;
  const sessions = new Map<number, Session>();
  let stopped = false;
  let rescanTimer: NodeJS.Timeout | undefined;
  let rescanning: Promise<void> | undefined;

  // The connection holding the locks. Losing it loses every lock: all sessions stop, and the
  // next rescan takes the locks again (unless another process got there first).
  let lockClient: PoolClient | undefined;
  const dropLockClient = (client: PoolClient, err?: Error) => {
    if (lockClient !== client) return;
    lockClient = undefined;
    // Destroyed, not returned to the pool: its session (and any lock on it) must end.
    client.release(err ?? true);
  };
  const lockConnection = async (): Promise<PoolClient> => {
    if (lockClient) return lockClient;
    const client = await ctx.db.connect();
    const lost = (err?: Error) => {
      if (lockClient !== client) return;
      log.warn({ err }, 'IMAP IDLE: lost the connection holding the mailbox locks');
      dropLockClient(client, err ?? new Error('connection ended'));
      for (const hdId of [...sessions.keys()]) void endSession(hdId);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    lockClient = client;
    return client;
  };
  const tryLock = async (hdId: number): Promise<boolean> => {
    const client = await lockConnection();
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1, $2) AS locked',
      [IDLE_LOCK, hdId],
    );
    return rows[0].locked;
  };
  const unlock = async (hdId: number) => {
    if (!lockClient) return;
    await lockClient.query('SELECT pg_advisory_unlock($1, $2)', [IDLE_LOCK, hdId]);
  };

  /** Imports the unseen mails on the session's connection; once more if told of more meanwhile. */
  const drain = (s: Session): Promise<void> => {
    if (s.draining) {
      s.again = true;
      return s.draining;
    }
    s.draining = (async () => {
      do {
        s.again = false;
        const client = s.client;
        if (!client || s.stopped) return;
        let error: string | null = null;
        try {
          const handled = await withPollLock(ctx, s.row.hd_id, () =>
            importUnseen(ctx, client, s.row),
          );
          if (handled === undefined) {
            // A poll is reading this mailbox right now; it may have searched before this mail.
            s.again = true;
            await sleep(busyRetryMs);
            continue;
          }
        } catch (err) {
          // A dropped connection is made again by its 'close' handler, which drains again.
          if (s.stopped || s.client !== client) return;
          error = imapErrorText(err);
          log.warn({ err, hd_id: s.row.hd_id }, 'IMAP IDLE: importing from a mailbox failed');
        }
        await notePoll(ctx, s.row.hd_id, error);
      } while (s.again && !s.stopped);
    })()
      .catch((err: unknown) => log.warn({ err, hd_id: s.row.hd_id }, 'IMAP IDLE: drain failed'))
      .finally(() => {
        s.draining = undefined;
      });
    return s.draining;
  };

  const retryLater = (s: Session) => {
    if (s.stopped) return;
    const delay = Math.min(maxBackoff, minBackoff * 2 ** Math.min(s.failures, 16));
    s.failures += 1;
    s.timer = setTimeout(() => void connect(s), delay * (0.8 + Math.random() * 0.4));
  };

  const connect = async (s: Session): Promise<void> => {
    s.timer = undefined;
    if (s.stopped) return;
    let client: ImapFlow | undefined;
    try {
      const { row } = s;
      const password = row.imap_password ? await openPassword(row.imap_password) : '';
      client = await connectImap(
        { ...row, imap_port: row.imap_port || 993, password },
        IDLE_TUNING,
      );
      if (!client.capabilities.has('IDLE')) {
        s.noIdle = true;
        await client.logout().catch(() => undefined);
        return;
      }
      await client.mailboxOpen(row.imap_folder);
    } catch (err) {
      client?.close();
      log.warn({ err, hd_id: s.row.hd_id }, 'IMAP IDLE: could not open the mailbox');
      await notePoll(ctx, s.row.hd_id, imapErrorText(err)).catch(() => undefined);
      retryLater(s);
      return;
    }
    if (s.stopped) {
      await client.logout().catch(() => client.close());
      return;
    }
    const mine = client;
    s.client = mine;
    s.connects += 1;
    s.connectedAt = Date.now();
    mine.on('exists', () => void drain(s));
    mine.on('close', () => {
      if (s.client !== mine) return;
      s.client = undefined;
      if (Date.now() - s.connectedAt >= HEALTHY_MS) s.failures = 0;
      retryLater(s);
    });
    // What arrived while there was no connection.
    await drain(s);
  };

  const endSession = async (hdId: number) => {
    const s = sessions.get(hdId);
    if (!s) return;
    sessions.delete(hdId);
    s.stopped = true;
    clearTimeout(s.timer);
    await s.draining;
    const client = s.client;
    s.client = undefined;
    if (client) await client.logout().catch(() => client.close());
  };

  const scan = async () => {
    const rows = await imapChannels(ctx);
    const wanted = new Map(rows.map((r) => [r.hd_id, r]));
    for (const [hdId, s] of [...sessions]) {
      const row = wanted.get(hdId);
      if (row && keyOf(row) === s.key) continue;
      await endSession(hdId);
      await unlock(hdId);
    }
    for (const row of rows) {
      if (stopped || sessions.has(row.hd_id) || !(await tryLock(row.hd_id))) continue;
      const s: Session = {
        row,
        key: keyOf(row),
        client: undefined,
        connectedAt: 0,
        connects: 0,
        failures: 0,
        noIdle: false,
        stopped: false,
        timer: undefined,
        draining: undefined,
        again: false,
      };
      sessions.set(row.hd_id, s);
      void connect(s);
    }
  };

  const rescan = (): Promise<void> => {
    rescanning ??= scan()
      .catch((err: unknown) => log.warn({ err }, 'IMAP IDLE: reading the mail channels failed'))
      .finally(() => {
        rescanning = undefined;
      });
    return rescanning;
  };

  const loop = () => {
    rescanTimer = setTimeout(() => {
      void rescan().finally(() => {
        if (!stopped) loop();
      });
    }, rescanMs);
  };
  void rescan();
  loop();

  return {
    watching: () => [...sessions.keys()].sort((a, b) => a - b),
    status: (hdId) => {
      const s = sessions.get(hdId);
      return s && { connects: s.connects, idling: Boolean(s.client?.idling), noIdle: s.noIdle };
    },
    rescan,
    stop: async () => {
      stopped = true;
      clearTimeout(rescanTimer);
      await rescanning;
      for (const hdId of [...sessions.keys()]) await endSession(hdId);
      const client = lockClient;
      if (!client) return;
      // Given up before stop() resolves (ending the connection frees them only a moment later),
      // so another process's next try gets them.
      await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
      dropLockClient(client);
    },
  };
}
