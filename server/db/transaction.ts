// One way to run several statements atomically: a change and its history row commit together.
import type pg from 'pg';
import { HttpError, UNAUTHORIZED_MESSAGE } from '../lib/http-error.js';
import { isDatabaseUnavailable } from '../plugins/db-unavailable.js';
import type { Db } from './pool.js';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export function withTransaction<T>(db: Db, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return transaction<T, undefined>(db, 'BEGIN', run);
}

/** Who a request acts for: the signed-in user, and the browser tab they act from, if it said. */
export interface Actor {
  userId: number;
  tab?: string;
  /** The session (JWT jti) to confirm live before anything is written (requireUser 'write'). */
  confirmSession?: string;
}

/** A tab's id as the SPA makes it (src/lib/api-client.ts): safe to write into SQL text. */
export const TAB_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;
/** A session's id (a JWT's jti, a UUID): safe to write into SQL text. */
export const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A transaction for a request acting for a signed-in user: live events name them (and their
 * tab) for the changes it makes, where the row itself does not say who made them (migrations 019
 * and 020), so the tab that made a change can tell it is its own and the user's other tabs still
 * follow it. With `confirmSession`, the session must still be live, or nothing runs and the
 * request answers 401. One round trip, as BEGIN alone: every value is checked before it goes
 * into the text. `first`, a read the change starts from (the record's access check, a new
 * ticket's defaults), goes out with BEGIN in the same round trip (the pool's clients pipeline);
 * `run` gets its answer once the session is confirmed, and its error (a 404) rolls back.
 * (Give `first`'s parameter a type, `(tx: Queryable) => …`, so its answer types `run`'s.)
 */
export function withUserTransaction<T, F = undefined>(
  db: Db,
  actor: Actor,
  run: (client: pg.PoolClient, first: F) => Promise<T>,
  first?: (client: pg.PoolClient) => Promise<F>,
): Promise<T> {
  const { userId, tab, confirmSession } = actor;
  if (!Number.isSafeInteger(userId)) throw new Error(`not a user id: ${userId}`);
  if (tab !== undefined && !TAB_ID_PATTERN.test(tab)) throw new Error('not a tab id');
  const settings = [`set_config('helpdesk.actor_id', '${userId}', true)`];
  if (tab !== undefined) settings.push(`set_config('helpdesk.actor_tab', '${tab}', true)`);
  if (confirmSession !== undefined) {
    if (!SESSION_ID_PATTERN.test(confirmSession)) throw new Error('not a session id');
    settings.push(`EXISTS (SELECT 1 FROM sessions WHERE jti = '${confirmSession}'
      AND user_id = ${userId} AND revoked_at IS NULL AND expires > now()) AS live`);
  }
  const check = (begun: pg.QueryResult | pg.QueryResult[]) => {
    if (confirmSession === undefined) return;
    const rows = Array.isArray(begun) ? begun[1]?.rows : undefined;
    if (rows?.[0]?.live !== true) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  };
  return transaction(db, `BEGIN; SELECT ${settings.join(', ')}`, run, check, first);
}

/**
 * Reads on one connection of the pool: what `run` sends at once goes out at once (the pool's
 * clients pipeline), and a call holds one connection instead of one per statement.
 */
export async function onOneConnection<T>(
  db: Db,
  run: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.connect();
  let broken: Error | undefined;
  try {
    return await run(client);
  } catch (err) {
    if (isDatabaseUnavailable(err)) broken = err as Error;
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * Promise.all for statements sent together on a transaction's client: it waits for every one to
 * settle before it answers or throws (the first failure in order), so no statement of the set is
 * still on its way, to land outside the transaction, when the caller rolls back.
 */
export async function together<T extends readonly unknown[] | []>(
  work: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled<readonly unknown[]>(work);
  const values: unknown[] = [];
  for (const s of settled) {
    if (s.status === 'rejected') throw s.reason;
    values.push(s.value);
  }
  return values as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}

async function transaction<T, F>(
  db: Db,
  begin: string,
  run: (client: pg.PoolClient, first: F) => Promise<T>,
  /** Looks at what `begin` answered; throws to roll back before anything is written. */
  check?: (begun: pg.QueryResult | pg.QueryResult[]) => void,
  first?: (client: pg.PoolClient) => Promise<F>,
): Promise<T> {
  const client = await db.connect();
  // Set when the connection may be broken: the client is then destroyed, not reused.
  let broken: Error | undefined;
  try {
    // Both are sent before either is awaited: one round trip. The session's check decides
    // first (a 401 before a 404), then the read's own error.
    const [begun, read] = await Promise.allSettled([
      client.query(begin),
      first ? first(client) : Promise.resolve(undefined as F),
    ]);
    if (begun.status === 'rejected') throw begun.reason;
    check?.(begun.value);
    if (read.status === 'rejected') throw read.reason;
    const result = await run(client, read.value);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    if (isDatabaseUnavailable(err)) broken = err as Error;
    // Nothing half-written stays: roll back, or, if even that fails, drop the connection (the
    // server rolls back a transaction whose connection is gone).
    await client.query('ROLLBACK').catch((rollbackErr: Error) => {
      broken ??= rollbackErr;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
