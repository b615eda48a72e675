// The rules engine: triggers run after a ticket's change commits, in order, with `stop`; their
// actions write history (actor none, the trigger named), mails and service levels as a person's
// change does; loop protection; no mail to the product's own addresses or to machines; a
// regular expression that runs away is cut off; an action that cannot run yet is retried.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handleNext } from '../../events/outbox.js';
import { rulesConsumer } from '../../rules/engine.js';
import { startSlaEnv, type SlaEnv } from '../sla/sla-env.js';
import { caller, person, type Person } from '../work-helpers.js';

let env: SlaEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let agent: Person;
let alice: Person;
let ana: Person;
const warnings: { obj: object; msg: string }[] = [];
const log = {
  info: () => undefined,
  warn: (obj: object, msg: string) => void warnings.push({ obj, msg }),
  error: (obj: object, msg: string) => void warnings.push({ obj, msg }),
};

// A Wednesday, 10:00 in Madrid: within office hours.
const WEDNESDAY_10 = new Date('2026-03-04T09:00:00Z');

beforeAll(async () => {
  env = await startSlaEnv(WEDNESDAY_10);
  call = caller(env);
  admin = await person(env, 'Admin Engine', true, true);
  agent = await person(env, 'Agent Engine', true);
  alice = await person(env, 'Alice Engine');
  ana = await person(env, 'Ana Motor');
  await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [ana.id]);
}, 60_000);
afterAll(() => env.close());

beforeEach(async () => {
  warnings.length = 0;
  // Each test has its own triggers; the outbox keeps nothing between tests.
  await env.db.query('DELETE FROM triggers');
  await env.db.query(`DELETE FROM event_outbox`);
});

const consumer = () =>
  rulesConsumer(
    { queue: env.queue, config: env.config, clock: env.clock, jwtSecret: env.jobs.jwtSecret },
    log,
  );

/** Runs the rules consumer until no event is due (what a worker does after each change). */
async function runRules(): Promise<void> {
  const c = consumer();
  while (await handleNext(env.db, c, log));
}

async function trigger(body: object): Promise<{ id: number; name: string }> {
  const res = await call('POST', '/api/triggers', admin.token, {
    event: 'ticket_created',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function template(body: object): Promise<number> {
  const res = await call('POST', '/api/templates', admin.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

async function raise(by: Person, extra: object = {}) {
  const res = await call('POST', '/api/ticket/', by.token, {
    subject: 'Printer on fire',
    description: '<p>Smoke everywhere.</p>',
    priority_id: 2,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; version: number };
}

async function ticket(id: number) {
  const res = await call('GET', `/api/ticket/${id}/`, agent.token);
  return res.json().data;
}

async function history(id: number) {
  const { rows } = await env.db.query<{
    action: string;
    actor_id: string | null;
    details: Record<string, unknown>;
  }>(`SELECT action, actor_id, details FROM record_events WHERE record_id = $1 ORDER BY id`, [id]);
  return rows;
}

const ruleEvents = async (id: number) =>
  (await history(id)).filter((e) => e.details.rule !== undefined);

/** The `mail.send` jobs about a ticket made by rules (the log's kind `rule`). */
async function ruleMails(recordId: number) {
  const { rows } = await env.db.query<{
    to: string;
    subject: string;
    html: string;
    text: string;
    auto: boolean;
  }>(
    `SELECT j.data->'mail'->>'to' AS to, j.data->'mail'->>'subject' AS subject,
            j.data->'mail'->>'html' AS html, j.data->'mail'->>'text' AS text,
            (j.data->'mail'->>'autoSubmitted')::boolean AS auto
       FROM pgboss.job j JOIN record_mail_log l ON l.id = (j.data->>'logId')::bigint
      WHERE j.name = 'mail.send' AND l.record_id = $1 AND l.kind = 'rule'
      ORDER BY l.id`,
    [recordId],
  );
  return rows;
}

async function update(id: number, changes: object) {
  const current = await ticket(id);
  const res = await call('PUT', `/api/ticket/${id}/`, agent.token, {
    version: current.version,
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('triggers on a new ticket', () => {
  it('run their actions after the change, as a person would, and history names the trigger', async () => {
    const tag = (await env.db.query(`INSERT INTO tags (name) VALUES ('hardware') RETURNING id`))
      .rows[0].id as number;
    await env.db.query(
      `INSERT INTO custom_fields (object_type, key, type, label_en, label_es, choices)
       VALUES ('T', 'product', 'single_choice', 'Product', 'Producto',
               '[{"value":"printer","label_en":"Printer","label_es":"Impresora"}]')`,
    );
    const note = await template({
      name: 'Triage note',
      body_en: '<p>Moved by rule for {{requester.name}}</p>',
    });
    const t = await trigger({
      name: 'Printers to Hardware',
      conditions: [
        { field: 'subject', operator: 'contains', value: 'printer' },
        { field: 'channel', operator: 'is', value: ['web'] },
        { field: 'actor', operator: 'is', value: ['requester'] },
        { field: 'business_hours', operator: 'within' },
      ],
      actions: [
        { type: 'set_desk', desk_id: 2 },
        { type: 'set_priority', priority_id: 3 },
        { type: 'set_status', status_id: 2 },
        { type: 'set_assignee', agent_id: agent.id },
        { type: 'add_tags', tag_ids: [tag] },
        { type: 'set_fields', values: { product: 'printer' } },
        { type: 'add_note', template_id: note },
      ],
    });
    const { id } = await raise(alice);
    // Nothing happened yet: the requester's call does not wait for the rules.
    expect((await ticket(id)).priority_id).toBe(2);
    await runRules();
    const after = await ticket(id);
    expect(after).toMatchObject({
      hd_id: 2,
      priority_id: 3,
      status_id: 2,
      assignee_id: agent.id,
      fields: { product: 'printer' },
    });
    expect(after.tags.map((x: { name: string }) => x.name)).toEqual(['hardware']);
    const events = await ruleEvents(id);
    expect(events.map((e) => e.action)).toEqual([
      'moved',
      'updated',
      'status_changed',
      'assigned',
      'tagged',
      'updated',
      'worklog_added',
    ]);
    for (const e of events) {
      expect(e.actor_id).toBeNull();
      expect(e.details.rule).toEqual({ id: t.id, name: 'Printers to Hardware' });
      expect(e.details.rule_chain).toEqual({ depth: 1, triggers: [t.id] });
    }
    // Agents see which trigger did it in the history; the requester sees the change only.
    const seen = async (who: Person) =>
      (await call('GET', `/api/ticket/${id}/history/`, who.token))
        .json()
        .data.find((h: { action: string }) => h.action === 'moved').details;
    expect(await seen(agent)).toMatchObject({ to: 'Hardware', rule: { id: t.id } });
    expect(await seen(alice)).toEqual({ from: 'IT Support', to: 'Hardware' });
    const worklog = await call('GET', `/api/ticket/${id}/worklog/`, agent.token);
    expect(worklog.json().data.map((m: { body: string }) => m.body)).toEqual([
      '<p>Moved by rule for Alice Engine</p>',
    ]);
    // The service levels followed the new priority, as for a person's change.
    const sla = await env.db.query(`SELECT sla_policy_id FROM records WHERE id = $1`, [id]);
    expect(sla.rows).toHaveLength(1);
    // The assignee heard of it, as from a person.
    const assigned = await env.db.query(
      `SELECT count(*)::int AS n FROM record_mail_log WHERE record_id = $1 AND kind = 'assigned'`,
      [id],
    );
    expect(assigned.rows[0].n).toBe(1);
  });

  it('skip a trigger whose conditions do not hold, and run with `any` when one holds', async () => {
    await trigger({
      name: 'All of',
      conditions: [
        { field: 'subject', operator: 'contains', value: 'printer' },
        { field: 'priority', operator: 'is', value: [4] },
      ],
      actions: [{ type: 'set_status', status_id: 3 }],
    });
    await trigger({
      name: 'Any of',
      match: 'any',
      conditions: [
        { field: 'subject', operator: 'contains', value: 'printer' },
        { field: 'priority', operator: 'is', value: [4] },
      ],
      actions: [{ type: 'set_priority', priority_id: 1 }],
    });
    const { id } = await raise(alice);
    await runRules();
    expect(await ticket(id)).toMatchObject({ status_id: 1, priority_id: 1 });
  });

  it('run in order, and a trigger with stop ends the run', async () => {
    const first = await trigger({
      name: 'First',
      actions: [{ type: 'set_priority', priority_id: 4 }],
    });
    const second = await trigger({
      name: 'Second',
      stop: true,
      actions: [{ type: 'set_priority', priority_id: 3 }],
    });
    await trigger({ name: 'Third', actions: [{ type: 'set_status', status_id: 3 }] });
    const { id } = await raise(alice);
    await runRules();
    expect(await ticket(id)).toMatchObject({ priority_id: 3, status_id: 1 });

    // Reordered: Second (stop) first, so First and Third never run.
    await call('POST', '/api/triggers/order', admin.token, {
      ids: [
        second.id,
        first.id,
        (await env.db.query(`SELECT id FROM triggers WHERE name = 'Third'`)).rows[0].id,
      ],
    });
    const other = await raise(alice);
    await runRules();
    expect(await ticket(other.id)).toMatchObject({ priority_id: 3, status_id: 1 });
  });
});

describe('loop protection', () => {
  it('two triggers that would ping-pong run once more at most, never on their own change', async () => {
    // Up first: in the person's change only Down holds; Up holds for Down's change.
    // (`is_not`: the editor refuses the plain pair `is 1 → 3`, `is 3 → 1` as a cycle.)
    const up = await trigger({
      name: 'Up',
      event: 'ticket_updated',
      conditions: [{ field: 'priority', operator: 'is_not', value: [3] }],
      actions: [{ type: 'set_priority', priority_id: 3 }],
    });
    const down = await trigger({
      name: 'Down',
      event: 'ticket_updated',
      conditions: [{ field: 'priority', operator: 'is', value: [3] }],
      actions: [{ type: 'set_priority', priority_id: 1 }],
    });
    const { id } = await raise(alice);
    await update(id, { priority_id: 3 });
    await runRules();
    const events = await ruleEvents(id);
    // Down (for the person's change), then Up (for Down's change), then nothing.
    expect(events.map((e) => (e.details.rule as { name: string }).name)).toEqual(['Down', 'Up']);
    expect(events.map((e) => e.details.rule_chain)).toEqual([
      { depth: 1, triggers: [down.id] },
      { depth: 2, triggers: [down.id, up.id] },
    ]);
    expect((await ticket(id)).priority_id).toBe(3);
    expect(await env.db.query(`SELECT 1 FROM event_outbox`).then((r) => r.rowCount)).toBe(0);
  });

  it('a trigger that answers every update does not answer its own', async () => {
    const note = await template({ name: 'Seen', body_en: '<p>Seen</p>' });
    await trigger({
      name: 'Note every update',
      event: 'ticket_updated',
      actions: [{ type: 'add_note', template_id: note }],
    });
    const { id } = await raise(alice);
    await update(id, { priority_id: 4 });
    await runRules();
    const notes = (await history(id)).filter((e) => e.action === 'worklog_added');
    expect(notes).toHaveLength(1);
  });

  it('`changed to` and `changed from` see the values of this change', async () => {
    await trigger({
      name: 'Escalated',
      event: 'ticket_updated',
      conditions: [
        { field: 'change', attribute: 'priority', operator: 'changed_from', value: 2 },
        { field: 'change', attribute: 'priority', operator: 'changed_to', value: 4 },
        { field: 'actor', operator: 'is', value: ['agent'] },
      ],
      actions: [{ type: 'set_status', status_id: 2 }],
    });
    const { id } = await raise(alice);
    await runRules();
    await update(id, { subject: 'Printer on fire, still' });
    await runRules();
    expect((await ticket(id)).status_id).toBe(1);
    await update(id, { priority_id: 4 });
    await runRules();
    expect((await ticket(id)).status_id).toBe(2);
  });
});

describe('mails from triggers', () => {
  it('are auto-submitted, in the recipient language, placeholders escaped in the HTML', async () => {
    const ack = await template({
      name: 'Acknowledge',
      subject_en: 'We got {{ticket.subject}}',
      body_en: '<p>Hello {{requester.name}}, about {{ticket.subject}}</p>',
      subject_es: 'Recibimos {{ticket.subject}}',
      body_es: '<p>Hola {{requester.name}}</p>',
    });
    await trigger({
      name: 'Ack',
      actions: [{ type: 'send_mail', template_id: ack, to: 'requester' }],
    });
    const en = await raise(alice, { subject: 'Printer <b>bold</b> & co' });
    const es = await raise(ana, { subject: 'Impresora' });
    await runRules();
    expect(await ruleMails(en.id)).toEqual([
      {
        to: alice.email,
        subject: `[#${en.id}] We got Printer <b>bold</b> & co`,
        html: '<p>Hello Alice Engine, about Printer &#60;b&#62;bold&#60;/b&#62; &#38; co</p>',
        text: 'Hello Alice Engine, about Printer <b>bold</b> & co',
        auto: true,
      },
    ]);
    expect(await ruleMails(es.id)).toMatchObject([
      { to: ana.email, subject: `[#${es.id}] Recibimos Impresora`, auto: true },
    ]);
    // The timeline says which trigger mailed what, to agents only.
    const asAgent = await call('GET', `/api/ticket/${en.id}/history/`, agent.token);
    expect(asAgent.json().data).toContainEqual(
      expect.objectContaining({
        action: 'mailed',
        actor_name: null,
        details: expect.objectContaining({
          template: 'Acknowledge',
          to: alice.email,
          rule: expect.objectContaining({ name: 'Ack' }),
        }),
      }),
    );
    const asRequester = await call('GET', `/api/ticket/${en.id}/history/`, alice.token);
    expect(asRequester.statusCode).toBe(200);
    const seen = asRequester.json().data as { action: string; details: object }[];
    expect(seen.map((e) => e.action)).not.toContain('mailed');
    expect(seen.every((e) => !('rule' in e.details))).toBe(true);
  });

  it('never go to the product’s own addresses nor to a sender whose mail was auto-submitted', async () => {
    await env.db.query(
      `INSERT INTO mail_channels (hd_id, address) VALUES (1, 'support@helpdesk.test')
       ON CONFLICT DO NOTHING`,
    );
    await env.db.query(
      `INSERT INTO inbound_mails (hd_id, message_key, source, size, state, reason, from_email)
       VALUES (1, '<robot@x>', 'smtp', 1, 'ignored', 'auto_submitted', 'robot@example.net')`,
    );
    const ack = await template({ name: 'Copy', subject_en: 'Copy', body_en: '<p>Copy</p>' });
    for (const address of ['SUPPORT@helpdesk.test', 'robot@example.net', 'boss@example.net'])
      await trigger({
        name: `Copy to ${address}`,
        actions: [{ type: 'send_mail', template_id: ack, to: 'address', address }],
      });
    const { id } = await raise(alice);
    await runRules();
    expect((await ruleMails(id)).map((m) => m.to)).toEqual(['boss@example.net']);
    expect(warnings.some((w) => w.msg.includes('does not mail its own addresses'))).toBe(true);
  });
});

describe('faults', () => {
  it('a regular expression that backtracks forever is cut off and counts as no match', async () => {
    await trigger({
      name: 'Runaway',
      conditions: [{ field: 'subject', operator: 'matches', value: '^(a+)+$' }],
      actions: [{ type: 'set_priority', priority_id: 4 }],
    });
    const { id } = await raise(alice, { subject: `${'a'.repeat(40)}!` });
    const started = Date.now();
    await runRules();
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await ticket(id)).priority_id).toBe(2);
    expect(warnings.map((w) => w.msg)).toContain('a rule pattern ran out of time');
  });

  it('a failing action undoes the trigger’s earlier ones and is retried, never the person’s write', async () => {
    await trigger({
      name: 'Round robin',
      actions: [{ type: 'set_priority', priority_id: 4 }, { type: 'assign_next' }],
    });
    const { id } = await raise(alice);
    // The assignment rule's table is gone for a moment: the action fails with a database error.
    await env.db.query('ALTER TABLE desk_assignment RENAME TO desk_assignment_away');
    try {
      await runRules();
    } finally {
      await env.db.query('ALTER TABLE desk_assignment_away RENAME TO desk_assignment');
    }
    // The earlier action was rolled back with it: nothing half done.
    expect((await ticket(id)).priority_id).toBe(2);
    const { rows } = await env.db.query(
      `SELECT attempts, last_error FROM event_outbox WHERE record_id = $1`,
      [id],
    );
    expect(rows[0]).toMatchObject({ attempts: 1 });
    expect(rows[0].last_error).toMatch(/desk_assignment/);
    expect(warnings.map((w) => w.msg)).toContain('event handling failed; it will be retried');

    // Once due again, the whole trigger runs: the priority and the desk's next agent.
    await env.db.query(`UPDATE event_outbox SET available_at = now() WHERE record_id = $1`, [id]);
    await runRules();
    const after = await ticket(id);
    expect(after.priority_id).toBe(4);
    expect(after.assignee_id).not.toBeNull();
    const history = await env.db.query<{ details: Record<string, unknown> }>(
      `SELECT details FROM record_events WHERE record_id = $1 AND action = 'assigned'`,
      [id],
    );
    expect(history.rows).toHaveLength(1);
    expect(history.rows[0].details).toMatchObject({
      automatic: 'desk_rule',
      rule: { name: 'Round robin' },
    });
  });
});

describe('more actions and events', () => {
  it('apply a macro: its status, priority, assignee, categories and its text as the desk’s reply', async () => {
    const category = (
      await env.db.query(`INSERT INTO categories (name) VALUES ('Printers') RETURNING id`)
    ).rows[0].id as number;
    const macro = (
      await env.db.query(
        `INSERT INTO macros (name, body, status_id, priority_id, assignee_id, category_ids)
         VALUES ('Known issue', '<p>Hi {{requester_name}}, #{{ticket_id}} is known.</p>', 3, 4, $1, $2)
         RETURNING id`,
        [agent.id, [category]],
      )
    ).rows[0].id as number;
    await trigger({ name: 'Known', actions: [{ type: 'apply_macro', macro_id: macro }] });
    const { id } = await raise(alice);
    await runRules();
    expect(await ticket(id)).toMatchObject({ status_id: 3, priority_id: 4, assignee_id: agent.id });
    const thread = await call('GET', `/api/ticket/${id}/communication/`, alice.token);
    expect(thread.json().data.map((m: { body: string }) => m.body)).toEqual([
      `<p>Hi Alice Engine, #${id} is known.</p>`,
    ]);
    expect((await history(id)).map((e) => e.action)).toContain('classified');
    // The requester hears of the reply, as a notification from the desk.
    const { rows } = await env.db.query(
      `SELECT l.to_email, (j.data->'mail'->>'autoSubmitted')::boolean AS auto
         FROM record_mail_log l JOIN pgboss.job j ON (j.data->>'logId')::bigint = l.id
        WHERE l.record_id = $1 AND l.kind = 'message'`,
      [id],
    );
    expect(rows).toEqual([{ to_email: alice.email, auto: true }]);
  });

  it('remove tags and unassign; mail the assignee, the desk’s agents and the followers', async () => {
    const tag = (await env.db.query(`INSERT INTO tags (name) VALUES ('stale') RETURNING id`))
      .rows[0].id as number;
    const note = await template({ name: 'Heads-up', subject_en: 'Heads-up', body_en: '<p>x</p>' });
    await trigger({
      name: 'Tidy',
      event: 'ticket_updated',
      conditions: [{ field: 'change', attribute: 'assignee', operator: 'changed' }],
      actions: [
        { type: 'send_mail', template_id: note, to: 'assignee' },
        { type: 'send_mail', template_id: note, to: 'followers' },
        { type: 'remove_tags', tag_ids: [tag] },
        { type: 'set_assignee', agent_id: null },
      ],
    });
    const { id } = await raise(alice);
    await env.db.query(`UPDATE records SET tag_ids = $2 WHERE id = $1`, [id, [tag]]);
    await runRules();
    const current = await ticket(id);
    const res = await call('PUT', `/api/ticket/${id}/assign/`, agent.token, {
      assignee_id: agent.id,
      version: current.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    await runRules();
    const after = await ticket(id);
    expect(after).toMatchObject({ assignee_id: null, tags: [] });
    expect((await ruleMails(id)).map((m) => m.to).sort()).toEqual(
      [agent.email, alice.email].sort(),
    );

    await env.db.query('DELETE FROM triggers');
    await trigger({
      name: 'Desk agents',
      actions: [{ type: 'send_mail', template_id: note, to: 'desk_agents' }],
    });
    const other = await raise(alice);
    await runRules();
    expect((await ruleMails(other.id)).map((m) => m.to)).toEqual(
      expect.arrayContaining([admin.email, agent.email]),
    );
  });

  it('tell a requester’s message from an agent’s, and run on a service-level breach', async () => {
    await trigger({
      name: 'Requester wrote',
      event: 'requester_message',
      conditions: [{ field: 'body', operator: 'contains', value: 'urgent' }],
      actions: [{ type: 'set_priority', priority_id: 4 }],
    });
    await trigger({
      name: 'Agent wrote',
      event: 'agent_message',
      actions: [{ type: 'set_status', status_id: 3 }],
    });
    await trigger({
      name: 'Breached',
      event: 'sla_breach',
      actions: [{ type: 'set_priority', priority_id: 1 }],
    });
    const { id } = await raise(alice);
    await runRules();
    await call('POST', `/api/ticket/${id}/communication/`, alice.token, {
      body: '<p>This is URGENT</p>',
    });
    await runRules();
    expect(await ticket(id)).toMatchObject({ priority_id: 4, status_id: 1 });
    await call('POST', `/api/ticket/${id}/communication/`, agent.token, { body: '<p>On it</p>' });
    await runRules();
    expect(await ticket(id)).toMatchObject({ priority_id: 4, status_id: 3 });
    await env.db.query(
      `INSERT INTO record_events (record_id, action, details)
       VALUES ($1, 'sla_breach', '{"target": "resolution"}')`,
      [id],
    );
    await runRules();
    expect((await ticket(id)).priority_id).toBe(1);
  });

  it('call_webhook queues a signed delivery of the ticket to the endpoint, none when it is off', async () => {
    const endpoint = (
      await env.db.query<{ id: number }>(
        `INSERT INTO webhook_endpoints (url, secret, events)
         VALUES ('https://hooks.example.com/in', 'sealed', '{}') RETURNING id`,
      )
    ).rows[0].id;
    try {
      await trigger({ name: 'Hook', actions: [{ type: 'call_webhook', webhook_id: endpoint }] });
      const { id } = await raise(alice);
      await runRules();
      const deliveries = await env.db.query<{ event: string; payload: { data: unknown } }>(
        `SELECT event, payload FROM webhook_deliveries WHERE endpoint_id = $1 AND record_id = $2`,
        [endpoint, id],
      );
      expect(deliveries.rows).toHaveLength(1);
      expect(deliveries.rows[0].event).toBe('trigger.called');
      expect(deliveries.rows[0].payload.data).toMatchObject({
        ticket: { id, subject: 'Printer on fire' },
        trigger: { name: 'Hook' },
      });

      await env.db.query('UPDATE webhook_endpoints SET active = false WHERE id = $1', [endpoint]);
      const second = await raise(alice);
      await runRules();
      const none = await env.db.query(`SELECT 1 FROM webhook_deliveries WHERE record_id = $1`, [
        second.id,
      ]);
      expect(none.rowCount).toBe(0);
      expect(warnings.map((w) => JSON.stringify(w.obj))).toContainEqual(
        expect.stringContaining(`webhook endpoint ${endpoint} is off or gone`),
      );
    } finally {
      await env.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [endpoint]);
    }
  });
});

describe('an action that can never run', () => {
  it('is skipped and logged, and the trigger’s other actions still run', async () => {
    const leaver = await person(env, 'Agent Leaving', true);
    await trigger({
      name: 'Give to the leaver',
      actions: [
        { type: 'set_assignee', agent_id: leaver.id },
        { type: 'set_priority', priority_id: 4 },
      ],
    });
    await env.db.query(`UPDATE users SET deactivated_at = now() WHERE id = $1`, [leaver.id]);
    const { id } = await raise(alice);
    await runRules();
    expect(await ticket(id)).toMatchObject({ assignee_id: null, priority_id: 4 });
    expect(warnings.map((w) => w.msg)).toContain('a rule action was skipped');
    expect(await env.db.query(`SELECT 1 FROM event_outbox`).then((r) => r.rowCount)).toBe(0);
  });
});
