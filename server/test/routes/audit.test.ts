// The audit log (docs/audit.md): what each path writes, the table that refuses changes, the
// administrators' list and CSV export, and the retention job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../audit/csv.js';
import { purgeAuditLog } from '../../audit/retention.js';
import { writeAudit } from '../../audit/write.js';
import { withUserTransaction } from '../../db/transaction.js';
import { totpCode } from '../../lib/totp.js';
import { auth, createUser, login, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';
import { person, type Person } from '../work-helpers.js';

let env: TestEnv;
let admin: Person;
let agent: Person;

beforeAll(async () => {
  env = await startTestEnv({
    loginDelayBaseSeconds: 60,
    loginMaxFailures: 1,
    loginMaxFailuresPerIp: 1000,
  });
  admin = await person(env, 'Audrey Audit', true, true);
  agent = await person(env, 'Arno Agent', true);
});
afterAll(() => env.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  env.app.inject({ method, url, headers, payload });

interface Entry {
  id: number;
  at: string;
  actor_id: number | null;
  actor_label: string;
  address: string | null;
  kind: string;
  target_kind: string | null;
  target_id: string | null;
  outcome: 'success' | 'failure';
  reason: string | null;
  details: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null };
}

/** The newest entries of a kind, through the API as an admin reads them. */
async function entries(query: Record<string, string | number>): Promise<Entry[]> {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const res = await call('GET', `/api/audit?${qs}`, auth(admin.token));
  expect(res.statusCode).toBe(200);
  return res.json().data.items as Entry[];
}

const newest = async (kind: string, userId?: number) =>
  (await entries(userId === undefined ? { kind } : { kind, user_id: userId }))[0];

describe('sign-ins and sign-outs', () => {
  it('writes a password sign-in, its failures with the reason, and a sign-out', async () => {
    const u = await createUser(env);
    const address = '203.0.113.9';
    const wrong = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { str_username: u.email, str_password: 'not it' },
      remoteAddress: address,
    });
    expect(wrong.statusCode).toBe(401);
    expect(await newest('sign_in.password', u.id)).toMatchObject({
      outcome: 'failure',
      reason: 'wrong_password',
      actor_label: u.email,
      address,
    });

    // Throttled now: the first failure's delay is still running for this account and address.
    const again = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { str_username: u.email, str_password: u.password },
      remoteAddress: address,
    });
    expect(again.statusCode).toBe(429);
    const throttled = (await entries({ kind: 'sign_in.password' })).find(
      (e) => e.actor_label === u.email && e.reason === 'throttled',
    );
    expect(throttled).toMatchObject({ outcome: 'failure', address });

    const nobody = `nobody-${Date.now()}@example.com`;
    expect((await login(env, nobody, 'whatever')).statusCode).toBe(401);
    const unknown = (await entries({ kind: 'sign_in.password' })).find(
      (e) => e.actor_label === nobody,
    );
    expect(unknown).toMatchObject({
      actor_id: null,
      outcome: 'failure',
      reason: 'unknown_account',
    });

    const token = await tokenFor(env, u.email, u.password);
    expect(await newest('sign_in.password', u.id)).toMatchObject({
      outcome: 'success',
      reason: null,
      actor_label: u.email,
    });
    expect((await call('POST', '/api/logout', auth(token))).statusCode).toBe(200);
    expect(await newest('sign_out', u.id)).toMatchObject({ outcome: 'success' });
  });

  it('writes the code step: a wrong code, a reused code, a recovery code, and two-step off', async () => {
    const u = await createUser(env);
    const token = await tokenFor(env, u.email, u.password);
    const setup = await call('POST', '/api/user/me/two-step/setup', auth(token), {});
    const secret = setup.json().data.secret as string;
    const confirm = await call('POST', '/api/user/me/two-step/confirm', auth(token), {
      code: totpCode(secret, Date.now()),
    });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().data.recovery_codes as string[];
    expect(await newest('two_step.on', u.id)).toMatchObject({ outcome: 'success' });

    const challenge = async () => {
      const res = await login(env, u.email, u.password);
      return res.json().data.challenge as string;
    };
    // The code just used to turn it on: accepted once only.
    const reused = await call(
      'POST',
      '/api/login/two-step',
      {},
      {
        challenge: await challenge(),
        code: totpCode(secret, Date.now()),
      },
    );
    expect(reused.statusCode).toBe(400);
    expect(await newest('sign_in.code', u.id)).toMatchObject({
      outcome: 'failure',
      reason: 'reused_code',
    });
    await env.db.query('DELETE FROM auth_throttle');
    const wrongCode = totpCode(secret, Date.now() + 10 * 30_000);
    const wrong = await call(
      'POST',
      '/api/login/two-step',
      {},
      {
        challenge: await challenge(),
        code: wrongCode,
      },
    );
    expect(wrong.statusCode).toBe(400);
    expect(await newest('sign_in.code', u.id)).toMatchObject({ reason: 'wrong_code' });
    await env.db.query('DELETE FROM auth_throttle');

    const recovered = await call(
      'POST',
      '/api/login/two-step',
      {},
      {
        challenge: await challenge(),
        recovery_code: codes[0],
      },
    );
    expect(recovered.statusCode).toBe(200);
    expect(await newest('sign_in.code', u.id)).toMatchObject({
      outcome: 'success',
      reason: 'recovery_code_used',
    });

    const fresh = recovered.json().data.token as string;
    const off = await call('POST', '/api/user/me/two-step/disable', auth(fresh), {
      password: u.password,
      code: codes[1],
    });
    expect(off.statusCode).toBe(200);
    expect(await newest('two_step.off', u.id)).toMatchObject({ outcome: 'success' });
  });
});

describe('API tokens', () => {
  it('writes a creation, a revocation, and each refusal: missing scope, expired, revoked', async () => {
    const made = await call('POST', '/api/user/me/tokens', auth(agent.token), {
      name: 'Audit probe',
      scopes: ['tickets:read'],
    });
    const { token, secret } = made.json().data as { token: { id: number }; secret: string };
    expect(await newest('api_token.created', agent.id)).toMatchObject({
      target_kind: 'api_token',
      target_id: String(token.id),
      details: { after: { name: 'Audit probe', scopes: ['tickets:read'] } },
    });
    const bearer = { authorization: `Bearer ${secret}` };

    const outside = await call('POST', '/api/ticket/', bearer, { subject: 'x' });
    expect(outside.statusCode).toBe(403);
    expect(await newest('api_token.refused', agent.id)).toMatchObject({
      outcome: 'failure',
      reason: 'missing_scope',
      target_id: String(token.id),
    });

    await env.db.query(
      `UPDATE api_tokens SET expires = now() - interval '1 minute' WHERE id = $1`,
      [token.id],
    );
    expect((await call('GET', '/api/admin/users/', bearer)).statusCode).toBe(401);
    expect(await newest('api_token.refused', agent.id)).toMatchObject({ reason: 'expired' });

    expect(
      (await call('DELETE', `/api/user/me/tokens/${token.id}`, auth(agent.token))).statusCode,
    ).toBe(200);
    expect(await newest('api_token.revoked', agent.id)).toMatchObject({
      target_id: String(token.id),
    });
    expect((await call('GET', '/api/admin/users/', bearer)).statusCode).toBe(401);
    const refused = (await entries({ kind: 'api_token.refused' }))[0];
    expect(refused).toMatchObject({ actor_id: null, reason: 'revoked_or_unknown' });
  });
});

describe('configuration changes', () => {
  it("writes a desk's access change with before and after, as the admin who made it", async () => {
    const res = await call('PUT', '/api/admin/helpdesks/4/', auth(admin.token), {
      restricted: true,
      member_ids: [agent.id],
    });
    expect(res.statusCode).toBe(200);
    const e = await newest('helpdesk.access_changed', admin.id);
    expect(e).toMatchObject({
      actor_label: admin.email,
      target_kind: 'helpdesk',
      target_id: '4',
      details: {
        before: { restricted: false, member_ids: [] },
        after: { restricted: true, member_ids: [agent.id] },
      },
    });
    await call('PUT', '/api/admin/helpdesks/4/', auth(admin.token), {
      restricted: false,
      member_ids: [],
    });
  });

  it("writes a trigger's creation, change and deletion from the table, secrets never", async () => {
    const body = {
      name: 'Audit me',
      event: 'ticket_created',
      actions: [{ type: 'set_priority', priority_id: 3 }],
    };
    const made = await call('POST', '/api/triggers', auth(admin.token), body);
    expect(made.statusCode).toBe(200);
    const id = made.json().data.id as number;
    expect(await newest('trigger.created', admin.id)).toMatchObject({
      target_kind: 'trigger',
      target_id: String(id),
      details: { before: null, after: { name: 'Audit me' } },
    });
    const changed = await call('PUT', `/api/triggers/${id}`, auth(admin.token), {
      ...body,
      name: 'Audit me harder',
    });
    expect(changed.statusCode).toBe(200);
    const e = await newest('trigger.changed', admin.id);
    expect(e.details.before).toMatchObject({ name: 'Audit me' });
    expect(e.details.after).toMatchObject({ name: 'Audit me harder' });
    expect((await call('DELETE', `/api/triggers/${id}`, auth(admin.token))).statusCode).toBe(200);
    expect(await newest('trigger.deleted', admin.id)).toMatchObject({
      details: { before: { name: 'Audit me harder' }, after: null },
    });

    const hook = await call('POST', '/api/webhooks', auth(admin.token), {
      url: 'https://hooks.example.com/audit',
      events: ['ticket.created'],
    });
    if (hook.statusCode === 200) {
      const w = await newest('webhook.created', admin.id);
      expect(w.details.after).toMatchObject({ secret: '[hidden]' });
      expect(JSON.stringify(w)).not.toContain(hook.json().data.secret);
    }
  });

  it('writes nothing for a change that rolls back', async () => {
    const kind = `test.rolled_back_${Date.now()}`;
    await expect(
      withUserTransaction(env.db, { userId: admin.id }, async (tx) => {
        await writeAudit(tx, { kind, actorId: admin.id });
        await tx.query(`UPDATE triggers SET name = name || '!'`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await entries({ kind })).toEqual([]);
  });

  it('writes the retention setting as a change with before and after', async () => {
    const put = await call('PUT', '/api/audit/settings', auth(admin.token), { retention_days: 90 });
    expect(put.statusCode).toBe(200);
    expect((await call('GET', '/api/audit/settings', auth(admin.token))).json().data).toEqual({
      retention_days: 90,
    });
    const e = await newest('setting.changed', admin.id);
    expect(e ?? (await newest('setting.created', admin.id))).toMatchObject({
      target_id: 'audit_retention_days',
    });
    const bad = await call('PUT', '/api/audit/settings', auth(admin.token), { retention_days: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.retention_days).toBe(
      'Retention must be a whole number of days from 30 to 3650.',
    );
  });
});

describe('the table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even as its owner', async () => {
    await writeAudit(env.db, { kind: 'test.untouchable' });
    await expect(env.db.query(`UPDATE audit_log SET kind = 'x'`)).rejects.toThrow(/append-only/);
    await expect(env.db.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    await expect(env.db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    expect((await entries({ kind: 'test.untouchable' })).length).toBe(1);
  });

  it('gives a role with only INSERT and SELECT no way to update, yet lets it write and purge', async () => {
    const role = `audit_writer_${process.pid}_${Date.now()}`;
    await env.db.query(`CREATE ROLE ${role} NOLOGIN`);
    try {
      await env.db.query(`GRANT SELECT, INSERT ON audit_log TO ${role}`);
      await env.db.query(`GRANT SELECT ON users, app_settings TO ${role}`);
      const client = await env.db.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SET LOCAL ROLE ${role}`);
        await client.query(
          `INSERT INTO audit_log (kind, outcome) VALUES ('test.insert_only', 'success')`,
        );
        await client.query('SAVEPOINT s');
        await expect(
          client.query(`UPDATE audit_log SET kind = 'x' WHERE kind = 'test.insert_only'`),
        ).rejects.toMatchObject({
          code: '42501',
          message: expect.stringMatching(/permission denied/),
        });
        await client.query('ROLLBACK TO SAVEPOINT s');
        await client.query(`SELECT set_config('helpdesk.audit_purge', 'on', true)`);
        await expect(client.query(`DELETE FROM audit_log`)).rejects.toMatchObject({
          code: '42501',
          message: expect.stringMatching(/permission denied/),
        });
        await client.query('ROLLBACK TO SAVEPOINT s');
        expect((await client.query('SELECT audit_log_purge(10) AS n')).rows[0].n).toBe(0);
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
    } finally {
      await env.db.query(`REVOKE ALL ON audit_log, users, app_settings FROM ${role}`);
      await env.db.query(`DROP ROLE ${role}`);
    }
  });
});

describe('the list and the export', () => {
  it('answers 403 to anyone but an admin and 401 to nobody, and has no write path', async () => {
    for (const url of ['/api/audit', '/api/audit/export.csv', '/api/audit/settings']) {
      const res = await call('GET', url, auth(agent.token));
      expect(res.statusCode).toBe(403);
      expect((await call('GET', url, {})).statusCode).toBe(401);
    }
    const one = (await entries({}))[0];
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      for (const url of [`/api/audit/${one.id}`, '/api/audit', '/api/audit/export.csv']) {
        const res = await call(method, url, auth(admin.token), { kind: 'x' });
        expect(res.statusCode).toBe(404);
      }
    }
  });

  it('filters by user, kind and dates, newest first, and refuses a reversed range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const mine = await entries({ user_id: admin.id, from: today, to: today });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actor_id === admin.id)).toBe(true);
    const ids = mine.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await entries({ to: '2000-01-01' })).toEqual([]);
    const bad = await call('GET', '/api/audit?from=2026-02-01&to=2026-01-01', auth(admin.token));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.from).toBe('The start date must not be after the end date.');
  });

  it('exports CSV with formula cells prefixed, and writes the export itself', async () => {
    const kind = `test.csv_${Date.now()}`;
    for (const label of ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tx', '\rx', 'plain']) {
      await writeAudit(env.db, { kind, actorLabel: label, reason: label });
    }
    const res = await call('GET', `/api/audit/export.csv?kind=${kind}`, auth(admin.token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_id,actor,address,kind,target_kind,target_id,outcome,reason,details',
    );
    expect(lines.length).toBe(8);
    expect(res.body).toContain(`,"'=HYPERLINK(""http://x"")",`);
    expect(res.body).toContain(`,'+1,`);
    expect(res.body).toContain(`,'-2,`);
    expect(res.body).toContain(`,'@SUM(A1),`);
    expect(res.body).toContain(`,'\tx,`);
    expect(res.body).toContain(`,"'\rx",`);
    expect(res.body).toContain(`,plain,`);
    expect(res.body).not.toMatch(/,[=+\-@]/);
    expect(await newest('audit.exported', admin.id)).toMatchObject({
      details: { filter: { kind } },
    });
  });

  it('prefixes every formula start in a cell', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-')).toBe("'-");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
  });
});

describe('retention', () => {
  it('deletes the rows past the setting in batches and keeps the rest', async () => {
    await env.db.query(
      `INSERT INTO app_settings (key, value) VALUES ('audit_retention_days', '40')
       ON CONFLICT (key) DO UPDATE SET value = '40'`,
    );
    const kind = `test.retention_${Date.now()}`;
    await env.db.query(
      `INSERT INTO audit_log (kind, outcome, at)
       SELECT $1, 'success', now() - make_interval(days => d)
         FROM generate_series(38, 45) d`,
      [kind],
    );
    const gone = await purgeAuditLog(env.db, 2);
    expect(gone).toBeGreaterThanOrEqual(5);
    const left = await env.db.query<{ days: number }>(
      `SELECT extract(day FROM now() - at)::int AS days FROM audit_log WHERE kind = $1 ORDER BY at`,
      [kind],
    );
    expect(left.rows.map((r) => r.days)).toEqual([39, 38]);
  });
});
