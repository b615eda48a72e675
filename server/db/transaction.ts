// One way to run several statements atomically: a change and its history row commit together.
import type pg from 'pg';
import { isDatabaseUnavailable } from '../plugins/db-unavailable.js';
import type { Db } from './pool.js';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export function withTransaction<T>(db: Db, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return transaction(db, 'BEGIN', run);
}

/**
 * A transaction for a request acting for a signed-in user: live events name them for changes
 * whose row does not say who made it (migration 019), so their own tabs can tell the change is
 * theirs. One round trip, as BEGIN alone: the id is an integer written into the text.
 */
export function withUserTransaction<T>(
  db: Db,
  userId: number,
  run: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (!Number.isSafeInteger(userId)) throw new Error(`not a user id: ${userId}`);
  return transaction(db, `BEGIN; SELECT set_config('helpdesk.actor_id', '${userId}', true)`, run);
}

async function transaction<T>(
  db: Db,
  begin: string,
  run: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.connect();
  // Set when the connection may be broken: the client is then destroyed, not reused.
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await run(client);
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
