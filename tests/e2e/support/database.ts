import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The e2e server's embedded database, for setup the product has no page for (a second helpdesk
 * agent). Its password and port are in the data folder (server/db/embedded.ts).
 */
export async function withE2eDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/helpdesk-e2e';
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/helpdesk`,
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A second helpdesk agent with the demo password (the demo data has one). */
export async function createAgent(email: string, fullname: string): Promise<void> {
  await withE2eDatabase((client) =>
    client.query(
      `INSERT INTO users (fullname, email, password_hash, user_is_hde, confirmed_at)
       SELECT $1, $2, password_hash, true, now() FROM users WHERE email = 'agent@example.com'`,
      [fullname, email],
    ),
  );
}
