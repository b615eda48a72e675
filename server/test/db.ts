// A database of its own for one test file: cloned from the migrated template, dropped after.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrl } from './db-url.js';

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/** `migrated: false` gives an empty database (for migration tests). */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `helpdesk_test_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const template = opts.migrated === false ? 'template0' : inject('templateDatabase');
  await admin(async (client) => {
    // Two files cloning the same template at the same instant can collide; retry briefly.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (err) {
        if (
          attempt >= 10 ||
          !String((err as Error).message).includes('being accessed by other users')
        )
          throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt)); // backoff before the next try
      }
    }
  });
  return {
    name,
    url: databaseUrl(inject('adminUrl'), name),
    drop: () =>
      admin((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined),
      ),
  };
}
