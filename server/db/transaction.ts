// One way to run several statements atomically: a change and its history row commit together.
import type pg from 'pg';
import { HttpError, UNAUTHORIZED_MESSAGE } from '../lib/http-error.js';
import { isDatabaseUnavailable } from '../plugins/db-unavailable.js';
import type { Db } from './pool.js';
import { prepared, type BuiltQuery } from './prepared.js';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export function withTransaction<T>(db: Db, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return transaction<T, undefined>(db, undefined, run);
}

/** Who a request acts for: the signed-in user, and the browser tab they act from, if it said. */
export interface Actor {
  userId: number;
  tab?: string;
  /** The caller's address, for the audit log's rows written by triggers (migration 047). */
  address?: string;
  /** The session (JWT jti) to confirm live before anything is written (a route's session: 'write'). */
  confirmSession?: string;
}

/**
 * A transaction for a request acting for a signed-in user: live events name them (and their
 * tab) for the changes it makes, where the row itself does not say who made them (migrations 019
 * and 020), so the tab that made a change can tell it is its own and the user's other tabs still
 * follow it. With `confirmSession`, the session must still be live, or nothing runs and the
 * request answers 401. One round trip, as BEGIN alone: the settings and the session's check are
 * a named statement sent with BEGIN. `first`, a read the change starts from (the record's
 * access check, a new ticket's defaults), goes out in the same round trip (the pool's clients
 * pipeline); `run` gets its answer once the session is confirmed, and its error (a 404) rolls
 * back. (Give `first`'s parameter a type, `(tx: Queryable) => …`, so its answer types `run`'s.)
 */
export function withUserTransaction<T, F = undefined>(
  db: Db,
  actor: Actor,
  run: (client: pg.PoolClient, first: F) => Promise<T>,
  first?: (client: pg.PoolClient) => Promise<F>,
): Promise<T> {
  const { userId, tab, address, confirmSession } = actor;
  const values: unknown[] = [String(userId)];
  const columns = [`set_config('helpdesk.actor_id', $1, true)`];
  if (address !== undefined) {
    values.push(address);
    columns.push(`set_config('helpdesk.actor_address', $${values.length}, true)`);
  }
  if (tab !== undefined) {
    values.push(tab);
    columns.push(`set_config('helpdesk.actor_tab', $${values.length}, true)`);
  }
  if (confirmSession !== undefined) {
    values.push(confirmSession, userId);
    columns.push(`EXISTS (SELECT 1 FROM sessions WHERE jti = $${values.length - 1}::uuid
      AND user_id = $${values.length}::bigint AND revoked_at IS NULL AND expires > now()) AS live`);
  }
  const check = (begun: pg.QueryResult) => {
    if (confirmSession !== undefined && begun.rows[0]?.live !== true)
      throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  };
  return transaction(db, prepared(`SELECT ${columns.join(', ')}`, values), run, check, first);
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
  /** A statement sent right after BEGIN (the actor's settings), in the same round trip. */
  setup: BuiltQuery | undefined,
  run: (client: pg.PoolClient, first: F) => Promise<T>,
  /** Looks at what `setup` answered; throws to roll back before anything is written. */
  check?: (begun: pg.QueryResult) => void,
  first?: (client: pg.PoolClient) => Promise<F>,
): Promise<T> {
  const client = await db.connect();
  // Set when the connection may be broken: the client is then destroyed, not reused.
  let broken: Error | undefined;
  try {
    // All are sent before any is awaited: one round trip. The session's check decides first
    // (a 401 before a 404), then the read's own error.
    const [begun, settings, read] = await Promise.allSettled([
      client.query('BEGIN'),
      setup ? client.query(setup) : Promise.resolve(undefined),
      first ? first(client) : Promise.resolve(undefined as F),
    ]);
    if (begun.status === 'rejected') throw begun.reason;
    if (settings.status === 'rejected') throw settings.reason;
    if (settings.value) check?.(settings.value);
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
