// Time-based rules: each time condition, once per matching period (and again after the ticket
// left and re-entered it), two passes at once acting once, the preview's count and first ten,
// and the routes' 400 / 403.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAutomationPass } from '../../rules/automations.js';
import { policyInput, startSlaEnv, type SlaEnv } from '../sla/sla-env.js';
import { caller, person, type Person } from '../work-helpers.js';

let env: SlaEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let agent: Person;
let alice: Person;
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

// A Wednesday, 10:00 in Madrid (office hours 9 to 5).
const NOW = new Date('2026-03-04T09:00:00Z');
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

beforeAll(async () => {
  env = await startSlaEnv(NOW);
  call = caller(env);
  admin = await person(env, 'Admin Timed', true, true);
  agent = await person(env, 'Agent Timed', true);
  alice = await person(env, 'Alice Timed');
}, 60_000);
afterAll(() => env.close());

beforeEach(async () => {
  env.clock.set(NOW);
  await env.db.query('DELETE FROM automations');
  await env.db.query('DELETE FROM triggers');
  // Earlier tests' tickets are closed: each test sees only its own open ones.
  await env.db.query(`UPDATE records SET status_id = 5 WHERE object_type = 'T' AND status_id <> 5`);
});

const pass = () =>
  runAutomationPass(
    {
      db: env.db,
      queue: env.queue,
      config: env.config,
      clock: env.clock,
      jwtSecret: env.jobs.jwtSecret,
    },
    log,
  );

async function automation(body: object): Promise<{ id: number; name: string }> {
  const res = await call('POST', '/api/automations', admin.token, { name: 'Rule', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function template(name: string): Promise<number> {
  const res = await call('POST', '/api/templates', admin.token, {
    name,
    subject_en: `${name} {{ticket.id}}`,
    body_en: `<p>${name}</p>`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** A ticket raised by Alice, then put in `status` since `since`, created at `created`. */
async function ticket(
  opts: { status?: number; since?: Date; created?: Date; priority?: number; subject?: string } = {},
): Promise<number> {
  const res = await call('POST', '/api/ticket/', alice.token, {
    subject: opts.subject ?? 'Waiting on something',
    description: '<p>Hello</p>',
    priority_id: opts.priority ?? 2,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  const created = opts.created ?? ago(HOUR);
  await env.db.query(`UPDATE records SET status_id = $2, created_at = $3 WHERE id = $1`, [
    id,
    opts.status ?? 2,
    created,
  ]);
  await env.db.query(`UPDATE records SET status_changed_at = $2 WHERE id = $1`, [
    id,
    opts.since ?? created,
  ]);
  return id;
}

const statusOf = async (id: number) =>
  (await env.db.query(`SELECT status_id FROM records WHERE id = $1`, [id])).rows[0].status_id;

async function ruleMails(recordId: number) {
  const { rows } = await env.db.query<{ to: string; auto: boolean }>(
    `SELECT j.data->'mail'->>'to' AS to, (j.data->'mail'->>'autoSubmitted')::boolean AS auto
       FROM pgboss.job j JOIN record_mail_log l ON l.id = (j.data->>'logId')::bigint
      WHERE j.name = 'mail.send' AND l.record_id = $1 AND l.kind = 'rule'`,
    [recordId],
  );
  return rows;
}

/** How many times a rule tagged the ticket with `tag` (history `tagged` naming a rule). */
async function tagCount(recordId: number, tag: number) {
  const { rows } = await env.db.query(
    `SELECT count(*)::int AS n FROM record_events e JOIN tags t ON t.id = $2
      WHERE e.record_id = $1 AND e.action = 'tagged' AND e.details->'rule' IS NOT NULL
        AND e.details::text LIKE '%' || t.name || '%'`,
    [recordId, tag],
  );
  return rows[0].n as number;
}

async function newTag(name: string): Promise<number> {
  return (await env.db.query(`INSERT INTO tags (name) VALUES ($1) RETURNING id`, [name])).rows[0]
    .id;
}

describe('time-based rules', () => {
  it('close tickets pending for more than the hours, mail once, name the rule in history', async () => {
    const bye = await template('Closed for silence');
    const rule = await automation({
      name: 'Close pending 7 days',
      time_conditions: [{ field: 'status_for', status_id: 3, hours: 168 }],
      actions: [
        { type: 'send_mail', template_id: bye, to: 'requester' },
        { type: 'set_status', status_id: 5 },
      ],
    });
    const stale = await ticket({ status: 3, since: ago(170 * HOUR) });
    const fresh = await ticket({ status: 3, since: ago(100 * HOUR) });
    const openLong = await ticket({ status: 2, since: ago(300 * HOUR) });

    expect(await pass()).toBe(1);
    expect(await statusOf(stale)).toBe(5);
    expect(await statusOf(fresh)).toBe(3);
    expect(await statusOf(openLong)).toBe(2);
    const mails = await ruleMails(stale);
    expect(mails).toEqual([{ to: alice.email, auto: true }]);
    const { rows } = await env.db.query(
      `SELECT actor_id, details->'rule' AS rule FROM record_events
        WHERE record_id = $1 AND action = 'status_changed' ORDER BY id DESC LIMIT 1`,
      [stale],
    );
    expect(rows[0]).toEqual({
      actor_id: null,
      rule: { id: rule.id, name: 'Close pending 7 days', kind: 'automation' },
    });
    // The history as agents read it names the rule too.
    const hist = await call('GET', `/api/ticket/${stale}/history/`, agent.token);
    expect(hist.statusCode, hist.body).toBe(200);
    expect(JSON.stringify(hist.json())).toContain('"kind":"automation"');

    expect(await pass()).toBe(0);
    expect(await ruleMails(stale)).toHaveLength(1);
  });

  it('acts once per period, and again after the ticket left the state and came back', async () => {
    const nudge = await template('Still waiting');
    await automation({
      time_conditions: [{ field: 'status_for', status_id: 3, hours: 2 }],
      actions: [{ type: 'send_mail', template_id: nudge, to: 'requester' }],
    });
    const id = await ticket({ status: 3, since: ago(3 * HOUR) });
    expect(await pass()).toBe(1);
    expect(await pass()).toBe(0);
    env.clock.advance(10 * HOUR);
    expect(await pass()).toBe(0);
    expect(await ruleMails(id)).toHaveLength(1);

    // Open again, then pending again: a new period.
    await env.db.query(`UPDATE records SET status_id = 2 WHERE id = $1`, [id]);
    await env.db.query(`UPDATE records SET status_id = 3 WHERE id = $1`, [id]);
    await env.db.query(`UPDATE records SET status_changed_at = $2 WHERE id = $1`, [
      id,
      new Date(env.clock.now().getTime() - HOUR),
    ]);
    expect(await pass()).toBe(0);
    env.clock.advance(2 * HOUR);
    expect(await pass()).toBe(1);
    expect(await ruleMails(id)).toHaveLength(2);
  });

  it('created more than N days ago, with the triggers’ conditions', async () => {
    const tag = await newTag('old-timer');
    await automation({
      match: 'all',
      conditions: [{ field: 'subject', operator: 'contains', value: 'printer' }],
      time_conditions: [{ field: 'created_ago', days: 7 }],
      actions: [{ type: 'add_tags', tag_ids: [tag] }],
    });
    const old = await ticket({ created: ago(8 * 24 * HOUR), subject: 'Printer jam' });
    const oldOther = await ticket({ created: ago(8 * 24 * HOUR), subject: 'Mouse' });
    const young = await ticket({ created: ago(6 * 24 * HOUR), subject: 'Printer jam' });
    expect(await pass()).toBe(1);
    expect(await tagCount(old, tag)).toBe(1);
    expect(await tagCount(oldOther, tag)).toBe(0);
    expect(await tagCount(young, tag)).toBe(0);
    // Created is one period for ever: removing the tag does not bring the rule back.
    await env.db.query(`UPDATE records SET tag_ids = '{}' WHERE id = $1`, [old]);
    expect(await pass()).toBe(0);
  });

  it('a due time within N minutes (not past, not later)', async () => {
    const tag = await newTag('due-soon');
    await automation({
      time_conditions: [{ field: 'due_within', minutes: 30 }],
      actions: [{ type: 'add_tags', tag_ids: [tag] }],
    });
    const soon = await ticket();
    const later = await ticket();
    const past = await ticket();
    const due = async (id: number, ms: number) =>
      env.db.query(`UPDATE records SET sla_due_at = $2 WHERE id = $1`, [
        id,
        new Date(NOW.getTime() + ms),
      ]);
    await due(soon, 20 * 60_000);
    await due(later, 2 * HOUR);
    await due(past, -60_000);
    expect(await pass()).toBe(1);
    expect(await tagCount(soon, tag)).toBe(1);
    expect(await tagCount(later, tag)).toBe(0);
    expect(await tagCount(past, tag)).toBe(0);
    // A new due time is a new period.
    await due(soon, 25 * 60_000);
    await env.db.query(`UPDATE records SET tag_ids = '{}' WHERE id = $1`, [soon]);
    expect(await pass()).toBe(1);
  });

  it('no requester reply for N business hours counts the desk’s office hours', async () => {
    const res = await call('POST', '/api/sla/policies/', admin.token, policyInput());
    expect(res.statusCode, res.body).toBe(200);
    const tag = await newTag('silent');
    // Tuesday 16:00 Madrid: until Wednesday 10:00 that is 18 hours, 2 of them office hours.
    const tuesday16 = new Date('2026-03-03T15:00:00Z');
    const message = (id: number, author: number, at: Date) =>
      env.db.query(
        `INSERT INTO record_messages (record_id, thread, author_id, body, created_at)
         VALUES ($1, 'communication', $2, '<p>Any news?</p>', $3)`,
        [id, author, at],
      );
    const waiting = await ticket({ priority: 3 });
    await message(waiting, agent.id, tuesday16);
    const answered = await ticket({ priority: 3 });
    await message(answered, agent.id, tuesday16);
    await message(answered, alice.id, ago(HOUR / 2));

    const three = await automation({
      name: 'Three hours',
      time_conditions: [{ field: 'no_requester_reply', business_hours: 3 }],
      actions: [{ type: 'add_tags', tag_ids: [tag] }],
    });
    expect(await pass()).toBe(0);
    await call('DELETE', `/api/automations/${three.id}`, admin.token);
    await automation({
      name: 'Two hours',
      time_conditions: [{ field: 'no_requester_reply', business_hours: 2 }],
      actions: [{ type: 'add_tags', tag_ids: [tag] }],
    });
    expect(await pass()).toBe(1);
    expect(await tagCount(waiting, tag)).toBe(1);
    expect(await tagCount(answered, tag)).toBe(0);
  });

  it('two passes at once: only one acts; a pass finding the lock taken does nothing', async () => {
    const nudge = await template('Nudge');
    await automation({
      time_conditions: [{ field: 'status_for', status_id: 3, hours: 1 }],
      actions: [{ type: 'send_mail', template_id: nudge, to: 'requester' }],
    });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await ticket({ status: 3, since: ago(2 * HOUR) }));

    const holder = await env.db.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtext('helpdesk.automations.pass'))`);
      expect(await pass()).toBeNull();
      for (const id of ids) expect(await ruleMails(id)).toHaveLength(0);
    } finally {
      await holder.query(`SELECT pg_advisory_unlock(hashtext('helpdesk.automations.pass'))`);
      holder.release();
    }

    const results = await Promise.all([pass(), pass()]);
    expect(results.reduce<number>((n, r) => n + (r ?? 0), 0)).toBe(5);
    for (const id of ids) expect(await ruleMails(id)).toHaveLength(1);
  });

  it('the preview counts the tickets matching now and lists the first ten', async () => {
    const ids = [];
    for (let i = 0; i < 12; i++)
      ids.push(await ticket({ status: 3, since: ago(5 * HOUR), subject: `Pending ${i}` }));
    await ticket({ status: 3, since: ago(HOUR) });
    const res = await call('POST', '/api/automations/preview', agent.token, {
      time_conditions: [{ field: 'status_for', status_id: 3, hours: 4 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.count).toBe(12);
    expect(data.more).toBe(false);
    expect(data.tickets).toEqual(
      ids.slice(0, 10).map((id, i) => ({ id, subject: `Pending ${i}` })),
    );

    const narrowed = await call('POST', '/api/automations/preview', agent.token, {
      conditions: [{ field: 'subject', operator: 'contains', value: 'pending 1' }],
      time_conditions: [{ field: 'status_for', status_id: 3, hours: 4 }],
    });
    // "Pending 1", "Pending 10", "Pending 11".
    expect(narrowed.json().data.count).toBe(3);
  });

  it('admins write, agents read, requesters get 403; bad parts are a 400 naming them', async () => {
    const body = {
      name: 'Guarded',
      time_conditions: [{ field: 'created_ago', days: 3 }],
      actions: [{ type: 'set_priority', priority_id: 4 }],
    };
    expect((await call('POST', '/api/automations', agent.token, body)).statusCode).toBe(403);
    expect((await call('GET', '/api/automations', alice.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/automations/preview', alice.token, body)).statusCode).toBe(
      403,
    );
    const created = await automation(body);
    const list = await call('GET', '/api/automations', agent.token);
    expect(list.json().data.map((a: { name: string }) => a.name)).toEqual(['Guarded']);
    expect((await call('GET', `/api/automations/${created.id}`, agent.token)).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/automations/${created.id}`, agent.token, body)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/automations/${created.id}`, agent.token)).statusCode).toBe(
      403,
    );

    const bad = async (extra: object) => {
      const res = await call('POST', '/api/automations', admin.token, {
        ...body,
        name: 'Bad',
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.json().fields ?? {});
    };
    expect(
      await bad({ conditions: [{ field: 'change', attribute: 'status', operator: 'changed' }] }),
    ).toContain('conditions.0.field');
    expect(
      await bad({ conditions: [{ field: 'actor', operator: 'is', value: ['agent'] }] }),
    ).toContain('conditions.0.field');
    expect(
      await bad({ time_conditions: [{ field: 'status_for', status_id: 5, hours: 2 }] }),
    ).toContain('time_conditions.0.status_id');
    expect(
      await bad({
        time_conditions: [
          { field: 'created_ago', days: 2 },
          { field: 'created_ago', days: 3 },
        ],
      }),
    ).toContain('time_conditions.1.field');
    expect((await bad({ time_conditions: [] })).join()).toContain('time_conditions');
    expect((await bad({ time_conditions: [{ field: 'created_ago', days: 0 }] })).join()).toContain(
      'time_conditions.0',
    );
    expect((await bad({ actions: [{ type: 'add_note', template_id: 99999 }] })).join()).toContain(
      'actions.0',
    );
    const { rows } = await env.db.query(`SELECT count(*)::int AS n FROM automations`);
    expect(rows[0].n).toBe(1);

    const put = await call('PUT', `/api/automations/${created.id}`, admin.token, {
      ...body,
      active: false,
    });
    expect(put.json().data.active).toBe(false);
    expect((await call('DELETE', `/api/automations/${created.id}`, admin.token)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/automations/${created.id}`, agent.token)).statusCode).toBe(404);
  });

  it('run now: an administrator queues one pass of the active rules; others cannot', async () => {
    const queued = async () =>
      (
        await env.db.query(
          `SELECT count(*)::int AS n FROM pgboss.job
            WHERE name = 'automations.pass' AND state = 'created'`,
        )
      ).rows[0].n as number;
    const body = {
      name: 'Run me',
      time_conditions: [{ field: 'created_ago', days: 3 }],
      actions: [{ type: 'set_priority', priority_id: 4 }],
    };
    const rule = await automation(body);
    const before = await queued();

    const run = await call('POST', `/api/automations/${rule.id}/run`, admin.token);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toEqual({ id: rule.id });
    expect(await queued()).toBe(before + 1);

    expect((await call('POST', `/api/automations/${rule.id}/run`, agent.token)).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/api/automations/${rule.id}/run`, alice.token)).statusCode).toBe(
      403,
    );
    const missing = await call('POST', '/api/automations/2147483647/run', admin.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This time-based rule does not exist.');
    await call('PUT', `/api/automations/${rule.id}`, admin.token, { ...body, active: false });
    const off = await call('POST', `/api/automations/${rule.id}/run`, admin.token);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('Turn this time-based rule on to run it.');
    expect(await queued()).toBe(before + 1);
  });
});
