// One way to run several statements atomically: a change and its history row commit together.
import type pg from 'pg';
import { isDatabaseUnavailable } from '../plugins/db-unavailable.js';
import type { Db } from './pool.js';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export function withTransaction<T>(db: Db, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return transaction(db, 'BEGIN', run);
}

/** Who a request acts for: the signed-in user, and the browser tab they act from, if it said. */
export interface Actor {
  userId: number;
  tab?: string;
}

/** A tab's id as the SPA makes it (src/lib/api-client.ts): safe to write into SQL text. */
export const TAB_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;

/**
 * A transaction for a request acting for a signed-in user: live events name them (and their
 * tab) for the changes it makes, where the row itself does not say who made them (migrations 019
 * and 020), so the tab that made a change can tell it is its own and the user's other tabs still
 * follow it. One round trip, as BEGIN alone: both values are checked before they go into the text.
 */
export function withUserTransaction<T>(
  db: Db,
  actor: Actor,
  run: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const { userId, tab } = actor;
  if (!Number.isSafeInteger(userId)) throw new Error(`not a user id: ${userId}`);
  if (tab !== undefined && !TAB_ID_PATTERN.test(tab)) throw new Error('not a tab id');
  const settings = [`set_config('helpdesk.actor_id', '${userId}', true)`];
  if (tab !== undefined) settings.push(`set_config('helpdesk.actor_tab', '${tab}', true)`);
  return transaction(db, `BEGIN; SELECT ${settings.join(', ')}`, run);
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
