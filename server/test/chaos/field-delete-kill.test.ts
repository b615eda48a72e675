// Chaos: kill -9 in the middle of deleting a custom field, on the real server and its own
// embedded PostgreSQL. The field's values are already taken off every ticket when the
// definition's own delete waits on a row lock held from outside: seen waiting in pg_locks, the
// API process and every database process are killed with SIGKILL. After a restart (crash
// recovery) the field and every ticket's value are still there; the delete then completes.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  embeddedClient,
  killEverything,
  loginAs,
  makeDataDir,
  startServer,
  stopAndRemove,
  waitUntil,
  type ServerProcess,
} from './server-process.js';

const TICKETS = 2000;

let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = makeDataDir('field-kill');
  server = await startServer(dataDir); // first start: initdb, migrations, demo accounts
}, 120000);

afterAll(() => stopAndRemove(server, dataDir), 60000);

async function carrying(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM records WHERE fields ? 'contract_id'`,
  );
  return rows[0].n;
}

async function fieldExists(db: pg.Client): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM custom_fields WHERE key = 'contract_id'`);
  return rowCount === 1;
}

describe('kill -9 while a custom field is deleted', () => {
  it('leaves the field and every value in place; the delete then completes', async () => {
    const admin = await loginAs(server.base, 'agent@example.com');
    const made = await call(server.base, 'POST', '/api/custom-fields', {
      token: admin,
      body: {
        object_type: 'T',
        key: 'contract_id',
        type: 'text',
        label_en: 'Contract',
        label_es: 'Contrato',
      },
    });
    expect(made.status).toBe(200);
    const fieldId = (made.body.data as { id: number }).id;

    const db = await embeddedClient(dataDir);
    await db.query(
      `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id, fields)
       SELECT 'T', 'Contract ticket ' || n, '<p>Under contract.</p>', u.id, h.id, s.id, 2,
              jsonb_build_object('contract_id', 'C-' || n)
         FROM generate_series(1, $1) AS n,
              (SELECT id FROM users WHERE email = 'alice@example.com') u,
              (SELECT id FROM helpdesks WHERE object_type = 'T' ORDER BY id LIMIT 1) h,
              (SELECT id FROM statuses WHERE object_type = 'T' ORDER BY id LIMIT 1) s`,
      [TICKETS],
    );
    const before = await carrying(db);
    expect(before).toBe(TICKETS);

    // Hold the delete halfway: the values are gone inside its transaction when the
    // definition's own delete waits for this row lock.
    await db.query('BEGIN');
    await db.query('SELECT 1 FROM custom_fields WHERE id = $1 FOR SHARE', [fieldId]);
    const deleting = call(server.base, 'DELETE', `/api/custom-fields/${fieldId}?confirm=true`, {
      token: admin,
      timeoutMs: 60000,
    }).catch((err: Error) => err);
    await waitUntil(
      async () =>
        (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`))
          .rows[0].n > 0,
      'the delete to wait inside its transaction',
    );
    await killEverything(server, dataDir);
    expect(await deleting).toBeInstanceOf(Error); // no answer: the process was gone
    await db.end().catch(() => undefined);

    server = await startServer(dataDir);
    const after = await embeddedClient(dataDir);
    try {
      expect(await fieldExists(after)).toBe(true);
      expect(await carrying(after)).toBe(TICKETS);

      const again = await loginAs(server.base, 'agent@example.com');
      const asked = await call(server.base, 'DELETE', `/api/custom-fields/${fieldId}`, {
        token: again,
      });
      expect(asked.status).toBe(409); // still needs the confirmation naming the count
      expect(String((asked.body as { message: string }).message)).toContain(String(TICKETS));
      const deleted = await call(
        server.base,
        'DELETE',
        `/api/custom-fields/${fieldId}?confirm=true`,
        { token: again, timeoutMs: 60000 },
      );
      expect(deleted.status).toBe(200);
      expect(deleted.body.data).toEqual({ id: fieldId, cleared: TICKETS });
      expect(await fieldExists(after)).toBe(false);
      expect(await carrying(after)).toBe(0);
    } finally {
      await after.end();
    }
  }, 180000);
});
