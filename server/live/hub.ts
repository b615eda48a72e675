// Fans the database's notifications out to this process's event streams (docs/api-live.md).
// Visibility is the lists' rule: agents (user_is_hde) get every event but those of a desk
// restricted to members they are not one of, a regular user only those of records they own or
// that are shared with them (or of their organization, when it shares its tickets), and never an
// internal (work-log) one. One desk query and one share query per event cover every connected
// agent and regular user, so the cost does not grow with the number of streams; the desk query
// runs only while some desk is restricted (a flag kept from the desk-access notifications), so
// with none an event to agents costs no query at all. Events are
// handled one at a time, in the order the database sent them. Presence (who is viewing, who is
// typing) is kept in memory by every process from the same notifications, and expires unless
// re-sent.
import type { Db } from '../db/pool.js';
import type { AuthUser } from '../plugins/auth.js';
import {
  DESK_ACCESS_CHANNEL,
  EVENTS_CHANNEL,
  PRESENCE_CHANNEL,
  parseChange,
  parsePresence,
  type LiveEvent,
  type LiveEventData,
  type LivePresence,
  type PresenceNote,
  type RecordChange,
} from './events.js';
import { createLiveListener, type ListenerLogger, type LiveListener } from './listener.js';
import { organizationShares } from '../routes/records/organization-visibility.js';
import { deskOpenToUser, sharedWith } from '../routes/records/visibility.js';

export interface LiveClient {
  user: Pick<AuthUser, 'id' | 'user_is_hde' | 'session_id'>;
  /** Writes SSE text (an event or a comment, from sseFrame / ': ping'), made once for all. */
  write: (frame: string) => void;
  /** Ends the stream (shutdown, session ended). */
  close: () => void;
}

/** One SSE event, serialised once however many streams it goes to. */
export function sseFrame<const Name extends LiveEvent['event']>(
  event: Name,
  data: LiveEventData<Name>,
): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface LiveHubOptions {
  db: Db;
  /** The database for the LISTEN connection (the pool's own by default). */
  url: string;
  log: ListenerLogger;
  /** Presence not re-sent within this time is gone. */
  presenceTtlMs?: number;
  /** Comment lines keep proxies from closing idle streams; sessions are re-checked as often. */
  heartbeatMs?: number;
  /** Listener tuning (tests shorten the backoff). */
  minRetryMs?: number;
  maxRetryMs?: number;
}

export interface LiveHub {
  /** Adds a stream once this process is listening (rejects while the database is down). */
  subscribe: (client: LiveClient) => Promise<() => void>;
  /** Sends presence to every process (NOTIFY), which each tell their own streams. */
  publishPresence: (note: PresenceNote) => Promise<void>;
  clientCount: () => number;
  isListening: () => boolean;
  /** Ends every stream and the LISTEN connection. */
  close: () => Promise<void>;
}

interface Present {
  fullname: string;
  typing: boolean;
  expires: number;
}

export function createLiveHub(opts: LiveHubOptions): LiveHub {
  const ttl = opts.presenceTtlMs ?? 10_000;
  const clients = new Set<LiveClient>();
  const presence = new Map<number, { ownerId: number; people: Map<number, Present> }>();
  let queue: Promise<void> = Promise.resolve();
  let timers: NodeJS.Timeout[] = [];
  /**
   * Whether some desk is restricted. Read once listening, again on every desk-access notification
   * (migration 036's trigger on helpdesks, whatever made the change) and after a reconnect (one
   * may have been missed); in the event queue, so an event after a change is judged by it.
   * Undefined while not known: the desk query runs, as it would with a restricted desk.
   */
  let someDeskRestricted: boolean | undefined;
  let deskAccessRead = false;

  async function readDeskAccess(): Promise<void> {
    someDeskRestricted = undefined;
    const { rows } = await opts.db.query<{ restricted: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM helpdesks WHERE restricted) AS restricted',
    );
    someDeskRestricted = rows[0].restricted;
  }

  /** The streams that may see the record: one share query when regular users are connected. */
  async function audience(
    recordId: number,
    ownerId: number,
    internal: boolean,
  ): Promise<LiveClient[]> {
    const out: LiveClient[] = [];
    const others = new Set<number>();
    const agents = new Set<number>();
    for (const c of clients) {
      if (c.user.user_is_hde && c.user.id !== ownerId) agents.add(c.user.id);
      else if (c.user.user_is_hde) out.push(c);
      else if (internal) continue;
      else if (c.user.id === ownerId) out.push(c);
      else others.add(c.user.id);
    }
    if (agents.size > 0 && someDeskRestricted === false) {
      // No desk is restricted: every agent sees every record.
      for (const c of clients) if (agents.has(c.user.id) && c.user.user_is_hde) out.push(c);
    } else if (agents.size > 0) {
      // The lists' rule (records/visibility.ts): a restricted desk's records reach its members only.
      const { rows } = await opts.db.query<{ user_id: string }>(
        `SELECT a.user_id FROM unnest($2::bigint[]) AS a(user_id)
          WHERE NOT EXISTS (SELECT 1 FROM records r WHERE r.id = $1
                               AND NOT ${deskOpenToUser('a.user_id', 'r.hd_id')})`,
        [recordId, [...agents]],
      );
      const open = new Set(rows.map((r) => Number(r.user_id)));
      for (const c of clients) if (open.has(c.user.id) && c.user.user_is_hde) out.push(c);
    }
    if (others.size === 0) return out;
    // The lists' rule for the other connected users: shared with them, or a ticket of an
    // organization of theirs that shares its tickets (visibility.ts, the same fragments).
    const { rows } = await opts.db.query<{ user_id: string }>(
      `SELECT u.id AS user_id FROM unnest($2::bigint[]) AS u(id), records r
        WHERE r.id = $1 AND (${sharedWith('u.id')} OR ${organizationShares('u.id')})`,
      [recordId, [...others]],
    );
    const shared = new Set(rows.map((r) => Number(r.user_id)));
    for (const c of clients) {
      if (!c.user.user_is_hde && c.user.id !== ownerId && shared.has(c.user.id)) out.push(c);
    }
    return out;
  }

  async function deliverChange(payload: string): Promise<void> {
    const change = parseChange(payload);
    if (!change) return;
    if ('count' in change) {
      // No record ids to check: only agents, who see every record, hear of it; or the users it
      // names (an organization's members whose sight changed, routes/organizations/sql.ts).
      const { user_ids: named, ...event } = change;
      const userIds = Array.isArray(named) ? new Set<unknown>(named) : null;
      const frame = sseFrame('change', event);
      for (const c of clients) {
        if (userIds ? userIds.has(c.user.id) : c.user.user_is_hde) c.write(frame);
      }
      return;
    }
    const { owner_id: ownerId, ...event } = change satisfies RecordChange;
    const frame = sseFrame('change', event);
    for (const c of await audience(change.record_id, ownerId, change.internal)) c.write(frame);
  }

  function presenceEvent(recordId: number): LivePresence {
    const people = presence.get(recordId)?.people ?? new Map<number, Present>();
    const all = [...people.entries()].map(([id, p]) => ({ id, fullname: p.fullname, p }));
    return {
      record_id: recordId,
      viewing: all.map(({ id, fullname }) => ({ id, fullname })),
      typing: all.filter((x) => x.p.typing).map(({ id, fullname }) => ({ id, fullname })),
    };
  }

  async function broadcastPresence(recordId: number, ownerId: number): Promise<void> {
    const event = presenceEvent(recordId);
    if (event.viewing.length === 0) presence.delete(recordId);
    const frame = sseFrame('presence', event);
    for (const c of await audience(recordId, ownerId, false)) c.write(frame);
  }

  async function applyPresence(payload: string): Promise<void> {
    const note = parsePresence(payload);
    if (!note) return;
    let rec = presence.get(note.record_id);
    if (note.state === 'left') {
      if (!rec?.people.delete(note.user_id)) return;
    } else {
      if (!rec) {
        rec = { ownerId: note.owner_id, people: new Map() };
        presence.set(note.record_id, rec);
      }
      const before = rec.people.get(note.user_id);
      const typing = note.state === 'typing';
      rec.people.set(note.user_id, { fullname: note.fullname, typing, expires: Date.now() + ttl });
      // A re-send that changes nothing only extends the expiry.
      if (before && before.typing === typing) return;
    }
    await broadcastPresence(note.record_id, rec.ownerId);
  }

  async function expirePresence(): Promise<void> {
    const now = Date.now();
    for (const [recordId, rec] of presence) {
      let changed = false;
      for (const [userId, p] of rec.people) {
        if (p.expires <= now) changed = rec.people.delete(userId) || changed;
      }
      if (changed) await broadcastPresence(recordId, rec.ownerId);
    }
  }

  /** One at a time, in order; a failure (database down) loses that event, not the next ones. */
  function enqueue(work: () => Promise<void>): void {
    queue = queue
      .then(work)
      .catch((err: Error) =>
        opts.log.warn({ err: { message: err.message } }, 'live events: delivery failed'),
      );
  }

  /** Ends the streams whose session was logged out or expired (one query for all of them). */
  async function checkSessions(): Promise<void> {
    if (clients.size === 0) return;
    const ids = [...new Set([...clients].map((c) => c.user.session_id))];
    const { rows } = await opts.db.query<{ jti: string }>(
      `SELECT jti FROM sessions WHERE jti = ANY($1::uuid[]) AND revoked_at IS NULL AND expires > now()`,
      [ids],
    );
    const live = new Set(rows.map((r) => r.jti));
    for (const c of [...clients]) {
      if (live.has(c.user.session_id)) continue;
      clients.delete(c);
      c.close();
    }
  }

  function heartbeat(): void {
    for (const c of clients) c.write(': ping\n\n');
    enqueue(checkSessions);
  }

  const listener: LiveListener = createLiveListener({
    url: opts.url,
    channels: [EVENTS_CHANNEL, PRESENCE_CHANNEL, DESK_ACCESS_CHANNEL],
    log: opts.log,
    minRetryMs: opts.minRetryMs,
    maxRetryMs: opts.maxRetryMs,
    onNotification: (channel, payload) =>
      enqueue(() =>
        channel === DESK_ACCESS_CHANNEL
          ? readDeskAccess()
          : channel === PRESENCE_CHANNEL
            ? applyPresence(payload)
            : deliverChange(payload),
      ),
    // Events sent while nobody listened are lost: the browsers reload what they show.
    onReconnect: () => {
      enqueue(readDeskAccess);
      const frame = sseFrame('resync', {});
      for (const c of clients) c.write(frame);
    },
  });

  function startTimers(): void {
    if (timers.length) return;
    timers = [
      setInterval(heartbeat, opts.heartbeatMs ?? 15_000),
      setInterval(() => enqueue(expirePresence), Math.min(1000, ttl / 2)),
    ];
    for (const t of timers) t.unref();
  }

  return {
    subscribe: async (client) => {
      // Listening starts with the first stream: a process nobody streams from holds no connection.
      await listener.start();
      // Read once listening: a change from then on is heard.
      if (!deskAccessRead) {
        deskAccessRead = true;
        enqueue(readDeskAccess);
      }
      startTimers();
      clients.add(client);
      return () => clients.delete(client);
    },
    publishPresence: async (note) => {
      await opts.db.query('SELECT pg_notify($1, $2)', [PRESENCE_CHANNEL, JSON.stringify(note)]);
    },
    clientCount: () => clients.size,
    isListening: listener.isListening,
    close: async () => {
      for (const t of timers) clearInterval(t);
      timers = [];
      for (const c of [...clients]) c.close();
      clients.clear();
      await listener.stop();
      await queue;
    },
  };
}
