// A short-lived in-process cache of live sessions (JWT jti → the signed-in user), so a hot call
// (the lists, search) verifies its token locally instead of paying a database round trip for the
// session check before its own queries (docs/performance.md, "session cache"). Revocation stays
// immediate: every change to a session or a user row NOTIFYs `session_changes` (migration 016), a
// LISTEN connection drops the matching entries in every process, and this process forgets at once
// what its own routes revoke (logout, password change, profile edits). The cache only answers while
// that LISTEN connection is up: without it, every call asks the database as before.
import type pg from 'pg';
import { connectClient, type Db, type PoolLogger } from '../db/pool.js';
import type { AuthUser } from '../plugins/auth.js';

export const SESSION_CHANNEL = 'session_changes';

/** A bound on staleness should a notification ever be missed (it is not while listening). */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1000;

interface Entry {
  user: AuthUser;
  /** The session row's `expires`, ms. */
  expiresAt: number;
  storedAt: number;
}

export interface SessionCache {
  /** The cached live session `jti` of user `userId`, if any. */
  get(jti: string, userId: number): AuthUser | undefined;
  /** Call before the database lookup; pass the result to put() so a change seen meanwhile wins. */
  generation(): number;
  put(user: AuthUser, expires: Date, generation: number): void;
  /** This process revoked or changed it: forget at once (the NOTIFY follows for the others). */
  forgetSession(jti: string): void;
  forgetUser(userId: number): void;
  forgetAll(): void;
  /** True while the LISTEN connection is up (the cache answers only then). */
  listening(): boolean;
  /** Settles after the first attempt to LISTEN (successful or not). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function createSessionCache(db: Db, logger?: PoolLogger): SessionCache {
  const entries = new Map<string, Entry>();
  let gen = 0;
  let client: pg.Client | undefined;
  let up = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const forgetAll = () => {
    gen++;
    entries.clear();
  };

  function changed(payload: string | undefined): void {
    gen++;
    if (payload?.startsWith('s:')) entries.delete(payload.slice(2));
    else if (payload?.startsWith('u:')) {
      const id = Number(payload.slice(2));
      for (const [jti, e] of entries) if (e.user.id === id) entries.delete(jti);
    } else entries.clear();
  }

  function lost(): void {
    if (client === undefined) return;
    up = false;
    forgetAll();
    const old = client;
    client = undefined;
    old.removeAllListeners('notification');
    old.end().catch(() => undefined);
    if (!stopped) timer = setTimeout(() => void listen(), RECONNECT_MS).unref();
  }

  async function listen(): Promise<void> {
    timer = undefined;
    // A pool made without a connection string (none here: db/pool.ts) leaves the cache off.
    const url = db.options.connectionString;
    if (stopped || !url) return;
    let c: pg.Client | undefined;
    try {
      c = await connectClient(url, logger, {
        connectTimeoutMs: 5000,
        statementTimeoutMs: 5000,
        idleInTransactionTimeoutMs: 5000,
        queryTimeoutMs: 6000,
        applicationName: 'helpdesk sessions',
      });
      client = c;
      c.on('notification', (n) => {
        if (n.channel === SESSION_CHANNEL) changed(n.payload);
      });
      c.on('error', lost);
      c.on('end', lost);
      await c.query(`LISTEN ${SESSION_CHANNEL}`);
      if (stopped) {
        await c.end();
        return;
      }
      // Whatever changed before LISTEN took effect went unheard: start empty.
      forgetAll();
      up = true;
    } catch {
      if (c && client === c) lost();
      else if (!stopped) timer = setTimeout(() => void listen(), RECONNECT_MS).unref();
    }
  }
  const ready = listen();

  return {
    ready,
    get(jti, userId) {
      if (!up) return undefined;
      const e = entries.get(jti);
      if (!e) return undefined;
      const now = Date.now();
      if (e.user.id !== userId || e.expiresAt <= now || now - e.storedAt > TTL_MS) {
        entries.delete(jti);
        return undefined;
      }
      return e.user;
    },
    generation: () => gen,
    put(user, expires, generation) {
      if (!up || generation !== gen) return;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(user.session_id, { user, expiresAt: expires.getTime(), storedAt: Date.now() });
    },
    forgetSession(jti) {
      gen++;
      entries.delete(jti);
    },
    forgetUser(userId) {
      changed(`u:${userId}`);
    },
    forgetAll,
    listening: () => up,
    async stop() {
      stopped = true;
      up = false;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      entries.clear();
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
      }
    },
  };
}
